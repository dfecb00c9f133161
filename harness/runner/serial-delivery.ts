import { Observable, type OperatorFunction, type Subscriber } from "rxjs";
import { isThenable } from "./thenable.ts";

/**
 * Delivers the values of one stream to a function, one at a time and in order, synchronously whenever it
 * can: a value is delivered inside the source's `next` call when no earlier delivery is pending and
 * `deliver` returns a non-thenable. When `deliver` returns a thenable, later values queue behind it and
 * are delivered in order once it has settled. This replaces `concatMap((v) => asyncDeliver(v))`, which
 * costs promises and an inner subscription per value even when the delivery is synchronous (one value per
 * simulation step in a run).
 *
 * - A `deliver` that throws or rejects errors the output with that error; queued values are dropped and
 *   later ones ignored.
 * - The source's completion is passed on once every value has been delivered; its error at once, dropping
 *   queued values (as `concatMap` does).
 * - A value the source emits from inside `deliver` (re-entrantly) is queued, never delivered in the middle
 *   of the delivery under way.
 *
 * The output emits no values: it only completes or errors. One instance serves one subscription (its state
 * is what {@link idle} reports); a second subscription errors.
 *
 * @example
 * const delivery = new SerialDelivery<RunEvent>((e) => dispatch(reporter, e));
 * const done = lastValueFrom(events.pipe(delivery.operator), { defaultValue: undefined });
 */
export class SerialDelivery<T> {
  /** Values waiting for a pending delivery; `queue[head]` is the next one. Emptied whenever it is drained. */
  private readonly queue: T[] = [];
  private head = 0;
  /** A delivery is under way: a thenable is pending, or `deliver` is running (then a re-entrant value queues). */
  private busy = false;
  /** The source completed while busy: complete once the queue is drained. */
  private completing = false;
  /** The output errored, completed or was unsubscribed: nothing more is delivered. */
  private stopped = false;
  /** Why the output errored, once it has (a box, since anything can be thrown, `undefined` included). */
  private failure: { error: unknown } | null = null;
  private output: Subscriber<never> | null = null;
  private waiters: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];

  /** @param deliver called with each value in order; may return a thenable, which later values wait for */
  constructor(private readonly deliver: (value: T) => unknown) {}

  /** The operator: pipe the source stream through it, and subscribe once. */
  readonly operator: OperatorFunction<T, never> = (source) =>
    new Observable<never>((output) => {
      if (this.output) throw new Error("a SerialDelivery delivers one subscription's values: subscribe to its operator once");
      this.output = output;
      const subscription = source.subscribe({
        next: (value) => this.next(value),
        error: (err: unknown) => this.fail(err),
        complete: () => this.complete(),
      });
      return () => {
        this.stopped = true;
        subscription.unsubscribe();
      };
    });

  /**
   * Resolves once every value received so far has been delivered (at once when none is pending); rejects
   * with the error once the output has errored, including for a wait that began before.
   */
  idle(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private next(value: T): void {
    if (this.stopped) return;
    if (this.busy) {
      this.queue.push(value);
      return;
    }
    this.busy = true;
    this.run(value);
  }

  /** Delivers `first`, then the queue, synchronously until a delivery returns a thenable or fails. */
  private run(first: T): void {
    let value = first;
    for (;;) {
      let result: unknown;
      try {
        result = this.deliver(value);
      } catch (err) {
        this.fail(err);
        return;
      }
      // the source errored or the output was unsubscribed from inside deliver
      if (this.stopped) return;
      if (isThenable(result)) {
        // Promise.resolve: a hand-made thenable is called back at most once, and a throwing `then` rejects
        Promise.resolve(result).then(this.resume, (err: unknown) => this.fail(err));
        return;
      }
      if (this.head === this.queue.length) break;
      value = this.take();
    }
    this.settle();
  }

  /** Called when a pending delivery's thenable has resolved: goes on with the queue. */
  private readonly resume = (): void => {
    if (this.stopped) return;
    if (this.head === this.queue.length) this.settle();
    else this.run(this.take());
  };

  private take(): T {
    const value = this.queue[this.head]!;
    this.queue[this.head++] = undefined as T; // the reporters are done with it: let it be collected
    return value;
  }

  /** Nothing left to deliver: wake who waits for that, and pass on a completion that was held back. */
  private settle(): void {
    this.busy = false;
    // this runs after every synchronous delivery: allocate nothing unless the queue or waiters were used
    if (this.head !== 0) {
      this.queue.length = 0;
      this.head = 0;
    }
    if (this.completing) {
      this.stopped = true;
      this.output!.complete();
    }
    if (this.waiters.length > 0) for (const w of this.waiters.splice(0)) w.resolve();
  }

  private complete(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.completing = true;
      return;
    }
    this.stopped = true;
    this.output!.complete();
  }

  private fail(err: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.failure = { error: err };
    this.queue.length = 0;
    this.head = 0;
    for (const w of this.waiters.splice(0)) w.reject(err);
    this.output!.error(err);
  }
}
