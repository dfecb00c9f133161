import path from "node:path";
import { EpisodePool } from "../workers/episode-pool.ts";
import { measureAllocation, type Allocation } from "./allocation.ts";
import { median, spreadOf, timeIt, warmupCount, type Spread } from "./stats.ts";
import { runTimeline } from "./run-timeline.ts";
import { runWorkersSuite, writeWorkersSuite } from "./workers-suite.ts";

/** Wall time of the same run with one worker and with two. */
export interface WorkersSpeedup {
  /**
   * Median wall time with `--workers 1` over median wall time with `--workers 2`, both warm: the one-worker
   * runs on this process's main thread, the two-worker runs on it and a pool thread kept across the runs.
   */
  workersSpeedup: number;
  oneWorkerMs: number;
  twoWorkersMs: number;
  /**
   * Median wall time with `--workers 2` on a pool started for the run, as `rearrange run --workers 2` does:
   * the thread starts, loads the simulator and compiles its hot code while the run goes on.
   */
  coldTwoWorkersMs: number;
  /** oneWorkerMs / coldTwoWorkersMs. */
  coldWorkersSpeedup: number;
  /** Process CPU time (all threads) of each run, ms, median: what the run cost, whatever else the machine did. */
  oneWorkerCpuMs: number;
  twoWorkersCpuMs: number;
  /**
   * Extra wall time of starting a two-worker pool, ms: a two-episode, one-step run with two workers
   * minus the same with one (each thread loads the precompiled worker, reads the scene files and runs
   * cold code, while the one-worker run reuses this process's warm main thread).
   */
  poolStartMs: number;
  episodes: number;
  /**
   * Median time from a warm run's start to its first episode's header line, ms (reading the files, handing them
   * to the thread, the first reset), with one worker and with two.
   */
  oneWorkerHeadMs: number;
  twoWorkersHeadMs: number;
  /** Median of a warm run's episodes' own time summed (header line to end line), ms, with one worker and with two. */
  oneWorkerEpisodeMs: number;
  twoWorkersEpisodeMs: number;
  /** twoWorkersEpisodeMs / oneWorkerEpisodeMs: how much longer an episode takes while another runs beside it. */
  episodeSlowdown: number;
  /**
   * What a warm one-worker run allocates on the main thread (median over the runs): kilobytes a step (every byte
   * of the run, loading and writing included, over its steps), young-generation collections per thousand steps,
   * and the share of the run's wall time spent in collection pauses. The same steps allocate the same bytes on
   * any host, so this is the figure that shows a change in allocation: the two-worker ratio pays for it through
   * V8's helper threads, which a second lane has to share its core with.
   */
  oneWorkerAllocatedKBPerStep: number;
  oneWorkerScavengesPer1kSteps: number;
  oneWorkerGcPauseShare: number;
  /** The suite file the runs ran (the two-process benchmark runs it too). */
  suiteFile: string;
  /** One worker's wall time over two workers', repetition by repetition (each repetition runs both in turn). */
  speedupSpread: Spread;
}

/**
 * Writes a suite of `episodes` episodes over a few generated houses of `objects` objects, then runs it with the
 * `random` agent (cheap: the run is mostly the simulator's own work) through `runSuite` with one worker
 * and with two, `reps` times each, alternating. Wall time covers the whole run: loading, settling, stepping
 * and writing trajectories and results.
 *
 * Warm against warm: the one-worker runs use this process's main thread, whose code the JIT has compiled by
 * now; the two-worker runs use it and a pool thread kept across the runs (`runSuite`'s `pool`), as a process
 * that runs suite after suite does. Unmeasured runs go first: one with one worker, and `warmups` with two. The
 * main thread has run this code through most of the bench by then; the kept thread is a new isolate, whose runs keep
 * getting faster for over a thousand episodes (its JIT tiering up, its heap growing: two-worker runs of the 200-episode
 * suite went ~1,030 → ~800 ms over their first six), so with a single warm-up the two-worker runs were timed while
 * one of their lanes was still warming up. Four warm-ups were not enough either (session 39): V8 kept optimizing
 * functions of both lanes for the first dozen two-worker runs (100 – 660 ms of compilation a run on its helper
 * threads, against 40 – 130 ms after that), and a two-worker run shares its cores with those helpers while a
 * one-worker run leaves them the idle core. A run on a fresh pool, as `rearrange run --workers 2` starts, is timed as well
 * (`reps` times, after the warm repetitions): `coldTwoWorkersMs`, and the start alone, `poolStartMs`.
 */
