import { formatAction, type Action } from "../../sim/actions.ts";

/**
 * Counts failures by key (an action, a way of achieving a literal, a literal) so the oracle stops
 * retrying what does not work and tries an alternative instead. Keys are plain strings chosen by callers.
 */
export class FailureMemory {
  private readonly counts = new Map<string, number>();
  private readonly exhausted = new Set<string>();
  /** Failed actions in the episode. */
  failedActions = 0;

  /** True while nothing has failed or been given up: callers skip making keys to look up. */
  get none(): boolean {
    return this.counts.size === 0 && this.exhausted.size === 0;
  }

  /** Records one failure of `key`. */
  note(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Marks `key` as not worth trying again in this episode. */
  exhaust(key: string): void {
    this.exhausted.add(key);
  }

  /** True when `key` was exhausted or has failed `limit` times. */
  isExhausted(key: string, limit: number): boolean {
    return this.exhausted.has(key) || this.count(key) >= limit;
  }
}

/** Failure-memory key of an exact action (kept apart from option keys, which often read alike). */
export function actionFailureKey(a: Action): string {
  return `action:${formatAction(a)}`;
}
