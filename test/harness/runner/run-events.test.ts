import fc from "fast-check";
import { lastValueFrom, Subject } from "rxjs";
import { describe, expect, it } from "vitest";
import { dispatch, MultiplexReporter, type Reporter, type RunEvent } from "../../../harness/runner/run-events.ts";
import { SerialDelivery } from "../../../harness/runner/serial-delivery.ts";

const TYPES = ["runBegin", "episodeBegin", "step", "episodeEnd", "runEnd"] as const;

/**
 * Event `i` of a made-up stream: the reporters only pass payloads on, so each carries its index where
 * its hook's first argument can show it (`run.i`, `key`, `results.i`).
 */
function event(type: RunEvent["type"], i: number): RunEvent {
  const key = String(i);
  switch (type) {
    case "runBegin":
      return { type, run: { i } } as unknown as RunEvent;
    case "episodeBegin":
      return { type, key, header: {} } as unknown as RunEvent;
    case "step":
      return { type, key, step: {} } as unknown as RunEvent;
    case "episodeEnd":
      return { type, key, header: {}, end: {}, row: {} } as unknown as RunEvent;
    case "runEnd":
      return { type, results: { i } } as unknown as RunEvent;
  }
}

/** How a reporter's hook answers one event. */
type Behaviour = "sync" | "microtask" | "macrotask" | "thenable" | "throw" | "reject";
const BEHAVIOURS: Behaviour[] = ["sync", "microtask", "macrotask", "thenable", "throw", "reject"];
const FAILS = new Set<Behaviour>(["throw", "reject"]);

/**
 * A reporter that records `type:index` for every event it is handed (before answering) and answers as
 * `behave(index)` says; a failure is an Error naming the reporter and event.
 */
function scripted(name: string, behave: (i: number) => Behaviour): { reporter: Reporter; seen: string[] } {
  const seen: string[] = [];
  const handle = (type: string, i: number): void | Promise<void> => {
    seen.push(`${type}:${i}`);
    const b = behave(i);
    const err = () => new Error(`${name} failed at ${i}`);
    switch (b) {
      case "sync":
        return undefined;
      case "microtask":
        return Promise.resolve();
      case "macrotask":
        return new Promise((resolve) => setImmediate(resolve));
      case "thenable":
        return { then: (resolve: () => void) => void setImmediate(resolve) } as unknown as Promise<void>;
      case "throw":
        throw err();
      case "reject":
        return new Promise((_, reject) => setImmediate(() => reject(err())));
    }
  };
  const reporter: Reporter = {
    onBegin: (run) => handle("runBegin", (run as unknown as { i: number }).i),
    onEpisodeBegin: (key) => handle("episodeBegin", Number(key)),
    onStep: (key) => handle("step", Number(key)),
    onEpisodeEnd: (key) => handle("episodeEnd", Number(key)),
    onEnd: (results) => handle("runEnd", (results as unknown as { i: number }).i),
  };
  return { reporter, seen };
}

const label = (e: RunEvent, i: number) => `${e.type}:${i}`;

describe("dispatch", () => {
  it("calls the event's hook at once and returns nothing for a synchronous hook, a promise for an async one", async () => {
    const seen: string[] = [];
    const sync: Reporter = { onStep: (key) => void seen.push(key), onEnd: () => 7 as unknown as void };
    expect(dispatch(sync, event("step", 1))).toBeUndefined();
    expect(seen).toEqual(["1"]);
    // a hook that returns a non-promise value (an arrow around push) still counts as synchronous
    expect(dispatch(sync, event("runEnd", 2))).toBeUndefined();
    // no hook for the event
    expect(dispatch(sync, event("runBegin", 3))).toBeUndefined();
    const later = dispatch({ onStep: async (key) => void seen.push(`async ${key}`) }, event("step", 4));
    expect(later).toBeInstanceOf(Promise);
    await later;
    expect(seen).toEqual(["1", "async 4"]);
  });

  it("throws a synchronous hook's error at once", () => {
    const boom = new Error("boom");
    expect(() => dispatch({ onEpisodeBegin: () => { throw boom; } }, event("episodeBegin", 0))).toThrow(boom);
  });
});

