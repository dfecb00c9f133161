import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { measureStepScaling } from "../../../harness/bench/house-stepping.ts";

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
