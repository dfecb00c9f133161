/**
 * Timing script (not a test): where a two-worker run's extra time goes. Runs a suite in this process with one
 * worker and with two, alternating (`--rounds` times each), and prints for each run its wall and CPU time and
 * episode durations (header to end line); for two-worker runs, per lane: which episode it started with, how many
 * it ran, their median and its first ten. Lanes are told apart by time: an episode belongs to the lane that
 * became free last before it began. Default suite: 200 random-agent episodes over 4 generated 1000-object
 * houses, as `workersSpeedup` runs them.
 * Each run also prints `firstBeginMs` (from the call to the first episode's header line: reading the files, handing
 * them to the thread, the first world's load) and `afterLastEndMs` (from the last end line to the return), and each
 * lane (the run, with one worker) its episodes' time summed (`sumMs`) and the time between them (`gapMs`: resets,
 * opening and closing files, results).
 * With `--kept`, the two-worker runs share one pool thread kept across the rounds, after the bench's own unmeasured
 * runs (`warmUpWorkersRuns`: one with one worker and the plan's `workerWarmups` with two): warm against warm, as `workersSpeedup` times them;
 * without it each two-worker run
 * starts its thread, as `rearrange run --workers 2` does.
 * Run: `npx tsx test/harness/bench/workers-lanes.ts [--episodes 200] [--rounds 3] [--kept]`.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { episodeSpans, type EpisodeSpan } from "../../../harness/bench/run-timeline.ts";
import { median } from "../../../harness/bench/stats.ts";
import { FULL_PLAN } from "../../../harness/bench/run-bench.ts";
import { warmUpWorkersRuns } from "../../../harness/bench/workers-speedup.ts";
import { runWorkersSuite, writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { scriptArg } from "./script-args.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-workers-lanes-"));

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

/** Time between one episode's end line and the next one's header on a lane, summed (resets, files, results), ms. */
function gaps(lane: readonly EpisodeSpan[]): number {
  let total = 0;
  for (let i = 1; i < lane.length; i++) total += lane[i]!.begin - lane[i - 1]!.end;
  return total;
}

/** Splits episodes into `n` lanes: each goes to the lane that became free last before it began. */
function lanes(rows: EpisodeSpan[], n: number): (typeof rows)[] {
  const out = Array.from({ length: n }, () => [] as typeof rows);
  const free = Array.from({ length: n }, () => Number.NEGATIVE_INFINITY);
  for (const r of rows) {
    let best = -1;
    for (let i = 0; i < n; i++) if (free[i]! <= r.begin && (best < 0 || free[i]! > free[best]!)) best = i;
    if (best < 0) best = free.indexOf(Math.min(...free));
    out[best]!.push(r);
    free[best] = r.end;
  }
  return out;
}

const kept = process.argv.includes("--kept") ? await EpisodePool.open(1) : undefined;
try {
  const suite = writeWorkersSuite(Number(scriptArg("episodes", "200")), 1000, 200, path.join(dir, "suite"));
  if (kept) await warmUpWorkersRuns(suite, kept, FULL_PLAN.workerWarmups, dir);
  for (let round = 0; round < Number(scriptArg("rounds", "3")); round++) {
    for (const workers of [1, 2]) {
      const out = path.join(dir, `run-${round}-w${workers}`);
      mkdirSync(out);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const startedAt = Date.now();
      await runWorkersSuite(suite, workers, out, workers === 2 ? kept : undefined);
      const wallMs = performance.now() - t0;
      const endedAt = Date.now();
      const cpu = process.cpuUsage(cpu0);
      const rows = episodeSpans(out);
      const ms = (rs: typeof rows) => rs.map((r) => r.end - r.begin);
      const perLane = workers === 1 ? [] : lanes(rows, workers).map((l) => ({ first: l[0]?.id ?? null, episodes: l.length, medianMs: l.length ? median(ms(l)) : null, sumMs: sum(ms(l)), gapMs: gaps(l), firstTenMs: ms(l).slice(0, 10) }));
      console.log(JSON.stringify({ round, workers, wallMs: Math.round(wallMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000), episodeMedianMs: median(ms(rows)), episodeSumMs: sum(ms(rows)), gapMs: workers === 1 ? gaps(rows) : null, firstBeginMs: rows[0]!.begin - startedAt, afterLastEndMs: endedAt - Math.max(...rows.map((r) => r.end)), lanes: perLane }));
    }
  }
} finally {
  await kept?.close();
  rmSync(dir, { recursive: true, force: true });
}
