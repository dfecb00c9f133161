import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureStepScaling, measurePlaceLatency } from "./house-stepping.ts";
import { measureLoad } from "./load-time.ts";
import { measurePeakRss } from "./peak-rss.ts";
import { measureSteppingRate } from "./stepping-rate.ts";
import { roundSig } from "./stats.ts";
import { evaluateTargets, type TargetCheck } from "./targets.ts";
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
  };
  /** Context of the figures: steps per suite pass, place steps timed, run wall times, … */
  details: Record<string, number>;
  targets: TargetCheck[];
}

/** How much work each measurement does. */
export interface BenchPlan {
  repetitions: number;
  suite: string;
  suiteAgent: string;
  /** Passes over the suite per repetition of the stepping rate. */
  suitePasses: number;
  sizes: number[];
  houseSteps: number;
  placeObjects: number;
  placeSteps: number;
  loadObjects: number;
  workerEpisodes: number;
  workerObjects: number;
  workerMaxSteps: number;
  workerReps: number;
  rssObjects: number;
  rssSteps: number;
}

/** The full benchmark (the figures docs/performance.md reports). */
export const FULL_PLAN: BenchPlan = {
  repetitions: 5,
  suite: "default",
  suiteAgent: "oracle",
  suitePasses: 3,
  sizes: [100, 1000, 10000],
  houseSteps: 400,
  placeObjects: 200,
  placeSteps: 400,
  loadObjects: 1000,
  workerEpisodes: 200,
  workerObjects: 1000,
  workerMaxSteps: 200,
  workerReps: 2,
  rssObjects: 10000,
  rssSteps: 400,
};

/** A smoke variant: every figure, from far less work (not for quoting). */
export const QUICK_PLAN: BenchPlan = {
  ...FULL_PLAN,
  repetitions: 1,
  suitePasses: 1,
  houseSteps: 60,
  placeSteps: 80,
  workerEpisodes: 12,
  workerMaxSteps: 10,
  workerReps: 1,
  rssSteps: 40,
};

/**
 * Runs every measurement in turn (never two at once) and returns the figures. `onProgress` hears the
 * name of each measurement as it starts. Scratch files go to a temporary folder that is removed after.
 */
export async function runBench(plan: BenchPlan, options: { quick?: boolean; onProgress?: (what: string) => void } = {}): Promise<BenchResult> {
  const progress = options.onProgress ?? (() => {});
  const machine = machineInfo();
  const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-bench-"));
  try {
    const sub = (name: string) => path.join(dir, name);
    progress(`stepping rate: ${plan.suiteAgent} on the ${plan.suite} suite`);
    const rate = await measureSteppingRate({ suite: plan.suite, agent: plan.suiteAgent, reps: plan.repetitions, passesPerRep: plan.suitePasses, dir: sub("rate") });
    progress(`place latency in a ${plan.placeObjects}-object house`);
    const place = await measurePlaceLatency({ objects: plan.placeObjects, steps: plan.placeSteps, reps: plan.repetitions, dir: sub("place") });
    progress(`step time at ${plan.sizes.join(", ")} objects`);
    const scaling = await measureStepScaling({ sizes: plan.sizes, steps: plan.houseSteps, reps: plan.repetitions, dir: sub("scaling") });
    progress(`load + settle of a ${plan.loadObjects}-object scene`);
    const load = await measureLoad({ objects: plan.loadObjects, reps: plan.repetitions, dir: sub("load") });
    progress(`${plan.workerEpisodes}-episode run with 1 and 2 workers`);
    const workers = await measureWorkersSpeedup({ episodes: plan.workerEpisodes, objects: plan.workerObjects, maxSteps: plan.workerMaxSteps, reps: plan.workerReps, dir: sub("workers") });
    progress(`peak RSS with ${plan.rssObjects} objects (child process)`);
    const rss = await measurePeakRss({ objects: plan.rssObjects, steps: plan.rssSteps, dir: sub("rss") });

    const smallest = String(Math.min(...plan.sizes));
    const largest = String(Math.max(...plan.sizes));
    const result: Omit<BenchResult, "targets"> = {
      machine,
      quick: options.quick ?? false,
      repetitions: plan.repetitions,
      stepsPerSecond: roundSig(rate.stepsPerSecond),
      logOnlyStepsPerSecond: roundSig(rate.logOnlyStepsPerSecond),
      fractionOfLimit: roundSig(rate.fractionOfLimit),
      placeMsP50: roundSig(place.placeMsP50),
      placeMsP95: roundSig(place.placeMsP95),
      stepMs: mapValues(scaling.stepMs, roundSig),
      scaling10kOver100: roundSig(scaling.stepMs[largest]! / scaling.stepMs[smallest]!),
      loadMs1k: roundSig(load.loadMs),
      workersSpeedup: roundSig(workers.workersSpeedup),
      peakRssMB10k: roundSig(rss.peakRssMB),
      cpu: {
        stepsPerSecond: roundSig(rate.stepsPerSecondCpu),
        logOnlyStepsPerSecond: roundSig(rate.logOnlyStepsPerSecondCpu),
        fractionOfLimit: roundSig(rate.fractionOfLimitCpu),
        stepMs: mapValues(scaling.stepCpuMs, roundSig),
        scaling10kOver100: roundSig(scaling.stepCpuMs[largest]! / scaling.stepCpuMs[smallest]!),
        loadMs1k: roundSig(load.loadCpuMs),
        oneWorkerMs: roundSig(workers.oneWorkerCpuMs),
        twoWorkersMs: roundSig(workers.twoWorkersCpuMs),
        workersWorkRatio: roundSig(workers.oneWorkerCpuMs / workers.twoWorkersCpuMs),
      },
      details: {
        suiteStepsPerPass: rate.stepsPerPass,
        suiteActMsPerPass: roundSig(rate.actMsPerPass),
        placeStepsPerRep: place.placesPerRep,
        placeOkShare: roundSig(place.okShare),
        houseStepsPerEpisode: plan.houseSteps,
        workerEpisodes: workers.episodes,
        oneWorkerMs: roundSig(workers.oneWorkerMs),
        twoWorkersMs: roundSig(workers.twoWorkersMs),
        poolStartMs: roundSig(workers.poolStartMs),
        rssBaselineMB: roundSig(rss.baselineRssMB),
        rssSteps: rss.steps,
      },
    };
    return { ...result, targets: evaluateTargets(result) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    totalMemMB: Math.round(os.totalmem() / 2 ** 20),
    loadAverage: os.loadavg().map((x) => roundSig(x)),
  };
}

function mapValues(o: Record<string, number>, f: (x: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}
