import { lastValueFrom, Subject } from "rxjs";
import { describe, expect, it } from "vitest";
import { SerialDelivery } from "../../../harness/runner/serial-delivery.ts";

/** A promise with its resolve and reject, to settle a delivery when the test says so. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A source subject piped through a delivery to `deliver`, and the promise of the output's end. */
function piped(deliver: (v: number) => unknown) {
  const source = new Subject<number>();
  const delivery = new SerialDelivery<number>(deliver);
  const done = lastValueFrom(source.pipe(delivery.operator), { defaultValue: "completed" as const });
  done.catch(() => undefined); // tests that fail the stream look at `done` themselves
  return { source, delivery, done };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("SerialDelivery", () => {
  it("delivers synchronous values inside next(), with no microtask, and completes at once", async () => {
    const seen: number[] = [];
    const { source, delivery, done } = piped((v) => void seen.push(v));
    for (let i = 0; i < 5; i++) {
      source.next(i);
      expect(seen).toEqual(Array.from({ length: i + 1 }, (_, j) => j));
    }
    let idle = false;
    void delivery.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(true);
    source.complete();
    await expect(done).resolves.toBe("completed");
  });

  it("queues values behind a pending promise, delivers them in order once it settles, then is synchronous again", async () => {
    const seen: number[] = [];
    const gate = deferred();
    const { source, delivery } = piped((v) => {
      seen.push(v);
      return v === 1 ? gate.promise : undefined;
    });
    source.next(0);
    source.next(1);
    source.next(2);
    source.next(3);
    expect(seen).toEqual([0, 1]);
    let idle = false;
    void delivery.idle().then(() => (idle = true));
    await flush();
    expect(seen).toEqual([0, 1]);
    expect(idle).toBe(false);
    gate.resolve();
    await flush();
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(idle).toBe(true);
    source.next(4);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it("holds the source's completion back until the pending deliveries are done", async () => {
    const gate = deferred();
    const seen: number[] = [];
    const { source, done } = piped((v) => {
      seen.push(v);
      return v === 0 ? gate.promise : undefined;
    });
    let completed = false;
    void done.then(() => (completed = true));
    source.next(0);
    source.next(1);
    source.complete();
    await flush();
    expect(completed).toBe(false);
    gate.resolve();
    await expect(done).resolves.toBe("completed");
    expect(seen).toEqual([0, 1]);
  });

  it("a deliver that throws errors the output with its error, synchronously, and later values are not delivered", async () => {
    const boom = new Error("disk full");
    const seen: number[] = [];
    const { source, delivery, done } = piped((v) => {
      seen.push(v);
      if (v === 1) throw boom;
    });
    let failed: unknown = null;
    done.catch((err: unknown) => (failed = err));
    source.next(0);
    expect(() => source.next(1)).not.toThrow();
    source.next(2);
    await expect(done).rejects.toBe(boom);
    expect(failed).toBe(boom);
    expect(seen).toEqual([0, 1]);
    await expect(delivery.idle()).rejects.toBe(boom);
  });

  it("a deliver that rejects errors the output, drops the queue and rejects who waits for idle", async () => {
    const boom = new Error("rejected");
    const gate = deferred();
    const seen: number[] = [];
    const { source, delivery, done } = piped((v) => {
      seen.push(v);
      return v === 1 ? gate.promise : undefined;
    });
    source.next(0);
    source.next(1);
    source.next(2);
    const waiting = delivery.idle();
    gate.reject(boom);
    await expect(done).rejects.toBe(boom);
    await expect(waiting).rejects.toBe(boom);
    expect(seen).toEqual([0, 1]);
  });

  it("a hand-made thenable is waited for like a promise, and one that calls back twice delivers once", async () => {
    const seen: number[] = [];
    let callBack: (() => void) | null = null;
    const { source } = piped((v) => {
      seen.push(v);
      if (v !== 0) return undefined;
      return {
        then(resolve: () => void) {
          callBack = () => (resolve(), resolve());
        },
      };
    });
    source.next(0);
    source.next(1);
    await flush();
    expect(seen).toEqual([0]);
    callBack!();
    await flush();
    expect(seen).toEqual([0, 1]);
  });

  it("a value emitted from inside deliver waits for the delivery under way", () => {
    const seen: string[] = [];
    const { source } = piped((v) => {
      seen.push(`start ${v}`);
      if (v === 0) source.next(1);
      seen.push(`end ${v}`);
    });
    source.next(0);
    expect(seen).toEqual(["start 0", "end 0", "start 1", "end 1"]);
  });

  it("the source's error passes at once and drops queued values, as concatMap does", async () => {
    const gate = deferred();
    const seen: number[] = [];
    const { source, done } = piped((v) => {
      seen.push(v);
      return v === 0 ? gate.promise : undefined;
    });
    source.next(0);
    source.next(1);
    const stop = new Error("agent failed");
    source.error(stop);
    await expect(done).rejects.toBe(stop);
    gate.resolve();
    await flush();
    expect(seen).toEqual([0]);
  });

  it("serves one subscription", async () => {
    const delivery = new SerialDelivery<number>(() => undefined);
    const source = new Subject<number>();
    void lastValueFrom(source.pipe(delivery.operator), { defaultValue: undefined });
    await expect(lastValueFrom(source.pipe(delivery.operator), { defaultValue: undefined })).rejects.toThrow(/subscribe to its operator once/);
  });
});
