import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { appliedCliV8Flags } from "../cli/v8-options.js";
import { filesystemOf } from "./scratch-filesystem.ts";
import { measureStepScaling, measurePlaceLatency } from "./house-stepping.ts";
import { measureLoad } from "./load-time.ts";
import { measurePeakRss } from "./peak-rss.ts";
import type { ActionTime } from "./stepping-breakdown.ts";
import { measureSteppingRate } from "./stepping-rate.ts";
import { roundSig, type Spread } from "./stats.ts";
import { MEASUREMENT_FIGURES, type BenchFigure } from "./figures.ts";
import { evaluateTargets, TARGETS, type TargetCheck } from "./targets.ts";
import { measureTwoProcessSpeedup } from "./two-process-speedup.ts";
import { measureWorkersSpeedup } from "./workers-speedup.ts";

/** The machine the figures come from. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  node: string;
  platform: string;
  totalMemMB: number;
  /** 1, 5 and 15 minute load averages when the benchmark started: other work on the machine slows wall times. */
  loadAverage: number[];
  /**
   * Where the timed runs wrote their trajectories (the folder under which the bench made its scratch folder) and the
   * kind of filesystem it is on (`filesystemOf`): creating and writing an episode's file is part of a run's wall time.
   */
  scratch: { dir: string; filesystem: string };
  /**
   * The V8 options the command line set in this process (harness/cli/v8-options.js; none when the bench runs as a
   * library call): they change how fast the same code runs.
   */
  v8Flags: string[];
}

/** Everything `rearrange bench` reports. Times are medians of `repetitions` repetitions in this process. */
export interface BenchResult {
  machine: MachineInfo;
  quick: boolean;
  repetitions: number;
  stepsPerSecond: number;
  logOnlyStepsPerSecond: number;
  fractionOfLimit: number;
  placeMsP50: number;
  placeMsP95: number;
  /** Objects in the house → mean ms per step. */
  stepMs: Record<string, number>;
  scaling10kOver100: number;
  loadMs1k: number;
  workersSpeedup: number;
  /**
   * The same run in one process over its two halves in two processes at once: what the machine gives two
   * independent lanes of this work, the most `workersSpeedup` can reach here (no target of its own).
   */
  twoProcessSpeedup: number;
  peakRssMB10k: number;
  /** The same figures from process CPU time, where wall time would mostly measure the machine's other load. */
  cpu: {
    stepsPerSecond: number;
    logOnlyStepsPerSecond: number;
    fractionOfLimit: number;
    stepMs: Record<string, number>;
    scaling10kOver100: number;
    loadMs1k: number;
    oneWorkerMs: number;
    twoWorkersMs: number;
    /** oneWorkerMs / twoWorkersMs: below 1, the two-worker run did more work in all (start-up, its own JIT warm-up, events). */
    workersWorkRatio: number;
    /** The one process's CPU time over the two processes' together: below 1, the same work cost more CPU split over two processes. */
    processesWorkRatio: number;
  };
  /** Context of the figures: steps per suite pass, place steps timed, run wall times, … */
  details: Record<string, number>;
  /** Where the stepping rate's time goes: the oracle's steps by action type (from the same recorded runs). */
  stepsByAction?: Record<string, ActionTime>;
  /**
   * Each wall figure's smallest and largest repetition (`stepMs[100]` for a size; a ratio's per repetition,
   * from the two runs of that repetition): how much the machine moved it. Not for the peak memory (one run).
   */
  spread: Record<string, Spread>;
  targets: TargetCheck[];
}

/** How much work each measurement does. */
export interface BenchPlan {
  repetitions: number;
  suite: string;
  suiteAgent: string;
  /** Passes over the suite per repetition of the stepping rate. */
  suitePasses: number;
  /** Unmeasured passes over the suite before the stepping rate's repetitions. */
  suiteWarmupPasses: number;
  sizes: number[];
  houseSteps: number;
  /** Unmeasured rounds over the house sizes before the step-time repetitions. */
  houseWarmupRounds: number;
  placeObjects: number;
  placeSteps: number;
  loadObjects: number;
  workerEpisodes: number;
  workerObjects: number;
  workerMaxSteps: number;
  workerReps: number;
  /**
   * Unmeasured runs of the suite on the kept pool thread (and in each two-process lane) before the timed ones: a
   * new isolate's runs keep getting faster for over a thousand episodes (JIT tiering, its heap growing). Twelve since
   * session 39: after four, V8 still spent 100 – 660 ms a two-worker run optimizing code on its helper threads
   * (`--trace-opt`, both isolates; 40 – 130 ms after a dozen), which a two-worker run has to share its two cores with.
   */
  workerWarmups: number;
  rssObjects: number;
  rssSteps: number;
}

