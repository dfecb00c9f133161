import type { RunEvent } from "../runner/run-events.ts";

/**
 * Puts episode events that arrive from parallel workers back into plan order: the events of
 * episode i are passed on only after episode i-1's `episodeEnd`. The episode at the head streams
 * live; later ones wait in a buffer. Reporters thus see exactly the sequence a one-worker run emits,
 * which is what makes trajectories and results.json identical for any `--workers N`.
 */
export class OrderedEmitter {
  private cursor = 0;
  private readonly buffers: RunEvent[][];
  private readonly ended: boolean[];
  /** Whether any event of the episode has arrived. */
  private readonly started: boolean[];
  private resolveDrained!: () => void;
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  /** Resolves once every episode's `episodeEnd` has been passed on. */
  readonly drained: Promise<void>;

  /**
   * @param count number of episodes, indexed 0…count-1 in plan order
   * @param emit receives the events in plan order
   */
  constructor(
    readonly count: number,
    private readonly emit: (e: RunEvent) => void,
  ) {
    this.buffers = Array.from({ length: count }, () => []);
    this.ended = Array.from({ length: count }, () => false);
    this.started = Array.from({ length: count }, () => false);
    this.drained = new Promise((resolve) => (this.resolveDrained = resolve));
    if (count === 0) this.resolveDrained();
  }

  /**
   * Resolves once the first `count` episodes have been passed on to their end (a run stopped early
   * waits for the episodes it started, not for all).
   */
  passedOn(count: number): Promise<void> {
    if (this.cursor >= Math.min(count, this.count)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Index of the episode whose events are currently passed on live. */
  get head(): number {
    return this.cursor;
  }

  /**
   * Accepts an event of episode `index` (events of one episode must arrive in their own order).
   * @throws Error for an index out of range or an event after that episode's end
   */
  push(index: number, event: RunEvent): void {
    this.checkIndex(index);
    if (this.ended[index]) throw new Error(`event ${event.type} of episode ${index} arrived after its episodeEnd`);
    if (event.type === "episodeEnd") this.ended[index] = true;
    this.started[index] = true;
    if (index !== this.cursor) {
      this.buffers[index]!.push(event);
      return;
    }
    this.emit(event);
    if (event.type === "episodeEnd") this.advance();
  }

  /**
   * Passes over episode `index`, which never started (a run stopped before a lane took it, while lanes had
   * taken later ones): the episodes after it are passed on without waiting for it.
   * @throws Error for an index out of range or an episode that has events
   */
  skip(index: number): void {
    this.checkIndex(index);
    if (this.started[index]) throw new Error(`episode ${index} has events: it cannot be passed over`);
    if (this.ended[index]) throw new Error(`episode ${index} was passed over already`);
    this.ended[index] = true;
    if (index === this.cursor) this.advance();
  }

  private checkIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) throw new Error(`episode index ${index} is out of range 0…${this.count - 1}`);
  }

  private advance(): void {
    this.cursor++;
    while (this.cursor < this.count) {
      const waiting = this.buffers[this.cursor]!;
      this.buffers[this.cursor] = [];
      for (const e of waiting) this.emit(e);
      if (!this.ended[this.cursor]) break;
      this.cursor++;
    }
    this.waiters = this.waiters.filter((w) => (this.cursor >= Math.min(w.count, this.count) ? (w.resolve(), false) : true));
    if (this.cursor >= this.count) this.resolveDrained();
  }
}
