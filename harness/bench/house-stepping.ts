import path from "node:path";
import type { EpisodeJob } from "../runner/episode.ts";
import { TrajectoryWriter } from "../reporters/trajectory-writer.ts";
import { BenchAgent } from "./bench-agent.ts";
import { generateHouse } from "./house-generator.ts";
import { median, percentile, spreadOf, type Spread } from "./stats.ts";
import { firstDifferentStep, runTimedEpisodes, type SteppingTime } from "./stepping-clock.ts";
import { WorldPool } from "../../sim/world/world-pool.ts";

/** One episode of the bench agent in a generated house of `objects` objects. */
export function houseJob(objects: number, steps: number, seed = 1): EpisodeJob {
  const house = generateHouse(objects, seed);
  return {
    key: `house-${objects}`,
    id: `house-${objects}`,
    repeat: 0,
    seed,
    maxSteps: steps,
    scene: { path: `<generated ${house.scene.id}>`, hash: house.task.hash, scene: house.scene },
    task: house.task,
  };
}

/**
 * Runs one episode of the bench agent with trajectory logging on; stepping time as in the suite rate. With
 * `worlds` (a lane's pool), a house run before is restored rather than loaded again, as in a run's lane.
 * `keep` says what the result keeps of the steps: their events (the default), only their action types, or
 * nothing. A timed measurement keeps as little as it needs: a run keeps no events, and events kept through the
 * episode survive the young generation's collections inside the timed steps (see measureSteppingRate).
 */
export async function runHouseEpisode(job: EpisodeJob, dir: string, options: { cpu?: boolean; worlds?: WorldPool; keep?: "events" | "actionTypes" | "nothing" } = {}): Promise<SteppingTime> {
  const writer = new TrajectoryWriter(dir);
  writer.onBegin();
  const keep = options.keep ?? "events";
  return runTimedEpisodes([job], new BenchAgent(), writer, { record: keep === "events", actionTypes: keep === "actionTypes", cpu: options.cpu, worlds: options.worlds });
}

/** Mean stepping time per step at each house size. */
export interface StepScaling {
  /** objects → mean wall ms per step (median over repetitions). */
  stepMs: Record<string, number>;
  /** objects → mean CPU ms per step (median over repetitions). */
  stepCpuMs: Record<string, number>;
  /** objects → the smallest and largest repetition's mean wall ms per step. */
  stepMsSpread: Record<string, Spread>;
  /** The largest size's `stepMs` over the smallest's (`scaling10kOver100` in the full bench). */
  ratio: number;
  /** The same from `stepCpuMs`. */
  ratioCpu: number;
  /** The largest size's mean wall ms per step over the smallest's, repetition by repetition (they run in turn). */
  ratioSpread: Spread;
}

/**
 * Mean stepping time per step of random valid actions (see {@link BenchAgent}) in generated houses of
 * each size. The houses are generated and loaded outside the timing; each repetition runs the sizes in
 * turn, so drift in machine load touches them alike. `warmupRounds` unmeasured rounds over the sizes come
 * first (default 1): in a fresh process a step takes several times as long for the first few thousand
 * steps, until V8 has optimised the hot paths, and the size measured first would pay for it.
 *
 * The episodes share one world pool, as the episodes of a run's lane do: each house is loaded once and then
 * restored. Without it every episode loads its house again, and the first young-generation collections
 * inside its steps copy and promote the whole new world (tens of MB at 10,000 objects, 10–25 ms a
 * collection): load cost that lands in whichever steps are under way, and that made the 10,000-object
 * figure swing by 3× from one repetition to the next.
 */
