import { STATES, type Ability } from "../scene/schema.ts";
import { inroom } from "./inroom.ts";
import { inside } from "./inside.ts";
import { nextto } from "./nextto.ts";
import { onfloor } from "./onfloor.ts";
import { overlaid } from "./overlaid.ts";
import { ontop } from "./ontop.ts";
import { touching } from "./touching.ts";
import { under } from "./under.ts";
import { hasState } from "./unary-states.ts";
import type { PredicateObject, RoomRef } from "./subject.ts";

/** A BDDL predicate: how many operands it takes, of which kind, and its test. */
export type PredicateDef =
  | { arity: 1; operands: readonly ["object"]; test: (a: PredicateObject) => boolean }
  | { arity: 2; operands: readonly ["object", "object"]; test: (a: PredicateObject, b: PredicateObject) => boolean }
  | { arity: 2; operands: readonly ["object", "room"]; test: (a: PredicateObject, room: RoomRef) => boolean };

const relation = (test: (a: PredicateObject, b: PredicateObject) => boolean): PredicateDef => ({
  arity: 2,
  operands: ["object", "object"],
  test,
});

/**
 * Unary predicates that read what an object can do rather than a state it is in: the ability each names.
 * They never change in an episode. BEHAVIOR-1K's `(insource ?sink.n.01_1 ?water.n.06_1)` reads as
 * `(water_source ?sink.n.01_1)` (sim/bddl/substances.ts).
 */
export const ABILITY_PREDICATES: Readonly<Record<string, Ability>> = Object.freeze({ water_source: "water_source" });

/**
 * Every predicate the simulator evaluates, by BDDL name: the geometric relations (`ontop`, `inside`,
 * `nextto`, `under`, `onfloor`, `touching`, `overlaid`), `inroom` (object, room), one unary predicate per state and
 * the {@link ABILITY_PREDICATES}.
 */
export const PREDICATES: Readonly<Record<string, PredicateDef>> = Object.freeze({
  ontop: relation(ontop),
  inside: relation(inside),
  nextto: relation(nextto),
  under: relation(under),
  onfloor: relation(onfloor),
  touching: relation(touching),
  overlaid: relation(overlaid),
  inroom: { arity: 2, operands: ["object", "room"], test: inroom },
  ...Object.fromEntries(
    STATES.map((state): [string, PredicateDef] => [
      state,
      { arity: 1, operands: ["object"], test: (a: PredicateObject) => hasState(a, state) },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(ABILITY_PREDICATES).map(([name, ability]): [string, PredicateDef] => [
      name,
      { arity: 1, operands: ["object"], test: (a: PredicateObject) => a.abilities.has(ability) },
    ]),
  ),
});

function isObject(arg: PredicateObject | RoomRef): arg is PredicateObject {
  return "box" in arg;
}

/**
 * Evaluates predicate `name` on `args`. Throws a `RangeError` naming the predicate for an unknown name,
 * a wrong number of operands or an operand of the wrong kind — callers validate goal files against
 * {@link PREDICATES} first, so this is a programming error, not a user one.
 */
export function evaluatePredicate(name: string, args: readonly (PredicateObject | RoomRef)[]): boolean {
  const def = Object.hasOwn(PREDICATES, name) ? PREDICATES[name] : undefined;
  if (!def) throw new RangeError(`unknown predicate "${name}"`);
  if (args.length !== def.arity) throw new RangeError(`predicate "${name}" takes ${def.arity} operand(s), got ${args.length}`);
  def.operands.forEach((kind, i) => {
    if ((kind === "object") !== isObject(args[i]!)) throw new RangeError(`predicate "${name}": operand ${i + 1} must be a ${kind}`);
  });
  switch (def.operands[1]) {
    case undefined:
      return (def.test as (a: PredicateObject) => boolean)(args[0] as PredicateObject);
    case "room":
      return (def.test as (a: PredicateObject, r: RoomRef) => boolean)(args[0] as PredicateObject, args[1] as RoomRef);
    default:
      return (def.test as (a: PredicateObject, b: PredicateObject) => boolean)(args[0] as PredicateObject, args[1] as PredicateObject);
  }
}
