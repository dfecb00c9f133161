/** A thread lane whose thread has not taken its task yet. */
const PENDING = 0;
/** A thread lane whose thread has taken its task: it runs episodes until none is left. */
const STARTED = 1;
/** A thread lane called off before its thread took the task: the task returns at once, whenever it arrives. */
const CALLED_OFF = 2;

/**
 * Whether each thread lane of a parallel run has started, shared by the main thread and the pool's threads.
 *
 * A new thread takes its task only once it has loaded the simulator (~0.2 s on 2 cores). In a short run the
 * main thread's lane may take every episode before that: waiting for such a thread only to hear that nothing
 * is left, and then for it to close an agent it never needed, made `--workers 2` slower than `--workers 1` on
 * the default suite (0.32 – 0.41 s against 0.12 – 0.17 s in one warm process). So once every episode has been
 * taken, the main thread calls off the lanes that have not started: the run goes on without them.
 *
 * Each lane is settled once, by whichever side gets there first (compare-and-exchange on shared memory): a
 * thread that starts its lane runs it to the end, a lane called off never starts.
 */
export class LaneStarts {
  /** Shared memory: one state per lane (pass it to the threads with their tasks). */
  readonly buffer: SharedArrayBuffer;
  private readonly states: Int32Array;

  /** @param buffer another side's states (a thread's view), or none to make them (the main thread) */
  constructor(lanes: number, buffer?: SharedArrayBuffer) {
    this.buffer = buffer ?? new SharedArrayBuffer(4 * Math.max(1, lanes));
    this.states = new Int32Array(this.buffer);
    if (this.states.length < lanes) throw new RangeError(`lane states for ${this.states.length} lanes, not ${lanes}`);
  }

  /** The thread's side: starts lane `lane`; false when it had been called off (the task must then do nothing). */
  start(lane: number): boolean {
    return Atomics.compareExchange(this.states, lane, PENDING, STARTED) !== CALLED_OFF;
  }

  /** The main thread's side: calls off lane `lane` if its thread has not started it; true when it did. */
  callOff(lane: number): boolean {
    return Atomics.compareExchange(this.states, lane, PENDING, CALLED_OFF) === PENDING;
  }

  /** True when some lane's thread has started it (and so built the run's agent there). */
  anyStarted(): boolean {
    for (let i = 0; i < this.states.length; i++) if (Atomics.load(this.states, i) === STARTED) return true;
    return false;
  }
}
