import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { measureTwoProcessSpeedup, writeSuiteHalves } from "../../../harness/bench/two-process-speedup.ts";
import { writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { CAN_LIST_PROCESSES, childProcesses } from "../../helpers/os-processes.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-two-process-"));
// no retries: measureTwoProcessSpeedup returns only once its lane processes have exited, so none still writes here
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The episode ids a run's results.json lists. */
function idsOf(runDir: string): string[] {
  const results = JSON.parse(readFileSync(path.join(runDir, "results.json"), "utf8")) as { episodes: { id: string }[] };
  return results.episodes.map((e) => e.id);
}

describe("writeSuiteHalves", () => {
  it("splits the episodes alternately into two suites beside the first, which together list each episode once", () => {
    const suite = writeWorkersSuite(7, 40, 3, path.join(dir, "halves"));
    const [a, b] = writeSuiteHalves(suite);
    expect(path.dirname(a)).toBe(path.dirname(suite));
    const ids = (f: string) => (JSON.parse(readFileSync(f, "utf8")) as { episodes: { id: string }[] }).episodes.map((e) => e.id);
    expect(ids(a)).toEqual(["ep-0", "ep-2", "ep-4", "ep-6"]);
    expect(ids(b)).toEqual(["ep-1", "ep-3", "ep-5"]);
    // the scene and task files are the suite's own
    const first = (JSON.parse(readFileSync(a, "utf8")) as { episodes: { scene: string }[] }).episodes[0]!;
    expect(first.scene).toBe("house-0.scene.json");
  });
});

describe("measureTwoProcessSpeedup", () => {
  it("runs the whole suite in one child process and its halves in two, each warm-up and timed run complete", { timeout: 300_000 }, async () => {
    const suite = writeWorkersSuite(6, 60, 4, path.join(dir, "suite"));
    const out = path.join(dir, "lanes");
    const r = await measureTwoProcessSpeedup({ suite, reps: 2, warmups: 2, dir: out });
    // every lane ran both its warm-ups and both timed runs, each to completion with every episode of its suite
    const all = ["ep-0", "ep-1", "ep-2", "ep-3", "ep-4", "ep-5"];
    for (const run of ["warm-up-0", "warm-up-1", "run-0", "run-1"]) {
      expect(idsOf(path.join(out, "one", run)).sort()).toEqual(all);
      const halves = [idsOf(path.join(out, "half-1", run)), idsOf(path.join(out, "half-2", run))];
      expect(halves[0]).toEqual(["ep-0", "ep-2", "ep-4"]);
      expect(halves[1]).toEqual(["ep-1", "ep-3", "ep-5"]);
    }
    expect(existsSync(path.join(out, "one", "warm-up-2"))).toBe(false);
    expect(r.twoProcessSpeedup).toBeCloseTo(r.oneProcessMs / r.twoProcessesMs, 10);
    expect(r.speedupSpread.min).toBeLessThanOrEqual(r.speedupSpread.max);
    for (const v of [r.oneProcessMs, r.twoProcessesMs, r.oneProcessCpuMs, r.twoProcessesCpuMs]) expect(v).toBeGreaterThan(0);
  });

  it("fails naming the lane and its error when a lane cannot run its suite", { timeout: 120_000 }, async () => {
    const suite = writeWorkersSuite(2, 40, 2, path.join(dir, "broken"));
    rmSync(path.join(dir, "broken", "house-1.scene.json"));
    const lanes = (before: string[]) => childProcesses().filter((p) => !before.includes(p));
    const before = childProcesses();
    await expect(measureTwoProcessSpeedup({ suite, reps: 1, dir: path.join(dir, "broken-lanes") })).rejects.toThrow(/benchmark lane for .*broken.* exited \(code 1\) before reporting: .*house-1\.scene\.json/s);
    // the lanes still warming up when one failed are ended and gone before it rejects, so none writes on afterwards
    if (CAN_LIST_PROCESSES) expect(lanes(before)).toEqual([]);
  });
});
