import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { InputError } from "../../../sim/errors.ts";
import { copyBundledSuite, hasBundledSuite, resultsOf, trajectoriesWithoutTs } from "./run-files.ts";
import { testRunOptions } from "../../helpers/run-options.ts";
import { CAN_LIST_THREADS, expectThreadsBackTo, threadNames } from "../../helpers/os-threads.ts";

const FLAKY = path.join(import.meta.dirname, "fixtures", "flaky-agent.ts");

/** OS threads of this process (Linux): a worker thread that was not stopped is one more. */
describe.skipIf(!hasBundledSuite("default"))("worker pool: agents, failures and clocks", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "pool-"));
  let suite = "";
  const options = (o: Partial<RunOptions>): RunOptions => testRunOptions({ suite, agent: FLAKY, workers: 2, ...o });

  beforeAll(() => {
    suite = copyBundledSuite("default", { limit: 5, maxSteps: 12 });
  });

  it("--workers N runs on the main thread and up to N - 1 pool threads, each with its own agent, each closed once", async () => {
    for (const workers of [2, 3]) {
      const closeLog = path.join(root, `closed-${workers}.txt`);
      const buildLog = path.join(root, `built-${workers}.txt`);
      await runSuite(options({ out: path.join(root, `close-${workers}`), agentOptions: { closeLog, buildLog }, workers }));
      const threads = readFileSync(closeLog, "utf8").trim().split("\n");
      const built = readFileSync(buildLog, "utf8").trim().split("\n");
      // one close per agent built: the calling thread's, and one per pool thread that started before the
      // episodes ran out (a thread still loading then is called off and builds none), none twice
      expect([...threads].sort()).toEqual([...built].sort());
      expect(threads.length).toBeGreaterThanOrEqual(1);
      expect(threads.length).toBeLessThanOrEqual(workers);
      expect(new Set(threads).size).toBe(threads.length);
      expect(threads.filter((t) => t === String(threadId)).length).toBe(1);
      expect(resultsOf(path.join(root, `close-${workers}`)).episodes.length).toBe(5);
    }
  });

  it.skipIf(!CAN_LIST_THREADS)("the pool's threads have ended when the run returns", async () => {
    await runSuite(options({ out: path.join(root, "threads-warm"), workers: 1 })); // libuv and V8 helper threads exist now
    const before = threadNames();
    await runSuite(options({ out: path.join(root, "threads"), workers: 3 }));
    await expectThreadsBackTo(before);
  });

  it("an agent that throws ends only its episode, the same way with 1 or 2 workers", async () => {
    const agentOptions = { failOn: "lamp" };
    await runSuite(options({ out: path.join(root, "flaky-1"), agentOptions, workers: 1 }));
    await runSuite(options({ out: path.join(root, "flaky-2"), agentOptions, workers: 2 }));
    const rows = resultsOf(path.join(root, "flaky-2")).episodes;
    expect(rows.filter((r) => r.error).map((r) => r.id)).toEqual(rows.map((r) => r.id).filter((id) => String(id).includes("lamp")));
    expect(rows.some((r) => !r.error)).toBe(true);
    expect(resultsOf(path.join(root, "flaky-2"), ["workers"])).toEqual(resultsOf(path.join(root, "flaky-1"), ["workers"]));
    expect(trajectoriesWithoutTs(path.join(root, "flaky-2"))).toEqual(trajectoriesWithoutTs(path.join(root, "flaky-1")));
  });

  it("an agent that does not load fails the run with the loader's InputError", async () => {
    const run = runSuite(options({ out: path.join(root, "missing"), agent: path.join(root, "no-such-agent.ts") }));
    await expect(run).rejects.toBeInstanceOf(InputError);
    await expect(run).rejects.toThrow(/agent module not found/);
  });

  it("a pinned clock gives byte-identical trajectories with 1 and 2 workers", async () => {
    const clock = () => {
      let n = 0;
      return () => `2026-01-01T00:00:${String(n++ % 60).padStart(2, "0")}.000Z`;
    };
    await runSuite(options({ out: path.join(root, "clock-1"), workers: 1, now: clock() }));
    await runSuite(options({ out: path.join(root, "clock-2"), workers: 2, now: clock() }));
    const files = [...trajectoriesWithoutTs(path.join(root, "clock-1")).keys()];
    expect(files.length).toBe(5);
    for (const f of files) expect(readFileSync(path.join(root, "clock-2", "episodes", f), "utf8")).toBe(readFileSync(path.join(root, "clock-1", "episodes", f), "utf8"));
  });
});
