/**
 * Timing script (not a test; Linux only): where the CPU time of the workers benchmark's runs goes, thread by
 * thread. Runs the 200-episode workers suite with one worker and with two (a kept pool, warm, as `workersSpeedup`
 * times them), alternating `--reps` times, and reads each thread's CPU time from /proc/self/task before and after
 * every run. Prints the medians: wall time, the main thread's CPU, the pool thread's (the busiest other thread of a
 * two-worker run), and the rest — V8's and libuv's helper threads (concurrent marking and sweeping, parallel
 * scavenges, background compiles, file writes).
 * Run: `npx tsx test/harness/bench/thread-cpu.ts [--reps 5]`. Prints one JSON object.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median } from "../../../harness/bench/stats.ts";
import { FULL_PLAN } from "../../../harness/bench/run-bench.ts";
import { warmUpWorkersRuns } from "../../../harness/bench/workers-speedup.ts";
import { runWorkersSuite, writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { scriptArg } from "./script-args.ts";

/** CPU time of each thread of this process so far, ms (clock ticks of 10 ms), by thread id. */
function threadCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the name
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-thread-cpu-"));
const kept = await EpisodePool.open(1);
try {
  const suite = writeWorkersSuite(200, 1000, 200, path.join(dir, "suite"));
  await warmUpWorkersRuns(suite, kept, FULL_PLAN.workerWarmups, dir);
  const rows: Record<string, number[]> = {};
  const add = (key: string, v: number) => (rows[key] ??= []).push(v);
  for (let rep = 0; rep < Number(scriptArg("reps", "5")); rep++) {
    for (const workers of [1, 2] as const) {
      const before = threadCpu();
      const t0 = performance.now();
      await runWorkersSuite(suite, workers, path.join(dir, `run-w${workers}-${rep}`), workers === 2 ? kept : undefined);
      const wall = performance.now() - t0;
      const spent = [...threadCpu()].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)] as const);
      const main = spent.find(([tid]) => tid === process.pid)?.[1] ?? 0;
      const others = spent.filter(([tid]) => tid !== process.pid).map(([, ms]) => ms).sort((a, b) => b - a);
      const lane = workers === 2 ? (others.shift() ?? 0) : 0;
      add(`w${workers}WallMs`, wall);
      add(`w${workers}MainCpuMs`, main);
      if (workers === 2) add("w2ThreadCpuMs", lane);
      add(`w${workers}HelpersCpuMs`, others.reduce((s, ms) => s + ms, 0));
    }
  }
  const medians = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, Math.round(median(v))]));
  console.log(JSON.stringify({ loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10), ...medians, speedup: Math.round((median(rows.w1WallMs!) / median(rows.w2WallMs!)) * 1000) / 1000 }));
} finally {
  await kept.close();
  rmSync(dir, { recursive: true, force: true });
}
