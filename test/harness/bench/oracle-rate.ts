/**
 * Timing script (not a test): an agent's stepping rate on a suite, wall clock only, as `stepsPerSecond` times it
 * (runTimedEpisodes with the trajectory writer, through `suitePasses`), without the bench's CPU-timed and log-only passes. Run it in two
 * checkouts one after the other, several times, to compare them on the same machine in the same hour.
 * Run: `npx tsx test/harness/bench/oracle-rate.ts [--suite default] [--agent oracle] [--reps 8] [--passes 3] [--warmup 0]`.
 * `--warmup N` runs N unmeasured passes first (the bench runs 30: the rate climbs while V8 tiers the hot paths up).
 * Prints each repetition's steps per second as it ends (`rep N: R steps/s`), then the median and every repetition's
 * rate as JSON on the last line.
 * The rate from a cold start, pass by pass, and what V8 still compiles meanwhile (the `rep` lines divide its trace):
 * `node --trace-opt --trace-deopt --import tsx test/harness/bench/oracle-rate.ts --passes 1 --reps 160 > trace.txt`,
 * then count the `completed optimizing` and `bailout` lines between two `rep` lines.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { scriptArg } from "./script-args.ts";
import { suitePasses } from "./suite-passes.ts";

const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const agent = await loadAgent(scriptArg("agent", "oracle"));
// the lane's world pool, as the stepping rate uses it
const worlds = new WorldPool();
const passes = Number(scriptArg("passes", "3"));
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-oracle-rate-"));
const passOver = suitePasses(jobs, worlds, dir);
try {
  const warmup = Number(scriptArg("warmup", "0"));
  if (warmup > 0) await passOver(agent, warmup);
  const rates: number[] = [];
  for (let rep = 0; rep < Number(scriptArg("reps", "8")); rep++) {
    const run = await passOver(agent, passes);
    rates.push(run.steps / (run.steppingMs / 1000));
    console.log(`rep ${rep}: ${Math.round(rates[rep]!)} steps/s`);
  }
  const sorted = [...rates].sort((a, b) => a - b);
  console.log(JSON.stringify({ loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10), medianStepsPerSecond: Math.round(sorted[sorted.length >> 1]!), all: rates.map(Math.round) }));
} finally {
  await agent.close?.();
  rmSync(dir, { recursive: true, force: true });
}
