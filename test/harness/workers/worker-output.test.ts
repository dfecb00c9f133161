import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { InputError } from "../../../sim/errors.ts";
import { copyBundledSuite, hasBundledSuite, resultsOf, trajectoriesWithoutTs } from "./run-files.ts";
import { testRunOptions } from "../../helpers/run-options.ts";

/** Records what a reporter sees: every event's type, key and step number, in order. */
function recorder(): { reporter: Reporter; seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    reporter: {
      onEpisodeBegin: (key) => void seen.push(`begin ${key}`),
      onStep: (key, step) => void seen.push(`step ${key} ${step.t} ${JSON.stringify(step.action)}`),
      onEpisodeEnd: (key, _h, end) => void seen.push(`end ${key} ${end.reason}`),
    },
  };
}

/**
 * With workers the threads write trajectories themselves and send the main thread only each
 * episode's begin and end — unless a reporter wants steps (then every event crosses and the main
 * thread writes them). Every way, and the fallback (tsx) threads, must write what one worker writes.
 */
describe.skipIf(!hasBundledSuite("default"))("worker-written trajectories and event streams equal one worker's", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "worker-output-"));
  const out = (name: string) => path.join(root, name);
  let suite = "";
  const oneWorker = recorder();
  const options = (o: Partial<RunOptions>): RunOptions => testRunOptions({ suite, agentOptions: { doneProbability: 0.02 }, workers: 2, ...o });
  const savedEnv = process.env.REARRANGE_WORKER_BUNDLE;
  afterEach(() => {
    if (savedEnv === undefined) delete process.env.REARRANGE_WORKER_BUNDLE;
    else process.env.REARRANGE_WORKER_BUNDLE = savedEnv;
  });

  beforeAll(async () => {
    suite = copyBundledSuite("default", { limit: 7, maxSteps: 25 });
    await runSuite(options({ out: out("w1"), workers: 1, reporters: [oneWorker.reporter] }));
  }, 120_000);

  it("a reporter that wants steps gets the one-worker stream, and the files match", async () => {
    const two = recorder();
    await runSuite(options({ out: out("steps-2"), reporters: [two.reporter] }));
    expect(two.seen).toEqual(oneWorker.seen);
    expect(oneWorker.seen.filter((s) => s.startsWith("step")).length).toBeGreaterThan(20);
    expect(resultsOf(out("steps-2"), ["workers"])).toEqual(resultsOf(out("w1"), ["workers"]));
    expect(trajectoriesWithoutTs(out("steps-2"))).toEqual(trajectoriesWithoutTs(out("w1")));
  });

  it("reporters without onStep still see every episode's begin and end in plan order", async () => {
    const seen: string[] = [];
    const ends: Reporter = { onEpisodeBegin: (key) => void seen.push(`begin ${key}`), onEpisodeEnd: (key, _h, end) => void seen.push(`end ${key} ${end.reason}`) };
    await runSuite(options({ out: out("ends-2"), reporters: [ends] }));
    expect(seen).toEqual(oneWorker.seen.filter((s) => !s.startsWith("step")));
    expect(trajectoriesWithoutTs(out("ends-2"))).toEqual(trajectoriesWithoutTs(out("w1")));
  });

  it("the fallback (threads that load TypeScript through tsx) writes the same output", async () => {
    process.env.REARRANGE_WORKER_BUNDLE = "0";
    await runSuite(options({ out: out("tsx-2") }));
    expect(resultsOf(out("tsx-2"), ["workers"])).toEqual(resultsOf(out("w1"), ["workers"]));
    expect(trajectoriesWithoutTs(out("tsx-2"))).toEqual(trajectoriesWithoutTs(out("w1")));
  });

  it("a trajectory a worker cannot write fails the run with an InputError naming the file", async () => {
    const dir = out("blocked");
    const firstKey = resultsOf(out("w1")).episodes[1]!.id as string;
    // a folder where the trajectory file should go: opening it for writing fails (EISDIR)
    mkdirSync(path.join(dir, "episodes", `${firstKey}.jsonl`), { recursive: true });
    const run = runSuite(options({ out: dir }));
    await expect(run).rejects.toBeInstanceOf(InputError);
    await expect(run).rejects.toThrow(new RegExp(`${firstKey}\\.jsonl.*cannot write the run's output`));
    // the episode whose trajectory failed is not listed as finished (a --resume reruns it)
    expect(resultsOf(dir).episodes.map((r) => r.id)).not.toContain(firstKey);
    expect(resultsOf(dir).complete).toBe(false);
  });
});
