/**
 * Timing script (not a test): the stepping rate pass by pass from a cold start, as `stepsPerSecond` times it
 * (runTimedEpisodes with the trajectory writer, one pass over the suite at a time), to see how long V8 takes to
 * settle: the bench's `suiteWarmupPasses` should cover the climb. Prints `pass N: R steps/s` for every pass, then
 * the median rate of each span of passes as JSON.
 *
 * Run under V8's tracing to see what it still compiles, pass by pass (the `pass N` lines divide its output):
 * `node --trace-opt --trace-deopt --import tsx test/harness/bench/warm-up-curve.ts --passes 160 > trace.txt`, then
 * count the `completed optimizing` and `bailout` lines between two `pass` lines.
 * Run: `npx tsx test/harness/bench/warm-up-curve.ts [--passes 160] [--suite default] [--agent oracle]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { median } from "../../../harness/bench/stats.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { scriptArg } from "./script-args.ts";
import { suitePasses } from "./suite-passes.ts";

/** Where the spans of passes the summary gives begin (each ends where the next begins). */
const SPAN_STARTS = [0, 10, 20, 30, 40, 60, 90, 120, 160, 240, 320];

const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const agent = await loadAgent(scriptArg("agent", "oracle"));
const passes = Number(scriptArg("passes", "160"));
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-warm-up-curve-"));
const passOver = suitePasses(jobs, new WorldPool(), dir);
const rates: number[] = [];
try {
  for (let p = 0; p < passes; p++) {
    const run = await passOver(agent, 1);
    rates.push(run.steps / (run.steppingMs / 1000));
    console.log(`pass ${p}: ${Math.round(rates[p]!)} steps/s`);
  }
} finally {
  await agent.close?.();
  rmSync(dir, { recursive: true, force: true });
}
const spans: Record<string, number> = {};
for (let i = 0; i < SPAN_STARTS.length && SPAN_STARTS[i]! < passes; i++) {
  const from = SPAN_STARTS[i]!;
  const to = Math.min(SPAN_STARTS[i + 1] ?? passes, passes);
  spans[`${from}-${to - 1}`] = Math.round(median(rates.slice(from, to)));
}
console.log(JSON.stringify({ passes, medianStepsPerSecondByPasses: spans }));
