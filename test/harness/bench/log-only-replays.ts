/**
 * Timing script (not a test): how much the log-only limit depends on writing each line once. Runs the oracle (or
 * `--agent`) over the suite as the stepping rate does (warm-up passes, then repetitions of three passes with the
 * lane's world pool), and after each repetition writes its recorded step lines `--replays` times with no
 * simulation. Prints the stepping rate, the first replay's lines/s (what `logOnlyStepsPerSecond` takes) and the
 * median replay's, and the fraction each gives: docs/performance-history.md, "How the log-only limit is measured matters" (session 12).
 * Run: `npx tsx test/harness/bench/log-only-replays.ts [--agent oracle] [--suite default] [--warmup 30] [--reps 8] [--replays 5]`.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { median } from "../../../harness/bench/stats.ts";
import { replayLines, runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { scriptArg } from "./script-args.ts";

const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const agent = await loadAgent(scriptArg("agent", "oracle"));
const worlds = new WorldPool();
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-log-only-"));
const passes = (n: number) => Array.from({ length: n }, () => jobs).flat();
try {
  const warm = new TrajectoryWriter(path.join(dir, "warm-up"));
  warm.onBegin();
  await runTimedEpisodes(passes(Number(scriptArg("warmup", "30"))), agent, warm, { worlds });
  const [sps, first, typical]: number[][] = [[], [], []];
  for (let rep = 0; rep < Number(scriptArg("reps", "8")); rep++) {
    const repDir = path.join(dir, `rep-${rep}`);
    mkdirSync(repDir);
    const writer = new TrajectoryWriter(path.join(repDir, "run"));
    writer.onBegin();
    const run = await runTimedEpisodes(passes(3), agent, writer, { record: true, worlds });
    sps.push(run.steps / (run.steppingMs / 1000));
    const rates: number[] = [];
    for (let k = 0; k < Number(scriptArg("replays", "5")); k++) {
      const logWriter = new TrajectoryWriter(path.join(repDir, `log-${k}`));
      logWriter.onBegin();
      const log = replayLines(run.episodes, logWriter);
      rates.push(log.steps / (log.ms / 1000));
    }
    first.push(rates[0]!);
    typical.push(median(rates));
  }
  const [s, f, t] = [median(sps), median(first), median(typical)];
  const round = (xs: number[]) => xs.map((x) => Math.round(x));
  console.log(JSON.stringify({ stepsPerSecond: Math.round(s), firstReplay: Math.round(f), medianReplay: Math.round(t), fractionFirst: +(s / f).toFixed(3), fractionMedian: +(s / t).toFixed(3), perRep: { stepsPerSecond: round(sps), firstReplay: round(first), medianReplay: round(typical) } }));
} finally {
  await agent.close?.();
  rmSync(dir, { recursive: true, force: true });
}
