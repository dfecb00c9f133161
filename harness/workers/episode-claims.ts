/**
 * How far past the oldest unclaimed episode a lane may take one of a scene it already has: the most episodes
 * the ordered stream may have to hold back while an earlier one waits for a lane.
 */
export const CLAIM_LOOKAHEAD = 16;

/**
 * The plan's claim flags and stop flag, shared by every lane of a parallel run (the main thread and the worker
 * threads) in one SharedArrayBuffer. A lane takes its next episode with an atomic compare-and-exchange, so a
 * worker thread that finishes an episode starts the next one at once instead of waiting for the main
 * thread's event loop to hand it over (which waits while the main lane steps).
 *
 * Without scenes, episodes are claimed in plan order: 0, 1, 2, … whichever lane takes them. With each
 * episode's scene (`scenes`), a lane keeps to the scenes it has: among the unclaimed episodes from the oldest
 * up to {@link CLAIM_LOOKAHEAD} later, it takes the first whose scene it has run before, else the first whose
 * scene no lane has run, else the oldest. Each lane keeps the worlds of the scenes it ran last (its WorldPool), so
 * lanes that share the scenes out load fewer worlds and each works over less memory; the results do not
 * depend on which lane runs an episode, and the ordered stream puts them back in plan order. Since the
 * oldest unclaimed episode is always within reach, no episode waits behind more than the lookahead.
 */
export class EpisodeClaims {
  private readonly cells: Int32Array;
  /** Scene number of each episode (first-appearance order), or null: plan order. */
  private readonly sceneOf: Int32Array | null;
  /** The scenes this lane has claimed an episode of. */
  private readonly mine = new Set<number>();

  /**
   * @param count number of episodes in the plan
   * @param buffer the claims of another lane (its {@link buffer}), or none: new claims
   * @param scenes each episode's scene (any key: a path), or none: claim in plan order. Every lane must
   *   be given the same list.
   */
  constructor(
    readonly count: number,
    buffer?: SharedArrayBuffer,
    scenes?: readonly string[],
  ) {
    if (scenes && scenes.length !== count) throw new Error(`EpisodeClaims: ${scenes.length} scenes for ${count} episodes`);
    let sceneCount = 0;
    if (scenes) {
      const numbers = new Map<string, number>();
      this.sceneOf = new Int32Array(count);
      scenes.forEach((s, i) => {
        let n = numbers.get(s);
        if (n === undefined) numbers.set(s, (n = numbers.size));
        this.sceneOf![i] = n;
      });
      sceneCount = numbers.size;
    } else this.sceneOf = null;
    const cells = HEADER + count + sceneCount;
    this.buffer = buffer ?? new SharedArrayBuffer(cells * Int32Array.BYTES_PER_ELEMENT);
    if (this.buffer.byteLength !== cells * Int32Array.BYTES_PER_ELEMENT) {
      throw new Error(`EpisodeClaims: the shared buffer holds ${this.buffer.byteLength / 4} cells, these claims need ${cells}`);
    }
    this.cells = new Int32Array(this.buffer);
  }

  /** The shared state: give it to the other lanes' claims. */
  readonly buffer: SharedArrayBuffer;

  /** The next episode's index, or null when the plan is done or the run stopped (then nothing more is claimed). */
  next(): number | null {
    const c = this.cells;
    const n = this.count;
    const scenes = this.sceneOf;
    for (;;) {
      if (this.stopped) return null;
      const oldest = this.oldestUnclaimed();
      if (oldest >= n) return null;
      if (scenes) {
        const end = Math.min(n, oldest + CLAIM_LOOKAHEAD + 1);
        for (let i = oldest; i < end; i++) if (this.mine.has(scenes[i]!) && this.tryClaim(i)) return i;
        const holders = HEADER + n;
        for (let i = oldest; i < end; i++) if (Atomics.load(c, holders + scenes[i]!) === 0 && this.tryClaim(i)) return i;
      }
      if (this.tryClaim(oldest)) return oldest;
      // another lane took it meanwhile: look again
    }
  }

  /** How many episodes have been claimed (0 … count): these are the episodes that started. */
  get claimed(): number {
    return Atomics.load(this.cells, CLAIMED);
  }

  /** Whether episode `index` has been claimed (it started). */
  isClaimed(index: number): boolean {
    return Atomics.load(this.cells, HEADER + index) !== 0;
  }

  /** No lane claims a further episode after this (the ones running finish). */
  stop(): void {
    Atomics.store(this.cells, STOP, 1);
  }

  get stopped(): boolean {
    return Atomics.load(this.cells, STOP) !== 0;
  }

  /** Index of the oldest unclaimed episode (count: none), moving the shared mark past claimed ones. */
  private oldestUnclaimed(): number {
    const c = this.cells;
    const seen = Atomics.load(c, OLDEST);
    let i = seen;
    while (i < this.count && Atomics.load(c, HEADER + i) !== 0) i++;
    // the mark only moves forward: a lane that saw an older one leaves a newer one in place
    if (i > seen) Atomics.compareExchange(c, OLDEST, seen, i);
    return i;
  }

  /** Claims episode `i` if no lane has; notes its scene as this lane's. */
  private tryClaim(i: number): boolean {
    const c = this.cells;
    if (Atomics.compareExchange(c, HEADER + i, 0, 1) !== 0) return false;
    Atomics.add(c, CLAIMED, 1);
    const scene = this.sceneOf?.[i];
    if (scene !== undefined && !this.mine.has(scene)) {
      this.mine.add(scene);
      Atomics.add(c, HEADER + this.count + scene, 1);
    }
    return true;
  }
}

/** Cell layout: the oldest-unclaimed mark, the stop flag, the claimed count; then a flag per episode, then a lane count per scene. */
const OLDEST = 0;
const STOP = 1;
const CLAIMED = 2;
const HEADER = 3;
