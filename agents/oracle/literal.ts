import { holdsAtom } from "../../sim/task/atoms.ts";
import type { World } from "../../sim/world/world.ts";

/**
 * One ground BDDL literal the oracle wants to hold: a predicate over scene object ids (or `agent`),
 * possibly negated. `inroom`'s second argument stays a room type (or room id), as in BDDL.
 */
export interface GroundLiteral {
  readonly pred: string;
  readonly args: readonly string[];
  readonly positive: boolean;
}

/** Stable text key of a literal, e.g. `inside(apple_1,fridge_1)` or `!open(fridge_1)`. */
export function literalKey(lit: GroundLiteral): string {
  return `${lit.positive ? "" : "!"}${lit.pred}(${lit.args.join(",")})`;
}

/** The same literal with the opposite sign. */
export function negate(lit: GroundLiteral): GroundLiteral {
  return { pred: lit.pred, args: lit.args, positive: !lit.positive };
}

/** Whether the literal holds in the world now (relations from geometry, states from the object). */
export function holdsLiteral(world: World, lit: GroundLiteral): boolean {
  return holdsAtom(world, lit.pred, [...lit.args]) === lit.positive;
}

/**
 * Relations that say what an object rests on or in. An object has one support at a time, so two
 * positive support literals with different targets cannot both be made true.
 */
export const SUPPORT_PREDICATES: ReadonlySet<string> = new Set(["inside", "ontop", "onfloor", "under"]);