/** The full benchmark (the figures docs/performance.md reports). */
export const FULL_PLAN: BenchPlan = {
  repetitions: 5,
  suite: "default",
  suiteAgent: "oracle",
  suitePasses: 3,
  suiteWarmupPasses: 30,
  sizes: [100, 1000, 10000],
  houseSteps: 400,
  houseWarmupRounds: 8,
  placeObjects: 200,
  placeSteps: 400,
  loadObjects: 1000,
  workerEpisodes: 200,
  workerObjects: 1000,
  workerMaxSteps: 200,
  workerReps: 3,
  workerWarmups: 12,
  rssObjects: 10000,
  rssSteps: 400,
};

/** A smoke variant: every figure, from far less work (not for quoting). */
export const QUICK_PLAN: BenchPlan = {
  ...FULL_PLAN,
  repetitions: 1,
  suitePasses: 1,
  suiteWarmupPasses: 0,
  houseSteps: 60,
  houseWarmupRounds: 1,
  placeSteps: 80,
  workerEpisodes: 12,
  workerMaxSteps: 10,
  workerReps: 1,
  workerWarmups: 1,
  rssSteps: 40,
};

/**
 * The plan `rearrange bench --reps N` runs: `N` repetitions of every figure, the one- and two-worker runs and the
 * two-process lanes included (without `--reps`, the plan's own counts: those runs are the longest, so fewer of them).
 */
export function planWithReps(base: BenchPlan, reps: number | undefined): BenchPlan {
  return reps === undefined ? base : { ...base, repetitions: reps, workerReps: reps };
}

export { BENCH_FIGURES, MEASUREMENT_FIGURES, type BenchFigure } from "./figures.ts";

/** What `runBench` with `only` returns: the same shape, with the figures of skipped measurements left out. */
export type PartialBenchResult = Pick<BenchResult, "machine" | "quick" | "repetitions" | "details" | "targets" | "spread"> &
  Partial<Omit<BenchResult, "machine" | "quick" | "repetitions" | "details" | "targets" | "cpu" | "spread">> & { cpu: Partial<BenchResult["cpu"]>; only: BenchFigure[] };

/** How `runBench` runs. */
export interface BenchOptions {
  quick?: boolean;
  /** Hears the name of each measurement as it starts. */
  onProgress?: (what: string) => void;
  /**
   * The folder under which the bench makes its scratch folder (removed after): where the timed runs write their
   * trajectories. Default: the system's temporary folder (`os.tmpdir()`, which `TMPDIR` sets).
   */
  scratchDir?: string;
}

/**
 * Runs every measurement in turn (never two at once) and returns the figures. `onProgress` hears the
 * name of each measurement as it starts. Scratch files go to a temporary folder that is removed after.
 * With `only`, just the measurements that yield those figures run (the others' figures and targets
 * are left out), so one figure can be re-measured several times without the rest.
 */
