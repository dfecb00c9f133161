import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { InputError } from "../../../sim/errors.ts";
import { copyBundledSuite, hasBundledSuite, resultsOf, trajectoriesWithoutTs, testWorkerSetup } from "./run-files.ts";
import { testRunOptions } from "../../helpers/run-options.ts";
import { CAN_LIST_THREADS, expectThreadsBackTo, threadNames } from "../../helpers/os-threads.ts";

const FLAKY = path.join(import.meta.dirname, "fixtures", "flaky-agent.ts");

/** Thread ids in a close log, one line per closed agent. */
function closedBy(log: string): string[] {
  return readFileSync(log, "utf8").trim().split("\n");
}

describe.skipIf(!hasBundledSuite("default"))("a worker pool kept across runs (runSuite's pool option)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "pool-reuse-"));
  let suite = "";
  let pool: EpisodePool | null = null;
  const options = (o: Partial<RunOptions>): RunOptions => testRunOptions({ suite, workers: 2, ...o });

  beforeAll(async () => {
    suite = copyBundledSuite("default", { limit: 6, maxSteps: 15 });
    pool = await EpisodePool.open(1);
  });
  afterAll(async () => {
    await pool?.close();
  });

  it("runs after runs on the same threads give what fresh pools and one worker give, each run with its own agents", async () => {
    const runs = [
      { agent: FLAKY, seed: 3, agentOptions: { failOn: "lamp" } },
      { agent: "random", seed: 4, agentOptions: { doneProbability: 0 } },
      { agent: FLAKY, seed: 5, agentOptions: {} },
    ];
    const closeThreads: string[][] = [];
    const runIds: unknown[] = [];
    for (const [i, r] of runs.entries()) {
      const closeLog = path.join(root, `closed-${i}.txt`);
      const buildLog = path.join(root, `built-${i}.txt`);
      const agentOptions = r.agent === FLAKY ? { ...r.agentOptions, closeLog, buildLog } : r.agentOptions;
      await runSuite(options({ ...r, agentOptions, out: path.join(root, `kept-${i}`), pool: pool! }));
      await runSuite(options({ ...r, agentOptions, out: path.join(root, `fresh-${i}`) }));
      await runSuite(options({ ...r, agentOptions, out: path.join(root, `one-${i}`), workers: 1 }));
      const kept = path.join(root, `kept-${i}`);
      expect(resultsOf(kept).episodes.length).toBe(6);
      expect(resultsOf(kept, ["workers"])).toEqual(resultsOf(path.join(root, `fresh-${i}`), ["workers"]));
      expect(resultsOf(kept, ["workers"])).toEqual(resultsOf(path.join(root, `one-${i}`), ["workers"]));
      expect(trajectoriesWithoutTs(kept)).toEqual(trajectoriesWithoutTs(path.join(root, `one-${i}`)));
      // the run's own context reached the thread: its run id (each run's differs) heads every trajectory
      const runId = resultsOf(kept).runId;
      expect(runIds).not.toContain(runId);
      runIds.push(runId);
      for (const text of trajectoriesWithoutTs(kept).values()) expect(JSON.parse(text.split("\n")[0]!).runId).toBe(runId);
      if (r.agent === FLAKY) {
        // the three runs (kept, fresh, one worker) closed every agent they built once: one here each, and a pool
        // thread's where the thread started before the episodes ran out (a fresh thread still loading is called off)
        const closed = closedBy(closeLog);
        expect([...closed].sort()).toEqual(closedBy(buildLog).sort());
        expect(closed.filter((t) => t === String(threadId)).length).toBe(3);
        const inThreads = closed.filter((t) => t !== String(threadId));
        expect(inThreads.length).toBeLessThanOrEqual(2);
        expect(new Set(inThreads).size).toBe(inThreads.length);
        closeThreads.push(inThreads);
      }
    }
    // the kept pool's thread is the same thread run after run: the only pool thread seen in more than one round
    // (a fresh pool's thread is new every time)
    const seen = new Map<string, number>();
    for (const round of closeThreads) for (const t of round) seen.set(t, (seen.get(t) ?? 0) + 1);
    expect([...seen.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(pool!.running).toBe(false);
  });

  it("a run that fails leaves the pool to the next run", async () => {
    const missing = runSuite(options({ out: path.join(root, "missing"), agent: path.join(root, "no-such-agent.ts"), pool: pool! }));
    await expect(missing).rejects.toBeInstanceOf(InputError);
    expect(pool!.running).toBe(false);
    await runSuite(options({ out: path.join(root, "after-failure"), pool: pool!, seed: 9 }));
    await runSuite(options({ out: path.join(root, "after-failure-1"), workers: 1, seed: 9 }));
    expect(trajectoriesWithoutTs(path.join(root, "after-failure"))).toEqual(trajectoriesWithoutTs(path.join(root, "after-failure-1")));
  });

  it("refuses a pool whose size does not match --workers, and a second run while one is running", async () => {
    await expect(runSuite(options({ out: path.join(root, "mismatch"), workers: 3, pool: pool! }))).rejects.toThrow(/workers is 3 but the pool given runs 1 thread/);
    expect(existsSync(path.join(root, "mismatch"))).toBe(false);
    const setup = testWorkerSetup("random", {}, null);
    pool!.beginRun(setup);
    try {
      expect(() => pool!.beginRun(setup)).toThrow(/serving another run/);
      await expect(runSuite(options({ out: path.join(root, "busy"), pool: pool! }))).rejects.toThrow(/serving another run/);
    } finally {
      await pool!.endRun();
    }
    expect(pool!.running).toBe(false);
  });

  it.skipIf(!CAN_LIST_THREADS)("closing the pool stops its threads", async () => {
    const before = threadNames();
    const extra = await EpisodePool.open(2);
    await runSuite(options({ out: path.join(root, "extra"), workers: 3, pool: extra }));
    expect(threadNames().length).toBeGreaterThanOrEqual(before.length + 2);
    await extra.close();
    await expectThreadsBackTo(before);
    await expect(runSuite(options({ out: path.join(root, "after-close"), workers: 3, pool: extra }))).rejects.toThrow(/worker pool has been closed/);
  });
});
