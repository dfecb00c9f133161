import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { houseJob, measurePlaceLatency, measureStepScaling, runHouseEpisode } from "../../../harness/bench/house-stepping.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "house-stepping-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe("measureStepScaling", () => {
  it("runs the warm-up rounds over every size before the measured repetitions, and reports each size", async () => {
    const resets = vi.spyOn(BenchAgent.prototype, "reset");
    const r = await measureStepScaling({ sizes: [100, 200], steps: 8, reps: 2, warmupRounds: 3, dir: path.join(dir, "a") });
    // 3 warm-up rounds × 2 sizes, then 2 repetitions × 2 sizes × (a wall-timed and a CPU-timed episode)
    expect(resets).toHaveBeenCalledTimes(3 * 2 + 2 * 2 * 2);
    // every size is warmed up before the first measured episode of any
    const tasks = resets.mock.calls.map(([task]) => task.id);
    expect(new Set(tasks.slice(0, 6)).size).toBe(2);
    expect(tasks.slice(6)).toEqual([tasks[0], tasks[0], tasks[1], tasks[1], tasks[0], tasks[0], tasks[1], tasks[1]]);
    expect(Object.keys(r.stepMs)).toEqual(["100", "200"]);
    for (const ms of [...Object.values(r.stepMs), ...Object.values(r.stepCpuMs)]) expect(ms).toBeGreaterThan(0);
    // the scaling ratio is the largest size's median over the smallest's (the full bench's scaling10kOver100)
    expect(r.ratio).toBe(r.stepMs["200"]! / r.stepMs["100"]!);
    expect(r.ratioCpu).toBe(r.stepCpuMs["200"]! / r.stepCpuMs["100"]!);
    expect(r.ratioSpread.min).toBeLessThanOrEqual(r.ratioSpread.max);
  });

  it("warms up with one round when not told otherwise", async () => {
    const resets = vi.spyOn(BenchAgent.prototype, "reset");
    await measureStepScaling({ sizes: [100, 200], steps: 4, reps: 1, dir: path.join(dir, "b") });
    expect(resets).toHaveBeenCalledTimes(1 * 2 + 1 * 2 * 2);
  });
});

describe("runHouseEpisode", () => {
  it("keeps the events, only the action types, or nothing, as asked; the steps are the same", async () => {
    const job = houseJob(100, 10);
    const events = await runHouseEpisode(job, path.join(dir, "keep-events"));
    const types = await runHouseEpisode(job, path.join(dir, "keep-types"), { keep: "actionTypes" });
    const nothing = await runHouseEpisode(job, path.join(dir, "keep-nothing"), { keep: "nothing" });
    expect(events.episodes[0]!.steps).toHaveLength(10);
    expect(types.episodes).toEqual([]);
    expect(types.actionTypes).toEqual(events.episodes[0]!.steps.map((s) => s.action.type));
    expect(nothing.episodes).toEqual([]);
    expect(nothing.actionTypes).toBeUndefined();
    expect([types.steps, nothing.steps]).toEqual([10, 10]);
  });
});

describe("measurePlaceLatency", () => {
  it("times the place steps of each repetition and takes their success share from a recorded run of the same steps", async () => {
    const objects = 100;
    const steps = 40;
    const r = await measurePlaceLatency({ objects, steps, reps: 2, dir: path.join(dir, "place") });
    const recorded = (await runHouseEpisode(houseJob(objects, steps, 2), path.join(dir, "place-check"))).episodes[0]!.steps;
    const places = recorded.filter((s) => s.action.type === "place");
    expect(r.placesPerRep).toBe(places.length);
    expect(r.okShare).toBe(places.filter((s) => s.feedback.ok).length / places.length);
    expect(r.placeMsP50).toBeGreaterThan(0);
    expect(r.placeMsP95).toBeGreaterThanOrEqual(r.placeMsP50);
  });
});
