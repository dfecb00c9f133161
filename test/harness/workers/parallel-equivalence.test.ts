import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { planMerge, writeMerge } from "../../../harness/merge/merge-runs.ts";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { copyBundledSuite, hasBundledSuite, resultsOf, trajectoriesWithoutTs } from "./run-files.ts";
import { testRunOptions } from "../../helpers/run-options.ts";

const HAVE_SUITE = hasBundledSuite("default");

/** The same run, done five ways: workers 1, workers 2, and three shards merged. */
describe.skipIf(!HAVE_SUITE)("--workers and --shard + merge give the output of one worker", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "parallel-"));
  const out = (name: string) => path.join(root, name);
  let suite = "";

  const options = (o: Partial<RunOptions>): RunOptions => testRunOptions({ suite, agentOptions: { doneProbability: 0.01 }, ...o });

  beforeAll(async () => {
    // ten episodes over all three houses, short enough for a test
    suite = copyBundledSuite("default", { limit: 10, maxSteps: 40 });
    await runSuite(options({ out: out("w1") }));
    await runSuite(options({ out: out("w2"), workers: 2 }));
    for (let i = 1; i <= 3; i++) await runSuite(options({ out: out(`shard-${i}`), shard: { index: i, total: 3 }, workers: i === 2 ? 2 : 1 }));
    const plan = planMerge([1, 2, 3].map((i) => out(`shard-${i}`)));
    writeMerge(plan, out("merged"));
  }, 300_000);

  it("--workers 2 writes the same results.json (but for config.workers) and the same trajectories", () => {
    const one = resultsOf(out("w1"), ["workers"]);
    expect(resultsOf(out("w2"), ["workers"])).toEqual(one);
    expect(one.episodes.length).toBe(10);
    expect(trajectoriesWithoutTs(out("w2"))).toEqual(trajectoriesWithoutTs(out("w1")));
  });

  it("the runs did something worth comparing: varied steps and action errors", () => {
    const rows = resultsOf(out("w1")).episodes;
    expect(new Set(rows.map((r) => r.steps)).size).toBeGreaterThan(3);
    expect(rows.some((r) => Object.keys(r.actionErrors as object).length > 0)).toBe(true);
  });

  it("three shards split the episodes without overlap", () => {
    const ids = [1, 2, 3].flatMap((i) => resultsOf(out(`shard-${i}`)).episodes.map((r) => r.id));
    expect([...ids].sort()).toEqual(resultsOf(out("w1")).episodes.map((r) => r.id).sort());
  });

  it("merging shards 1/3..3/3 gives the unsharded results.json with shard null, in suite order", () => {
    const merged = resultsOf(out("merged"));
    expect(merged.config.shard).toBeNull();
    expect(merged.complete).toBe(true);
    expect(resultsOf(out("merged"), ["workers"])).toEqual(resultsOf(out("w1"), ["workers"]));
  });

  it("merged trajectories equal the unsharded run's, timestamps aside", () => {
    expect(trajectoriesWithoutTs(out("merged"))).toEqual(trajectoriesWithoutTs(out("w1")));
  });
});
