/**
 * Timing script (not a test): what two threads give on this machine, by kind of work, with nothing of the
 * simulator in it. Each kind runs as one thread doing all of it, then as two threads doing half each (median of
 * `--reps` rounds); the ratio is the most a second lane can give to work of that kind here:
 * - `compute`: integer arithmetic in registers (no memory traffic);
 * - `allocate`: short-lived small objects (young-generation allocation and scavenges; how well it scales depends on
 *   the young generation's size: run it under `NODE_OPTIONS=--max-semi-space-size=16` to see);
 * - `stream`: reads and writes over a 32 MB array per thread (memory bandwidth).
 * An episode falls between the last two (its worlds are megabytes; its steps allocate): `workersSpeedup` on a
 * machine is best read against these.
 * Run: `npx tsx test/harness/bench/machine-scaling.ts [--reps 3]`. Prints one JSON object.
 */
import { Worker } from "node:worker_threads";
import { median } from "../../../harness/bench/stats.ts";
import { scriptArg } from "./script-args.ts";

/** Each kind's work, as JavaScript a worker evaluates: `work(share)` does `share` of the whole. */
const KINDS: Record<string, string> = {
  compute: `(share) => { let x = 1; for (let i = 0; i < 1e8 * share; i++) x = (x * 1103515245 + 12345 + i) % 2147483647; return x; }`,
  allocate: `(share) => { let s = 0; for (let i = 0; i < 6e7 * share; i++) { const o = { a: i, b: [i, i + 1, i + 2], c: "k" + (i & 1023) }; s += o.b.length + o.c.length; } return s; }`,
  stream: `(share) => { const a = new Float64Array(4 << 20); let s = 0; for (let r = 0; r < 40 * share; r++) for (let i = 0; i < a.length; i += 8) { a[i] += r; s += a[(i * 7919) & (a.length - 1)]; } return s; }`,
};

/** Wall time of `threads` workers each doing 1/threads of `kind`'s work at once, ms (thread start-up excluded). */
async function timeThreads(kind: string, threads: number): Promise<number> {
  const code = `const { parentPort, workerData } = require("node:worker_threads");
    const work = ${KINDS[kind]};
    parentPort.once("message", () => { work(workerData.share); parentPort.postMessage("done"); });
    parentPort.postMessage("ready");`;
  const workers = Array.from({ length: threads }, () => new Worker(code, { eval: true, workerData: { share: 1 / threads } }));
  try {
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once("message", resolve))));
    const t0 = performance.now();
    const done = workers.map((w) => new Promise((resolve) => w.once("message", resolve)));
    for (const w of workers) w.postMessage("go");
    await Promise.all(done);
    return performance.now() - t0;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

const reps = Number(scriptArg("reps", "3"));
const out: Record<string, { oneThreadMs: number; twoThreadsMs: number; speedup: number }> = {};
for (const kind of Object.keys(KINDS)) {
  const one: number[] = [];
  const two: number[] = [];
  for (let r = 0; r < reps; r++) {
    one.push(await timeThreads(kind, 1));
    two.push(await timeThreads(kind, 2));
  }
  out[kind] = { oneThreadMs: Math.round(median(one)), twoThreadsMs: Math.round(median(two)), speedup: Math.round((100 * median(one)) / median(two)) / 100 };
}
console.log(JSON.stringify(out));
