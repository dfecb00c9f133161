import type { GroundLiteral } from "../literal.ts";
import type { Achiever } from "./achiever.ts";
import { displaceAchiever } from "./displace.ts";
import { openStateAchiever } from "./open-state.ts";
import { placeRelationAchiever } from "./place-relation.ts";
import { STATE_ACHIEVERS } from "./states.ts";
import { toggleStateAchiever } from "./toggle-state.ts";

/**
 * The achievers the oracle uses, by predicate and sign. To teach the oracle a new predicate (a state
 * such as `cooked` or `soaked`), write an {@link Achiever} in its own file and add it to this list.
 */
export const DEFAULT_ACHIEVERS: readonly Achiever[] = [placeRelationAchiever, displaceAchiever, openStateAchiever, toggleStateAchiever, ...STATE_ACHIEVERS];

/** Looks achievers up by literal. A later entry for the same predicate and sign replaces an earlier one. */
export class AchieverRegistry {
  private readonly bySign = new Map<string, Achiever>();

  constructor(achievers: Iterable<Achiever> = DEFAULT_ACHIEVERS) {
    for (const a of achievers) this.register(a);
  }

  register(a: Achiever): this {
    for (const pred of a.predicates) {
      if (a.polarity !== "negative") this.bySign.set(`${pred}:+`, a);
      if (a.polarity !== "positive") this.bySign.set(`${pred}:-`, a);
    }
    return this;
  }

  /** The achiever for this literal's predicate and sign, if any. */
  find(lit: GroundLiteral): Achiever | undefined {
    return this.bySign.get(`${lit.pred}:${lit.positive ? "+" : "-"}`);
  }
}
