/**
 * What the planner chose last time at each choice point (an `or`, an `exists`, a `forn` subset, a
 * `forpairs` matching), keyed by the choice point's path in the goal. Replanning every step would
 * otherwise flip between equally good choices as objects move; a remembered choice is kept while it
 * costs at most {@link STICKINESS} more than the best one.
 */
export const STICKINESS = 0.5;

export class ChoiceMemory {
  private readonly chosen = new Map<string, string>();

  /** The choice remembered at `path`, if any. */
  get(path: string): string | undefined {
    return this.chosen.get(path);
  }

  set(path: string, choice: string): void {
    this.chosen.set(path, choice);
  }

  /**
   * Index of the option to take among `costs` (one per option, keys alike): the cheapest, unless the
   * remembered option is within {@link STICKINESS} of it. Ties go to the earliest option. -1 when every
   * option is infinitely expensive.
   */
  pick(path: string, keys: readonly string[], costs: readonly number[]): number {
    let best = -1;
    costs.forEach((c, i) => {
      if (Number.isFinite(c) && (best < 0 || c < costs[best]!)) best = i;
    });
    if (best < 0) return -1;
    const prior = this.chosen.get(path);
    const kept = prior === undefined ? -1 : keys.indexOf(prior);
    const choice = kept >= 0 && costs[kept]! <= costs[best]! + STICKINESS ? kept : best;
    this.chosen.set(path, keys[choice]!);
    return choice;
  }
}
