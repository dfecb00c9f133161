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
  /** Its {@link literalKey}, when made by {@link groundLiteral}. */
  readonly key?: string;
  /** Its {@link literalBody}, when made by {@link groundLiteral}. */
  readonly body?: string;
}

/**
 * A literal with its key and body made once: the planner asks a literal's key many times over (commitments,
 * contradictions, duplicates, the agenda), and making the text each time was a good part of its garbage.
 */
export function groundLiteral(pred: string, args: readonly string[], positive: boolean): GroundLiteral {
  const body = bodyOf(pred, args);
  return { pred, args, positive, key: positive ? body : `!${body}`, body };
}

/** Stable text key of a literal, e.g. `inside(apple_1,fridge_1)` or `!open(fridge_1)`. */
export function literalKey(lit: GroundLiteral): string {
  return lit.key ?? (lit.positive ? bodyOf(lit.pred, lit.args) : `!${bodyOf(lit.pred, lit.args)}`);
}

/** The key without its sign: the same for a literal and its negation, e.g. `open(fridge_1)`. */
export function literalBody(lit: GroundLiteral): string {
  return lit.body ?? bodyOf(lit.pred, lit.args);
}

function bodyOf(pred: string, args: readonly string[]): string {
  return `${pred}(${args.join(",")})`;
}

/** The same literal with the opposite sign. */
export function negate(lit: GroundLiteral): GroundLiteral {
  return groundLiteral(lit.pred, lit.args, !lit.positive);
}

/** Whether the literal holds in the world now (relations from geometry, states from the object). */
export function holdsLiteral(world: World, lit: GroundLiteral): boolean {
  return holdsAtom(world, lit.pred, lit.args) === lit.positive;
}

/**
 * Relations that say what an object rests on or in (a cloth `overlaid` on a thing rests on it). An object has
 * one support at a time, so two positive support literals with different targets cannot both be made true.
 */
export const SUPPORT_PREDICATES: ReadonlySet<string> = new Set(["inside", "ontop", "onfloor", "under", "overlaid"]);

/** The `place` relation that makes a support literal true: `onfloor` and a cloth's `overlaid` are made `ontop`. */
export function supportRelation(pred: string): "inside" | "ontop" | "under" {
  return pred === "onfloor" || pred === "overlaid" ? "ontop" : (pred as "inside" | "ontop" | "under");
}
