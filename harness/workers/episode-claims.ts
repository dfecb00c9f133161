/**
 * The plan's next-episode counter and stop flag, shared by every lane of a parallel run (the main
 * thread and the worker threads) in one SharedArrayBuffer. A lane takes the next episode with one
 * atomic increment, so a worker thread that finishes an episode starts the next one at once instead of
 * waiting for the main thread's event loop to hand it over (which waits while the main lane steps).
 * Episodes are still claimed in plan order: 0, 1, 2, … whichever lane takes them.
 */
export class EpisodeClaims {
  private readonly cells: Int32Array;

  /**
   * @param count number of episodes in the plan
   * @param buffer an existing counter (another thread's), or a new one
   */
  constructor(
    readonly count: number,
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT),
  ) {
    this.cells = new Int32Array(buffer);
  }

  /** The next episode's index, or null when the plan is done or the run stopped (then nothing more is claimed). */
  next(): number | null {
    if (this.stopped) return null;
    const index = Atomics.add(this.cells, NEXT, 1);
    return index < this.count ? index : null;
  }

  /** How many episodes have been claimed (0 … count): these are the episodes that started. */
  get claimed(): number {
    return Math.min(Atomics.load(this.cells, NEXT), this.count);
  }

  /** No lane claims a further episode after this (the ones running finish). */
  stop(): void {
    Atomics.store(this.cells, STOP, 1);
  }

  get stopped(): boolean {
    return Atomics.load(this.cells, STOP) !== 0;
  }
}

const NEXT = 0;
const STOP = 1;
