import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import type { LaneMessage } from "./process-lane-main.ts";
import { appliedCliV8Flags } from "../cli/v8-options.js";
import { CHILD_ENTRIES, childEntry } from "./child-entry.ts";
import { median, spreadOf, warmupCount, type Spread } from "./stats.ts";

/** What two processes running half a suite each give over one process running all of it. */
export interface TwoProcessSpeedup {
  /**
   * Median wall time of the suite in one process over the median wall time of its two halves in two processes
   * at once, all warm: what this machine gives two independent lanes of this work, sharing nothing but the
   * machine (its caches, memory and cores). `workersSpeedup` is the same run over threads of one process, so
   * this is the most it can reach here; on a machine whose cores share little, it is near 2.
   */
  twoProcessSpeedup: number;
  oneProcessMs: number;
  twoProcessesMs: number;
  /** Process CPU time, ms, median: the one process's, and the two processes' summed. */
  oneProcessCpuMs: number;
  twoProcessesCpuMs: number;
  /** The ratio repetition by repetition. */
  speedupSpread: Spread;
}

/**
 * Runs the suite (a file written by the workers benchmark) in one child process, and its two halves (every
 * other episode each, so both get every house alike) in two child processes at the same time, `reps` times
 * each, alternating. Every child first runs its suite `warmups` times unmeasured (as the workers benchmark warms its
 * kept thread) and then waits, so all three are warm
 * and loaded before the first timed run; a run's time is from telling the lanes to start to the last one's
 * report (the children's own start-up is left out, as the warm workers figure leaves the pool's out).
 */
export async function measureTwoProcessSpeedup(options: { suite: string; reps: number; warmups?: number; dir: string }): Promise<TwoProcessSpeedup> {
  const [first, second] = writeSuiteHalves(options.suite);
  const warmups = warmupCount(options.warmups);
  const from = await childEntry(CHILD_ENTRIES.processLane);
  const lanes = [startLane(options.suite, path.join(options.dir, "one"), warmups, from), startLane(first, path.join(options.dir, "half-1"), warmups, from), startLane(second, path.join(options.dir, "half-2"), warmups, from)];
  try {
    await Promise.all(lanes.map((l) => l.next()));
    const [whole, ...halves] = lanes as [Lane, Lane, Lane];
    const one: Timed[] = [];
    const two: Timed[] = [];
    for (let rep = 0; rep < options.reps; rep++) {
      one.push(await timeLanes([whole]));
      two.push(await timeLanes(halves));
    }
    const oneProcessMs = median(one.map((t) => t.wallMs));
    const twoProcessesMs = median(two.map((t) => t.wallMs));
    return {
      twoProcessSpeedup: oneProcessMs / twoProcessesMs,
      oneProcessMs,
      twoProcessesMs,
      oneProcessCpuMs: median(one.map((t) => t.cpuMs)),
      twoProcessesCpuMs: median(two.map((t) => t.cpuMs)),
      speedupSpread: spreadOf(one.map((t, rep) => t.wallMs / two[rep]!.wallMs)),
    };
  } finally {
    // waited for: a lane killed mid-run (another lane failed) may otherwise still be writing its run folder
    await Promise.all(lanes.map((l) => l.close()));
  }
}

interface Timed {
  wallMs: number;
  cpuMs: number;
}

/** Starts the lanes' next run together; wall time until the last reports, CPU time summed. */
async function timeLanes(lanes: readonly Lane[]): Promise<Timed> {
  const t0 = performance.now();
  const reports = await Promise.all(lanes.map((l) => l.run()));
  return { wallMs: performance.now() - t0, cpuMs: reports.reduce((s, r) => s + r.cpuMs, 0) };
}

/**
 * Writes the suite's episodes split in two, alternately, as `<name>.half-1.json` and `<name>.half-2.json`
 * beside it (so the scene and task paths resolve as in the suite); returns the two files.
 */
export function writeSuiteHalves(suiteFile: string): [string, string] {
  const suite = JSON.parse(readFileSync(suiteFile, "utf8")) as { id: string; episodes: unknown[] };
  const files = [1, 2].map((half) => {
    const file = suiteFile.replace(/(\.suite)?\.json$/, `.half-${half}.json`);
    const episodes = suite.episodes.filter((_, i) => i % 2 === half - 1);
    writeFileSync(file, `${JSON.stringify({ ...suite, id: `${suite.id}-half-${half}`, episodes }, null, 2)}\n`);
    return file;
  });
  return [files[0]!, files[1]!];
}

/** A child process serving one lane (see process-lane-main.ts). */
export interface Lane {
  /** The lane's next message (its first: ready). Rejects, with the lane's stderr, if it exits first. */
  next(): Promise<LaneMessage>;
  /** Starts one timed run; resolves with its report. */
  run(): Promise<Extract<LaneMessage, { run: number }>>;
  /** Ends the lane (stdin closed, killed if still running); resolves once the process has exited. */
  close(): Promise<void>;
}

/**
 * Starts a child process that serves one lane of `suite`, writing its runs under `out` after `warmups` unmeasured
 * ones; `next()` hears it ready. `from`: the file the child starts from (its bundle, see {@link childEntry}; by
 * default the tsx bootstrap).
 */
export function startLane(suite: string, out: string, warmups = 1, from: string = CHILD_ENTRIES.processLane.bootstrap): Lane {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...appliedCliV8Flags(), from, suite, out, String(warmups)], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) => {
    child.on("close", (code, signal) => reject(new Error(`benchmark lane for ${suite} exited (${signal ?? `code ${code}`}) before reporting: ${stderr.trim() || "no output"}`)));
  });
  // a lane that exits while nobody waits on it must not be an unhandled rejection; this also settles once it is gone
  const gone = exited.catch(() => undefined);
  const next = async (): Promise<LaneMessage> => {
    const line = await Promise.race([lines.next(), exited]);
    if (line.done) return exited;
    return JSON.parse(line.value) as LaneMessage;
  };
  return {
    next,
    async run() {
      child.stdin.write("go\n");
      const m = await next();
      if (!("run" in m)) throw new Error(`benchmark lane for ${suite} answered ${JSON.stringify(m)} to a run`);
      return m;
    },
    async close() {
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await gone;
    },
  };
}
