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
}

/**
 * A literal with its key made once: the planner asks a literal's key many times over (commitments,
 * contradictions, duplicates, the agenda), and making the text each time was a good part of its garbage.
 */
export function groundLiteral(pred: string, args: readonly string[], positive: boolean): GroundLiteral {
  return { pred, args, positive, key: keyOf(pred, args, positive) };
}

/** Stable text key of a literal, e.g. `inside(apple_1,fridge_1)` or `!open(fridge_1)`. */
export function literalKey(lit: GroundLiteral): string {
  return lit.key ?? keyOf(lit.pred, lit.args, lit.positive);
}

function keyOf(pred: string, args: readonly string[], positive: boolean): string {
  return `${positive ? "" : "!"}${pred}(${args.join(",")})`;
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
 * Relations that say what an object rests on or in. An object has one support at a time, so two
 * positive support literals with different targets cannot both be made true.
 */
export const SUPPORT_PREDICATES: ReadonlySet<string> = new Set(["inside", "ontop", "onfloor", "under"]);
