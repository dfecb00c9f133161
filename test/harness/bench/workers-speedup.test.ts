import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { measureWorkersSpeedup } from "../../../harness/bench/workers-speedup.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-workers-speedup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A run folder's results.json: its worker count and episode ids. */
function resultsOf(runDir: string): { workers: number; ids: string[] } {
  const r = JSON.parse(readFileSync(path.join(runDir, "results.json"), "utf8")) as { config: { workers: number }; episodes: { id: string }[] };
  return { workers: r.config.workers, ids: r.episodes.map((e) => e.id).sort() };
}

/** The earliest and latest `ts` of a run's trajectory lines (their end lines), ms since the epoch. */
function spanOf(runDir: string): { first: number; last: number } {
  const times: number[] = [];
  for (const f of readdirSync(path.join(runDir, "episodes"))) {
    for (const line of readFileSync(path.join(runDir, "episodes", f), "utf8").trim().split("\n")) {
      const ts = (JSON.parse(line) as { ts?: string }).ts;
      if (ts) times.push(Date.parse(ts));
    }
  }
  return { first: Math.min(...times), last: Math.max(...times) };
}

describe("measureWorkersSpeedup", () => {
  it("warms the kept thread with the runs asked for, times the warm runs, then the cold ones after them all", { timeout: 300_000 }, async () => {
    const out = path.join(dir, "runs");
    const r = await measureWorkersSpeedup({ episodes: 4, objects: 40, maxSteps: 3, reps: 2, warmups: 3, dir: out });
    const all = ["ep-0", "ep-1", "ep-2", "ep-3"];
    expect(resultsOf(path.join(out, "warm-up-w1"))).toEqual({ workers: 1, ids: all });
    for (const k of [0, 1, 2]) expect(resultsOf(path.join(out, `warm-up-w2-${k}`))).toEqual({ workers: 2, ids: all });
    expect(existsSync(path.join(out, "warm-up-w2-3"))).toBe(false);
    for (const rep of [0, 1]) {
      for (const w of [1, 2]) expect(resultsOf(path.join(out, `run-w${w}-${rep}`))).toEqual({ workers: w, ids: all });
      expect(resultsOf(path.join(out, `run-cold-${rep}`))).toEqual({ workers: 2, ids: all });
    }
    // no fresh pool starts between the warm runs: every cold run comes after the last warm one
    const lastWarm = Math.max(...[0, 1].flatMap((rep) => [1, 2].map((w) => spanOf(path.join(out, `run-w${w}-${rep}`)).last)));
    for (const rep of [0, 1]) expect(spanOf(path.join(out, `run-cold-${rep}`)).first).toBeGreaterThanOrEqual(lastWarm);
    expect(r.workersSpeedup).toBeCloseTo(r.oneWorkerMs / r.twoWorkersMs, 10);
    expect(r.coldWorkersSpeedup).toBeCloseTo(r.oneWorkerMs / r.coldTwoWorkersMs, 10);
    expect(r.speedupSpread.min).toBeLessThanOrEqual(r.speedupSpread.max);
    expect(r.episodes).toBe(4);
    // the timelines come from the timed runs' own trajectories: a head inside the run, episodes that took time
    for (const w of ["one", "two"] as const) {
      const headMs = w === "one" ? r.oneWorkerHeadMs : r.twoWorkersHeadMs;
      const wallMs = w === "one" ? r.oneWorkerMs : r.twoWorkersMs;
      expect(headMs).toBeGreaterThanOrEqual(0);
      expect(headMs).toBeLessThanOrEqual(wallMs + 1);
      expect(w === "one" ? r.oneWorkerEpisodeMs : r.twoWorkersEpisodeMs).toBeGreaterThanOrEqual(0);
    }
    expect(r.episodeSlowdown).toBe(r.twoWorkersEpisodeMs / r.oneWorkerEpisodeMs);
  });
});
