/**
 * The explorer's stopping rule for an agent going round in circles (a plate carried between two places that each
 * undo the other): it is stalled once `limit` steps in a row, searching aside, brought neither fewer goal literals
 * believed false than ever before nor anything seen for the first time. The oracle has the same rule
 * (`maxStallSteps`). Searching is bounded by its own budget, so its steps do not count.
 */
export class StallWatch {
  private fewestWanted = Infinity;
  private mostSeen = -1;
  private steps = 0;

  /** @param limit steps without progress after which the agent is stalled. */
  constructor(readonly limit: number) {}

  /**
   * Takes one step's standing: `wanted` literals believed false, `seen` objects and rooms observed, and whether the
   * step before was a search step. True when the agent has stalled.
   */
  stalled(wanted: number, seen: number, searched: boolean): boolean {
    if (wanted < this.fewestWanted || seen > this.mostSeen) {
      this.fewestWanted = Math.min(this.fewestWanted, wanted);
      this.mostSeen = Math.max(this.mostSeen, seen);
      this.steps = 0;
      return false;
    }
    if (!searched) this.steps++;
    return this.steps >= this.limit;
  }
}