describe("MultiplexReporter", () => {
  it("calls synchronous reporters in order inside the hook and returns nothing", () => {
    const seen: string[] = [];
    const m = new MultiplexReporter([{ onStep: () => void seen.push("a") }, {}, { onStep: () => void seen.push("c") }]);
    expect(m.onStep("k", {} as never)).toBeUndefined();
    expect(seen).toEqual(["a", "c"]);
  });

  it("from a reporter that returns a promise on, calls the rest in order after it settled, and returns a promise", async () => {
    const seen: string[] = [];
    let release!: () => void;
    const m = new MultiplexReporter([
      { onEpisodeEnd: () => void seen.push("a") },
      { onEpisodeEnd: () => new Promise<void>((resolve) => (release = () => (seen.push("b done"), resolve()))) },
      { onEpisodeEnd: () => void seen.push("c") },
      { onEpisodeEnd: async () => void seen.push("d") },
      { onEpisodeEnd: () => void seen.push("e") },
    ]);
    const p = m.onEpisodeEnd("k", {} as never, {} as never, {} as never);
    expect(p).toBeInstanceOf(Promise);
    expect(seen).toEqual(["a"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["a"]);
    release();
    await p;
    expect(seen).toEqual(["a", "b done", "c", "d", "e"]);
  });

  it("a synchronous throw leaves the later reporters out; after a promise, a throw rejects the returned promise", async () => {
    const seen: string[] = [];
    const boom = new Error("boom");
    const syncFail = new MultiplexReporter([{ onBegin: () => { throw boom; } }, { onBegin: () => void seen.push("late") }]);
    expect(() => syncFail.onBegin({} as never)).toThrow(boom);
    const asyncFail = new MultiplexReporter([{ onEnd: async () => undefined }, { onEnd: () => { throw boom; } }, { onEnd: () => void seen.push("late") }]);
    await expect(asyncFail.onEnd({} as never)).rejects.toBe(boom);
    expect(seen).toEqual([]);
  });
});

describe("reporters behind a SerialDelivery (the run's event stream)", () => {
  /** The run's plumbing: a subject piped through a delivery that dispatches each event to a multiplexer. */
  function stream(reporters: Reporter[]) {
    const events = new Subject<RunEvent>();
    const delivery = new SerialDelivery<RunEvent>((e) => dispatch(new MultiplexReporter(reporters), e));
    const delivered = lastValueFrom(events.pipe(delivery.operator), { defaultValue: undefined });
    delivered.catch(() => undefined);
    return { events, delivery, delivered };
  }

  it("synchronous reporters see each event during its emit", () => {
    const a = scripted("a", () => "sync");
    const b = scripted("b", () => "sync");
    const { events } = stream([a.reporter, b.reporter]);
    const sent = TYPES.map((t, i) => event(t, i));
    sent.forEach((e, i) => {
      events.next(e);
      expect(a.seen).toEqual(sent.slice(0, i + 1).map(label));
      expect(b.seen).toEqual(a.seen);
    });
  });

  it("an async hook in the middle of the list delays the later reporters and events, in order", async () => {
    const first = scripted("first", () => "sync");
    const middle = scripted("middle", (i) => (i === 1 ? "macrotask" : "sync"));
    const last = scripted("last", () => "sync");
    const { events, delivery } = stream([first.reporter, middle.reporter, last.reporter]);
    const sent = ["episodeBegin", "step", "step", "episodeEnd"].map((t, i) => event(t as RunEvent["type"], i));
    for (const e of sent) events.next(e);
    // event 1 reached the first two reporters; the last waits for the middle one's promise, and so does event 2
    expect(first.seen).toEqual(sent.slice(0, 2).map(label));
    expect(middle.seen).toEqual(sent.slice(0, 2).map(label));
    expect(last.seen).toEqual(sent.slice(0, 1).map(label));
    await delivery.idle();
    for (const r of [first, middle, last]) expect(r.seen).toEqual(sent.map(label));
  });

  it("any mix of sync, async, throwing and rejecting hooks: every reporter sees the emit order up to the first failure, which is the stream's error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ type: fc.constantFrom(...TYPES), pause: fc.boolean() }), { maxLength: 25 }),
        fc.integer({ min: 1, max: 4 }),
        // per reporter and event: mostly sync, sometimes async, rarely a failure
        fc.array(fc.array(fc.constantFrom<Behaviour>(...BEHAVIOURS, "sync", "sync", "sync", "sync", "sync", "sync"), { minLength: 25, maxLength: 25 }), { minLength: 4, maxLength: 4 }),
        async (plan, count, behaviours) => {
          const reporters = Array.from({ length: count }, (_, r) => scripted(`r${r}`, (i) => behaviours[r]![i]!));
          const { events, delivery, delivered } = stream(reporters.map((r) => r.reporter));
          const sent = plan.map((p, i) => event(p.type, i));
          // the first failing hook in delivery order (events one after another, reporters in list order)
          const firstFailure = (() => {
            for (let i = 0; i < sent.length; i++) for (let r = 0; r < count; r++) if (FAILS.has(behaviours[r]![i]!)) return { i, r };
            return null;
          })();
          // no delivery can be pending: every hook since the last wait for idle was synchronous
          let idle = true;
          for (let i = 0; i < sent.length; i++) {
            if (plan[i]!.pause) {
              await delivery.idle().catch(() => undefined);
              idle = true;
            }
            events.next(sent[i]!);
            const synchronous = behaviours.slice(0, count).every((b) => b[i] === "sync");
            // nothing pending and every hook synchronous: the event was delivered inside next()
            const failed = firstFailure !== null && firstFailure.i <= i;
            if (idle && synchronous && !failed) {
              for (const r of reporters) expect(r.seen.at(-1)).toBe(label(sent[i]!, i));
            }
            idle &&= synchronous;
          }
          events.complete();
          const outcome = await delivered.then(
            () => null,
            (err: unknown) => err,
          );
          if (firstFailure === null) {
            expect(outcome).toBeNull();
            for (const r of reporters) expect(r.seen).toEqual(sent.map(label));
          } else {
            const { i, r: at } = firstFailure;
            expect(outcome).toBeInstanceOf(Error);
            expect((outcome as Error).message).toBe(`r${at} failed at ${i}`);
            reporters.forEach((r, k) => expect(r.seen).toEqual(sent.slice(0, k <= at ? i + 1 : i).map(label)));
            await expect(delivery.idle()).rejects.toBe(outcome);
          }
        },
      ),
    );
  });
});