export async function runBench(plan: BenchPlan, options?: BenchOptions): Promise<BenchResult>;
export async function runBench(plan: BenchPlan, options: BenchOptions & { only: readonly BenchFigure[] }): Promise<PartialBenchResult>;
export async function runBench(plan: BenchPlan, options: BenchOptions & { only?: readonly BenchFigure[] } = {}): Promise<BenchResult | PartialBenchResult> {
  const progress = options.onProgress ?? (() => {});
  const only = options.only;
  const wanted = (m: keyof typeof MEASUREMENT_FIGURES) => !only || MEASUREMENT_FIGURES[m].some((f) => only.includes(f));
  const scratchRoot = path.resolve(options.scratchDir ?? os.tmpdir());
  const machine = machineInfo(scratchRoot);
  const dir = mkdtempSync(path.join(scratchRoot, "rearrange-bench-"));
  try {
    const sub = (name: string) => path.join(dir, name);
    let rate, place, scaling, load, workers, pair, rss;
    if (wanted("rate")) {
      progress(`stepping rate: ${plan.suiteAgent} on the ${plan.suite} suite`);
      rate = await measureSteppingRate({ suite: plan.suite, agent: plan.suiteAgent, reps: plan.repetitions, passesPerRep: plan.suitePasses, warmupPasses: plan.suiteWarmupPasses, dir: sub("rate") });
    }
    if (wanted("place")) {
      progress(`place latency in a ${plan.placeObjects}-object house`);
      place = await measurePlaceLatency({ objects: plan.placeObjects, steps: plan.placeSteps, reps: plan.repetitions, dir: sub("place") });
    }
    if (wanted("scaling")) {
      progress(`step time at ${plan.sizes.join(", ")} objects`);
      scaling = await measureStepScaling({ sizes: plan.sizes, steps: plan.houseSteps, reps: plan.repetitions, warmupRounds: plan.houseWarmupRounds, dir: sub("scaling") });
    }
    if (wanted("load")) {
      progress(`load + settle of a ${plan.loadObjects}-object scene`);
      load = await measureLoad({ objects: plan.loadObjects, reps: plan.repetitions, dir: sub("load") });
    }
    if (wanted("workers")) {
      progress(`${plan.workerEpisodes}-episode run with 1 and 2 workers`);
      workers = await measureWorkersSpeedup({ episodes: plan.workerEpisodes, objects: plan.workerObjects, maxSteps: plan.workerMaxSteps, reps: plan.workerReps, warmups: plan.workerWarmups, dir: sub("workers") });
      progress(`the same run in one process and split over two processes`);
      pair = await measureTwoProcessSpeedup({ suite: workers.suiteFile, reps: plan.workerReps, warmups: plan.workerWarmups, dir: sub("two-process") });
    }
    if (wanted("rss")) {
      progress(`peak RSS with ${plan.rssObjects} objects (child process)`);
      rss = await measurePeakRss({ objects: plan.rssObjects, steps: plan.rssSteps, dir: sub("rss") });
    }

    const spread: Record<string, Spread> = {};
    const addSpread = (figure: string, s: Spread | undefined) => {
      if (s) spread[figure] = { min: roundSig(s.min), max: roundSig(s.max) };
    };
    addSpread("stepsPerSecond", rate?.spread.stepsPerSecond);
    addSpread("logOnlyStepsPerSecond", rate?.spread.logOnlyStepsPerSecond);
    addSpread("fractionOfLimit", rate?.spread.fractionOfLimit);
    addSpread("placeMsP50", place?.spread.placeMsP50);
    addSpread("placeMsP95", place?.spread.placeMsP95);
    for (const [n, s] of Object.entries(scaling?.stepMsSpread ?? {})) addSpread(`stepMs[${n}]`, s);
    addSpread("scaling10kOver100", scaling?.ratioSpread);
    addSpread("loadMs1k", load?.loadSpread);
    addSpread("workersSpeedup", workers?.speedupSpread);
    addSpread("twoProcessSpeedup", pair?.speedupSpread);
    // JSON leaves out the undefined figures of skipped measurements
    const result = {
      machine,
      quick: options.quick ?? false,
      repetitions: plan.repetitions,
      stepsPerSecond: rate && roundSig(rate.stepsPerSecond),
      logOnlyStepsPerSecond: rate && roundSig(rate.logOnlyStepsPerSecond),
      fractionOfLimit: rate && roundSig(rate.fractionOfLimit),
      placeMsP50: place && roundSig(place.placeMsP50),
      placeMsP95: place && roundSig(place.placeMsP95),
      stepMs: scaling && mapValues(scaling.stepMs, roundSig),
      scaling10kOver100: scaling && roundSig(scaling.ratio),
      loadMs1k: load && roundSig(load.loadMs),
      workersSpeedup: workers && roundSig(workers.workersSpeedup),
      twoProcessSpeedup: pair && roundSig(pair.twoProcessSpeedup),
      peakRssMB10k: rss && roundSig(rss.peakRssMB),
      cpu: {
        stepsPerSecond: rate && roundSig(rate.stepsPerSecondCpu),
        logOnlyStepsPerSecond: rate && roundSig(rate.logOnlyStepsPerSecondCpu),
        fractionOfLimit: rate && roundSig(rate.fractionOfLimitCpu),
        stepMs: scaling && mapValues(scaling.stepCpuMs, roundSig),
        scaling10kOver100: scaling && roundSig(scaling.ratioCpu),
        loadMs1k: load && roundSig(load.loadCpuMs),
        oneWorkerMs: workers && roundSig(workers.oneWorkerCpuMs),
        twoWorkersMs: workers && roundSig(workers.twoWorkersCpuMs),
        workersWorkRatio: workers && roundSig(workers.oneWorkerCpuMs / workers.twoWorkersCpuMs),
        processesWorkRatio: pair && roundSig(pair.oneProcessCpuMs / pair.twoProcessesCpuMs),
      },
      stepsByAction:
        rate &&
        Object.fromEntries(
          Object.entries(rate.byAction).map(([action, t]) => [action, { ...t, p50Us: roundSig(t.p50Us), meanUs: roundSig(t.meanUs), share: roundSig(t.share) }]),
        ),
      spread,
      details: finiteOnly({
        suiteStepsPerPass: rate?.stepsPerPass,
        suiteActMsPerPass: rate && roundSig(rate.actMsPerPass),
        suiteWarmupPasses: rate && plan.suiteWarmupPasses,
        placeStepsPerRep: place?.placesPerRep,
        placeOkShare: place && roundSig(place.okShare),
        houseStepsPerEpisode: scaling && plan.houseSteps,
        houseWarmupRounds: scaling && plan.houseWarmupRounds,
        workerEpisodes: workers?.episodes,
        workerRepetitions: workers && plan.workerReps,
        oneWorkerMs: workers && roundSig(workers.oneWorkerMs),
        twoWorkersMs: workers && roundSig(workers.twoWorkersMs),
        coldTwoWorkersMs: workers && roundSig(workers.coldTwoWorkersMs),
        coldWorkersSpeedup: workers && roundSig(workers.coldWorkersSpeedup),
        poolStartMs: workers && roundSig(workers.poolStartMs),
        // from the trajectories' millisecond time stamps (a slowdown left out when they cannot say: episodes under a millisecond)
        oneWorkerHeadMs: workers && roundSig(workers.oneWorkerHeadMs),
        twoWorkersHeadMs: workers && roundSig(workers.twoWorkersHeadMs),
        oneWorkerEpisodeMs: workers && roundSig(workers.oneWorkerEpisodeMs),
        twoWorkersEpisodeMs: workers && roundSig(workers.twoWorkersEpisodeMs),
        episodeSlowdown: workers && roundSig(workers.episodeSlowdown),
        oneWorkerAllocatedKBPerStep: workers && roundSig(workers.oneWorkerAllocatedKBPerStep),
        oneWorkerScavengesPer1kSteps: workers && roundSig(workers.oneWorkerScavengesPer1kSteps),
        oneWorkerGcPauseShare: workers && roundSig(workers.oneWorkerGcPauseShare),
        oneProcessMs: pair && roundSig(pair.oneProcessMs),
        twoProcessesMs: pair && roundSig(pair.twoProcessesMs),
        rssBaselineMB: rss && roundSig(rss.baselineRssMB),
        rssSteps: rss?.steps,
      }),
    };
    if (!only) return { ...(result as Omit<BenchResult, "targets">), targets: evaluateTargets(result, spread) };
    const figures = result as Record<string, unknown>;
    const present = TARGETS.map((t) => t.metric).filter((m) => typeof figures[m] === "number");
    // evaluateTargets wants every figure: the skipped ones get a stand-in, and their verdicts are dropped
    const targets = evaluateTargets(Object.fromEntries(TARGETS.map((t) => [t.metric, present.includes(t.metric) ? figures[t.metric] : 0])), spread).filter((t) => present.includes(t.metric));
    return { ...result, targets, only: [...only] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function machineInfo(scratchDir: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    totalMemMB: Math.round(os.totalmem() / 2 ** 20),
    loadAverage: os.loadavg().map((x) => roundSig(x)),
    scratch: { dir: scratchDir, filesystem: filesystemOf(scratchDir) },
    v8Flags: appliedCliV8Flags(),
  };
}

function mapValues(o: Record<string, number>, f: (x: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/** The figures that were measured and are numbers JSON can hold (a saved result is read back as numbers). */
function finiteOnly(o: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(o).filter((e): e is [string, number] => e[1] !== undefined && Number.isFinite(e[1])));
}