export async function measureWorkersSpeedup(options: { episodes: number; objects: number; maxSteps: number; reps: number; warmups?: number; dir: string }): Promise<WorkersSpeedup> {
  const suite = writeWorkersSuite(options.episodes, options.objects, options.maxSteps, path.join(options.dir, "suite"));
  const times = { 1: [] as number[], 2: [] as number[] };
  const cpu = { 1: [] as number[], 2: [] as number[] };
  /** The warm runs, whose trajectories are read once every run is done (reading them between runs would disturb the next). */
  const timed: { workers: 1 | 2; out: string; startedAt: number; endedAt: number }[] = [];
  const cold: number[] = [];
  const heap: { kbPerStep: number; scavengesPer1k: number; pauseShare: number }[] = [];
  const kept = await EpisodePool.open(1);
  try {
    await warmUpWorkersRuns(suite, kept, warmupCount(options.warmups), options.dir);
    for (let rep = 0; rep < options.reps; rep++) {
      for (const workers of [1, 2] as const) {
        const out = path.join(options.dir, `run-w${workers}-${rep}`);
        const startedAt = Date.now();
        let t;
        if (workers === 1) {
          // only a one-worker run's allocation is this thread's alone (a two-worker run's other lane is another heap)
          const measured = await timeIt(() => measureAllocation(() => runWorkersSuite(suite, 1, out)));
          heap.push(heapFigures(measured.value, measured.wallMs));
          t = measured;
        } else t = await timeIt(() => runWorkersSuite(suite, 2, out, kept));
        timed.push({ workers, out, startedAt, endedAt: Date.now() });
        times[workers].push(t.wallMs);
        cpu[workers].push(t.cpuMs);
      }
    }
    // after the warm runs, not between them: starting and ending a pool's thread (a new isolate and its 192 MB
    // young generation) disturbed the one-worker run that followed it
    for (let rep = 0; rep < options.reps; rep++) cold.push((await timeIt(() => runWorkersSuite(suite, 2, path.join(options.dir, `run-cold-${rep}`)))).wallMs);
  } finally {
    await kept.close();
  }
  const tiny = writeWorkersSuite(2, options.objects, 1, path.join(options.dir, "tiny"));
  const start = { 1: [] as number[], 2: [] as number[] };
  for (let rep = 0; rep < options.reps; rep++) {
    for (const workers of [1, 2] as const) start[workers].push((await timeIt(() => runWorkersSuite(tiny, workers, path.join(options.dir, `tiny-w${workers}-${rep}`)))).wallMs);
  }
  const head = { 1: [] as number[], 2: [] as number[] };
  const episodeTime = { 1: [] as number[], 2: [] as number[] };
  for (const run of timed) {
    const timeline = runTimeline(run.out, run.startedAt, run.endedAt);
    head[run.workers].push(timeline.headMs);
    episodeTime[run.workers].push(timeline.episodeMs);
  }
  const oneWorkerMs = median(times[1]);
  const twoWorkersMs = median(times[2]);
  const coldTwoWorkersMs = median(cold);
  return {
    workersSpeedup: oneWorkerMs / twoWorkersMs,
    oneWorkerMs,
    twoWorkersMs,
    coldTwoWorkersMs,
    coldWorkersSpeedup: oneWorkerMs / coldTwoWorkersMs,
    oneWorkerCpuMs: median(cpu[1]),
    twoWorkersCpuMs: median(cpu[2]),
    poolStartMs: Math.max(0, median(start[2]) - median(start[1])),
    oneWorkerHeadMs: median(head[1]),
    twoWorkersHeadMs: median(head[2]),
    oneWorkerEpisodeMs: median(episodeTime[1]),
    twoWorkersEpisodeMs: median(episodeTime[2]),
    episodeSlowdown: median(episodeTime[2]) / median(episodeTime[1]),
    oneWorkerAllocatedKBPerStep: median(heap.map((h) => h.kbPerStep)),
    oneWorkerScavengesPer1kSteps: median(heap.map((h) => h.scavengesPer1k)),
    oneWorkerGcPauseShare: median(heap.map((h) => h.pauseShare)),
    episodes: options.episodes,
    suiteFile: suite,
    speedupSpread: spreadOf(times[1].map((ms, rep) => ms / times[2][rep]!)),
  };
}

/** Allocation figures of one run: KB and scavenges per step, and pause time over wall time. */
function heapFigures(a: Allocation<Awaited<ReturnType<typeof runWorkersSuite>>>, wallMs: number) {
  let steps = 0;
  for (const row of a.value.episodes) steps += row.steps;
  return { kbPerStep: a.allocatedBytes / 1024 / steps, scavengesPer1k: (1000 * a.scavenges) / steps, pauseShare: a.gcPauseMs / wallMs };
}

/**
 * The unmeasured runs before the timed ones, as `workersSpeedup` makes them: one with one worker (this thread), then
 * `twoWorkerRuns` with two on the kept pool `kept` (its thread, a new isolate, keeps getting faster for over a
 * thousand episodes). The timing scripts that compare with the bench (test/harness/bench/workers-lanes.ts,
 * thread-cpu.ts) warm up the same way. Run folders go under `dir`.
 */
export async function warmUpWorkersRuns(suite: string, kept: EpisodePool, twoWorkerRuns: number, dir: string): Promise<void> {
  await runWorkersSuite(suite, 1, path.join(dir, "warm-up-w1"));
  for (let k = 0; k < twoWorkerRuns; k++) await runWorkersSuite(suite, 2, path.join(dir, `warm-up-w2-${k}`), kept);
}
