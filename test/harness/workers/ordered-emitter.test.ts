import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { OrderedEmitter } from "../../../harness/workers/ordered-emitter.ts";

/** Minimal stand-ins: the emitter only looks at `type` (and passes events on untouched). */
function episodeEvents(index: number, steps: number): RunEvent[] {
  const key = `e${index}`;
  return [
    { type: "episodeBegin", key } as RunEvent,
    ...Array.from({ length: steps }, (_, t) => ({ type: "step", key, step: { t: t + 1 } }) as unknown as RunEvent),
    { type: "episodeEnd", key } as RunEvent,
  ];
}

describe("OrderedEmitter", () => {
  it("emits any interleaving of per-episode streams in plan order, as one worker would", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 5 }), { minLength: 0, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 0, maxLength: 200 }),
        (stepCounts, choices) => {
          const streams = stepCounts.map((n, i) => episodeEvents(i, n));
          const expected = streams.flat();
          const out: RunEvent[] = [];
          const emitter = new OrderedEmitter(streams.length, (e) => out.push(e));
          const queues = streams.map((s) => [...s]);
          let c = 0;
          for (;;) {
            const open = queues.map((q, i) => (q.length ? i : -1)).filter((i) => i >= 0);
            if (!open.length) break;
            const pick = open[(choices[c++ % Math.max(1, choices.length)] ?? 0) % open.length]!;
            emitter.push(pick, queues[pick]!.shift()!);
          }
          expect(out).toEqual(expected);
          expect(emitter.head).toBe(streams.length);
        },
      ),
    );
  });

  it("streams the head episode live and holds later ones back", () => {
    const out: string[] = [];
    const emitter = new OrderedEmitter(2, (e) => out.push(`${(e as { key: string }).key}:${e.type}`));
    const [a, b] = [episodeEvents(0, 1), episodeEvents(1, 0)];
    emitter.push(1, b[0]!);
    emitter.push(1, b[1]!);
    expect(out).toEqual([]);
    emitter.push(0, a[0]!);
    emitter.push(0, a[1]!);
    expect(out).toEqual(["e0:episodeBegin", "e0:step"]);
    emitter.push(0, a[2]!);
    expect(out).toEqual(["e0:episodeBegin", "e0:step", "e0:episodeEnd", "e1:episodeBegin", "e1:episodeEnd"]);
  });

  it("resolves drained once every episode has ended (at once for none)", async () => {
    await new OrderedEmitter(0, () => undefined).drained;
    const emitter = new OrderedEmitter(1, () => undefined);
    let drained = false;
    void emitter.drained.then(() => (drained = true));
    emitter.push(0, episodeEvents(0, 0)[0]!);
    await Promise.resolve();
    expect(drained).toBe(false);
    emitter.push(0, episodeEvents(0, 0)[1]!);
    await emitter.drained;
    expect(drained).toBe(true);
  });

  it("passedOn(n) resolves once the first n episodes have ended, whatever order they finish in", async () => {
    const emitter = new OrderedEmitter(3, () => undefined);
    const done: number[] = [];
    for (const n of [0, 1, 2, 5]) void emitter.passedOn(n).then(() => done.push(n));
    await Promise.resolve();
    expect(done).toEqual([0]);
    const [a, b, c] = [episodeEvents(0, 0), episodeEvents(1, 0), episodeEvents(2, 0)];
    for (const e of b) emitter.push(1, e);
    await Promise.resolve();
    expect(done).toEqual([0]);
    for (const e of a) emitter.push(0, e);
    await Promise.resolve();
    expect(done).toEqual([0, 1, 2]);
    for (const e of c) emitter.push(2, e);
    await emitter.drained;
    await Promise.resolve();
    expect(done).toEqual([0, 1, 2, 5]);
  });

  it("rejects events out of range or after an episode's end", () => {
    const emitter = new OrderedEmitter(1, () => undefined);
    expect(() => emitter.push(1, episodeEvents(1, 0)[0]!)).toThrow(/out of range/);
    emitter.push(0, episodeEvents(0, 0)[0]!);
    emitter.push(0, episodeEvents(0, 0)[1]!);
    expect(() => emitter.push(0, episodeEvents(0, 0)[0]!)).toThrow(/after its episodeEnd/);
  });

  it("passes over episodes that never started, at the head or further on, and passes on the later ones", async () => {
    const out: string[] = [];
    const emitter = new OrderedEmitter(4, (e) => out.push(`${(e as { key: string }).key}:${e.type}`));
    // episodes 1 and 3 ran (a lane took them ahead of 0 and 2), then the run stopped
    for (const e of episodeEvents(1, 0)) emitter.push(1, e);
    for (const e of episodeEvents(3, 1)) emitter.push(3, e);
    emitter.skip(2);
    expect(out).toEqual([]);
    emitter.skip(0);
    expect(out).toEqual(["e1:episodeBegin", "e1:episodeEnd", "e3:episodeBegin", "e3:step", "e3:episodeEnd"]);
    await emitter.passedOn(4);
    await emitter.drained;
  });

  it("refuses to pass over an episode that has events, even one streaming live at the head", () => {
    const emitter = new OrderedEmitter(3, () => undefined);
    emitter.push(0, episodeEvents(0, 0)[0]!);
    expect(() => emitter.skip(0)).toThrow(/has events/);
    emitter.push(2, episodeEvents(2, 0)[0]!);
    expect(() => emitter.skip(2)).toThrow(/has events/);
    emitter.skip(1);
    expect(() => emitter.skip(1)).toThrow(/passed over already/);
    expect(() => emitter.skip(3)).toThrow(/out of range/);
  });
});
