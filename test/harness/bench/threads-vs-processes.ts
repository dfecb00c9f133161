/**
 * Timing script (not a test): is a second lane worth less as a thread than as a process? Runs the workers
 * benchmark's suite (or `--suite FILE`) in one lane and its halves in two lanes at once, with the lanes as
 * worker threads of this process and as child processes, alternating the four runs round by round so that all
 * see the same machine. The lanes are independent (each runs its own `runSuite`, no pool, no event ordering),
 * so the two speedups differ only by what threads of one process share that processes do not.
 * Run: `npx tsx test/harness/bench/threads-vs-processes.ts [--rounds 6] [--suite FILE]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { startLane, writeSuiteHalves } from "../../../harness/bench/two-process-speedup.ts";
import { median } from "../../../harness/bench/stats.ts";
import { writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { scriptArg } from "./script-args.ts";

const rounds = Number(scriptArg("rounds", "6"));
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-threads-vs-processes-"));
const suite = scriptArg("suite", "") || writeWorkersSuite(200, 1000, 200, path.join(dir, "suite"));
const [first, second] = writeSuiteHalves(suite);

/** A lane: `run()` starts its next run and settles when it reports. */
interface Lane {
  run(): Promise<void>;
  stop(): void;
}

function threadLane(file: string, out: string): Promise<Lane> {
  const worker = new Worker(fileURLToPath(new URL("./thread-lane.js", import.meta.url)), { workerData: { args: [file, out] }, execArgv: [] });
  let failed: unknown = null;
  let waiting: { resolve(): void; reject(err: unknown): void } | null = null;
  worker.on("message", () => waiting?.resolve());
  worker.on("error", (err) => ((failed = err), waiting?.reject(err)));
  const next = () => new Promise<void>((resolve, reject) => (failed ? reject(failed) : (waiting = { resolve, reject })));
  return next().then(() => ({ run: () => (worker.postMessage("go"), next()), stop: () => void worker.terminate() }));
}

async function processLane(file: string, out: string): Promise<Lane> {
  const lane = startLane(file, out);
  await lane.next();
  return { run: async () => void (await lane.run()), stop: () => lane.close() };
}

async function time(lanes: Lane[]): Promise<number> {
  const t0 = performance.now();
  await Promise.all(lanes.map((l) => l.run()));
  return performance.now() - t0;
}

const at = (name: string) => path.join(dir, name);
const threads = await Promise.all([threadLane(suite, at("t-one")), threadLane(first, at("t-1")), threadLane(second, at("t-2"))]);
const processes = await Promise.all([processLane(suite, at("p-one")), processLane(first, at("p-1")), processLane(second, at("p-2"))]);
const speedups = { threads: [] as number[], processes: [] as number[] };
try {
  for (let r = 0; r < rounds; r++) {
    const t1 = await time([threads[0]!]);
    const t2 = await time([threads[1]!, threads[2]!]);
    const p1 = await time([processes[0]!]);
    const p2 = await time([processes[1]!, processes[2]!]);
    speedups.threads.push(t1 / t2);
    speedups.processes.push(p1 / p2);
    console.log(`round ${r}: threads ${t1.toFixed(0)} / ${t2.toFixed(0)} ms (${(t1 / t2).toFixed(2)}), processes ${p1.toFixed(0)} / ${p2.toFixed(0)} ms (${(p1 / p2).toFixed(2)})`);
  }
  console.log(`median speedup of two lanes over one: threads ${median(speedups.threads).toFixed(2)}, processes ${median(speedups.processes).toFixed(2)}`);
} finally {
  for (const l of [...threads, ...processes]) l.stop();
  rmSync(dir, { recursive: true, force: true });
}
