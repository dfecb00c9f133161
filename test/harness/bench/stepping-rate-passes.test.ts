import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// every pass the stepping rate runs, with the options it ran with and whether it kept events
const passes: { record: boolean; actionTypes: boolean; cpu: boolean; episodes: number; types: number }[] = [];
const replays: { episodes: unknown[] }[] = [];
vi.mock("../../../harness/bench/stepping-clock.ts", async (importOriginal) => {
  const clock = await importOriginal<typeof import("../../../harness/bench/stepping-clock.ts")>();
  return {
    ...clock,
    runTimedEpisodes: async (...args: Parameters<typeof clock.runTimedEpisodes>) => {
      const t = await clock.runTimedEpisodes(...args);
      const o = args[3] ?? {};
      passes.push({ record: !!o.record, actionTypes: !!o.actionTypes, cpu: !!o.cpu, episodes: t.episodes.length, types: t.actionTypes?.length ?? 0 });
      return t;
    },
    replayLines: (...args: Parameters<typeof clock.replayLines>) => {
      replays.push({ episodes: [...args[0]] });
      return clock.replayLines(...args);
    },
  };
});
const { measureSteppingRate } = await import("../../../harness/bench/stepping-rate.ts");
const { loadSuiteJobs } = await import("../../../harness/bench/suite-jobs.ts");

const dir = mkdtempSync(path.join(os.tmpdir(), "stepping-rate-passes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the stepping rate's passes", () => {
  it("times passes that keep no events (as a run keeps none) and replays the lines of an untimed pass recorded after them", async () => {
    const jobs = loadSuiteJobs("default").jobs.length;
    const rate = await measureSteppingRate({ suite: "default", agent: "random", reps: 2, passesPerRep: 1, warmupPasses: 1, dir: path.join(dir, "rate") });
    // the warm-up pass, then per repetition (one unmeasured, two measured): wall-timed, CPU-timed, recorded
    expect(passes).toHaveLength(1 + 3 * 3);
    const reps = [passes.slice(1, 4), passes.slice(4, 7), passes.slice(7, 10)];
    for (const [wall, cpu, recorded] of reps) {
      expect(wall).toMatchObject({ record: false, actionTypes: true, cpu: false, episodes: 0 });
      expect(wall!.types).toBeGreaterThan(0);
      expect(cpu).toMatchObject({ record: false, cpu: true, episodes: 0 });
      expect(recorded).toMatchObject({ record: true, cpu: false, episodes: jobs });
    }
    // each repetition replays what its own recorded pass kept
    expect(replays).toHaveLength(3);
    for (const r of replays) expect(r.episodes).toHaveLength(jobs);
    // the breakdown comes from the timed passes' action types: one entry per measured step
    const counted = Object.values(rate.byAction).reduce((n, a) => n + a.steps, 0);
    expect(counted).toBe(2 * rate.stepsPerPass);
    expect(counted).toBe(reps[1]![0]!.types + reps[2]![0]!.types);
  });
});