export async function measureStepScaling(options: { sizes: number[]; steps: number; reps: number; warmupRounds?: number; dir: string }): Promise<StepScaling> {
  const jobs = options.sizes.map((n) => houseJob(n, options.steps));
  const worlds = new WorldPool();
  const wall = new Map<number, number[]>(options.sizes.map((n) => [n, []]));
  const cpu = new Map<number, number[]>(options.sizes.map((n) => [n, []]));
  for (let round = 0; round < (options.warmupRounds ?? 1); round++) {
    for (const job of jobs) await runHouseEpisode(job, path.join(options.dir, "warm-up"), { worlds, keep: "nothing" });
  }
  for (let rep = 0; rep < options.reps; rep++) {
    for (const [i, n] of options.sizes.entries()) {
      const t = await runHouseEpisode(jobs[i]!, path.join(options.dir, `scaling-${rep}`), { worlds, keep: "nothing" });
      wall.get(n)!.push(t.steppingMs / t.steps);
      // CPU time from a run of its own: reading it around every step slows those steps (see runTimedEpisodes)
      const c = await runHouseEpisode(jobs[i]!, path.join(options.dir, `scaling-cpu-${rep}`), { cpu: true, worlds, keep: "nothing" });
      cpu.get(n)!.push(c.steppingCpuMs / c.steps);
    }
  }
  const [smallest, largest] = [Math.min(...options.sizes), Math.max(...options.sizes)];
  const ratioOf = (times: Map<number, number[]>) => median(times.get(largest)!) / median(times.get(smallest)!);
  return {
    stepMs: Object.fromEntries(options.sizes.map((n) => [String(n), median(wall.get(n)!)])),
    stepCpuMs: Object.fromEntries(options.sizes.map((n) => [String(n), median(cpu.get(n)!)])),
    stepMsSpread: Object.fromEntries(options.sizes.map((n) => [String(n), spreadOf(wall.get(n)!)])),
    ratio: ratioOf(wall),
    ratioCpu: ratioOf(cpu),
    ratioSpread: spreadOf(wall.get(largest)!.map((ms, rep) => ms / wall.get(smallest)![rep]!)),
  };
}

/** Latency of `place` steps. */
export interface PlaceLatency {
  placeMsP50: number;
  placeMsP95: number;
  /** Place steps timed per repetition. */
  placesPerRep: number;
  /** Share of them that succeeded. */
  okShare: number;
  /** The smallest and largest repetition's P50 and P95. */
  spread: { placeMsP50: Spread; placeMsP95: Spread };
}

/**
 * Stepping time of the bench agent's `place` steps (placement search with physics settling, goal
 * re-check, observation, logging) in a generated house of `objects` objects: P50 and P95 of each
 * repetition, then the median of those over repetitions. The house is restored between repetitions (a lane's
 * world pool), as for the step scaling.
 */
export async function measurePlaceLatency(options: { objects: number; steps: number; reps: number; dir: string }): Promise<PlaceLatency> {
  const job = houseJob(options.objects, options.steps, 2);
  const worlds = new WorldPool();
  // untimed, keeping the events: which places succeed (the timed runs keep only each step's action type)
  const recorded = await runHouseEpisode(job, path.join(options.dir, "warm-up"), { worlds });
  const steps = recorded.episodes[0]!.steps;
  const recordedTypes = steps.map((s) => s.action.type);
  const ok = steps.filter((s) => s.action.type === "place" && s.feedback.ok).length;
  const p50: number[] = [];
  const p95: number[] = [];
  let places = 0;
  for (let rep = 0; rep < options.reps; rep++) {
    const t = await runHouseEpisode(job, path.join(options.dir, `place-${rep}`), { worlds, keep: "actionTypes" });
    const types = t.actionTypes!;
    const differs = firstDifferentStep(types, recordedTypes);
    if (differs >= 0) throw new Error(`the bench agent took other steps in repetition ${rep + 1} than in the recorded run, from step ${differs + 1}: it is not deterministic`);
    const ms = types.flatMap((type, i) => (type === "place" ? [t.perStepMs[i]!] : []));
    if (ms.length === 0) throw new Error(`the bench agent placed nothing in ${options.steps} steps`);
    p50.push(percentile(ms, 50));
    p95.push(percentile(ms, 95));
    places = ms.length;
  }
  return { placeMsP50: median(p50), placeMsP95: median(p95), placesPerRep: places, okShare: ok / places, spread: { placeMsP50: spreadOf(p50), placeMsP95: spreadOf(p95) } };
}
