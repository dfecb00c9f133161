import { describe, expect, it } from "vitest";
import { steppingByAction } from "../../../harness/bench/stepping-breakdown.ts";
import type { SteppingTime } from "../../../harness/bench/stepping-clock.ts";
import { episode } from "../trajectory/builders.ts";

/** A recorded run of two episodes with the given per-step times (ms), in step order. */
function run(perStepMs: number[]): SteppingTime {
  const a = episode({ id: "a" }).act({ type: "pick", object: "obj_0" }).act({ type: "navigate", target: "kitchen" }).done().end("done");
  const b = episode({ id: "b" }).act({ type: "pick", object: "obj_1" }).done().end("done");
  const episodes = [a, b].map((e) => ({ key: e.header.episodeId, header: e.header, steps: e.steps, end: e.endLine! }));
  return { steps: perStepMs.length, steppingMs: 0, steppingCpuMs: 0, actMs: 0, perStepMs, perStepCpuMs: perStepMs.map((x) => x * 2), episodes };
}

describe("stepping by action", () => {
  it("matches each timed step to its action: counts, median, mean, CPU median and shares", () => {
    // a: pick 1, navigate 2, done 3; b: pick 5, done 9
    const r = steppingByAction(run([1, 2, 3, 5, 9]));
    expect(Object.keys(r)).toEqual(["done", "pick", "navigate"]); // by total time, largest first
    expect(r.pick).toEqual({ steps: 2, p50Us: 1000, meanUs: 3000, cpuP50Us: 2000, share: 6 / 20 });
    expect(r.done!.meanUs).toBe(6000);
    expect(r.navigate!.steps).toBe(1);
    expect(Object.values(r).reduce((s, t) => s + t.share, 0)).toBeCloseTo(1, 12);
  });

  it("takes the actions from the run's action types when it kept them instead of its events", () => {
    const t: SteppingTime = { ...run([1, 2, 3]), episodes: [], actionTypes: ["open", "open", "done"] };
    const r = steppingByAction(t);
    expect(Object.keys(r)).toEqual(["open", "done"]);
    expect(r.open).toMatchObject({ steps: 2, p50Us: 1000, meanUs: 1500, share: 3 / 6 });
    expect(() => steppingByAction({ ...t, actionTypes: ["open"] })).toThrow(/recorded run/);
  });

  it("refuses a run that was not recorded step by step", () => {
    expect(() => steppingByAction(run([1, 2, 3]))).toThrow(/recorded run/);
  });
});
