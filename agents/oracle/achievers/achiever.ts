import type { OracleContext, Step } from "../context.ts";
import type { GroundLiteral } from "../literal.ts";

/** One way of making a literal true (e.g. "place the apple inside fridge_1"), tried until it fails too often. */
export interface AchieverOption {
  /** Names this way for failure counting, e.g. `place(apple_1, inside, fridge_1)`. */
  readonly key: string;
  /** The object this way carries in the hand, if any (literals about the held object are finished first). */
  readonly mover?: string;
  /** Where this way takes the mover, if anywhere (nearer targets are preferred). */
  readonly target?: string;
  /** The next action along this way from the current state, or why it cannot go on. */
  next(ctx: OracleContext): Step;
}

/**
 * Knows how to make literals of some predicates true (or false). Achievers are looked up by predicate
 * and sign in the registry (achievers/registry.ts); state achievers (clean, soak, cook, …) plug in there.
 */
export interface Achiever {
  /** Short name for logs. */
  readonly name: string;
  /** BDDL predicates it handles. */
  readonly predicates: readonly string[];
  /** Which literals of those predicates: positive ones, negated ones, or both. */
  readonly polarity: "positive" | "negative" | "both";
  /**
   * Rough effort to make the (currently false) literal true, ≥ 1 (about one per literal, more when the
   * object is hidden or far), or Infinity when it cannot be done. The planner compares choices with it.
   */
  estimate(lit: GroundLiteral, ctx: OracleContext): number;
  /** Ways to make the literal true, best first. */
  options(lit: GroundLiteral, ctx: OracleContext): AchieverOption[];
}
