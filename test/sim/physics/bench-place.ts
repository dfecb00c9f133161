/**
 * Timing script (not a test) for `place`: what a place step costs, and what `findPlacement` alone costs on
 * the very requests real episodes make.
 *
 *   npx tsx test/sim/physics/bench-place.ts [--passes N] [--iterations N] [--save calls.json] [--compare calls.json]
 *
 * 1. Runs the `oracle` agent over the `default` suite and the bench agent in a generated 200-object house
 *    (the two workloads of `rearrange bench`) through the real episode runner, `--passes` times (the first
 *    pass is a warm-up), and reports the median stepping time (wall and CPU) per action type, and the time
 *    of the `place` subpolicy alone (`placeApply`: placement search, physics check, scene-graph update).
 * 2. While doing so it captures every `findPlacement` request the `place` subpolicy makes (the objects,
 *    copied, and the rng state), then replays them in a tight loop (`--iterations` rounds) and reports the
 *    mean time of one call, and the per-call allocation.
 * 3. `--save` writes the captured requests and their results; `--compare` replays a saved file and counts the
 *    results that differ from the saved ones (same pose? same failure?), to hold a change to the search
 *    against the tree it was captured with.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { houseJob } from "../../../harness/bench/house-stepping.ts";
import { runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { loadAgent } from "../../../harness/agents/load.ts";
import type { Agent } from "../../../harness/agent.ts";
import type { EpisodeJob } from "../../../harness/runner/episode.ts";
import { findPlacement } from "../../../sim/physics/find-placement.ts";
import type { PlacementObject, PlacementRequest, PlacementResult } from "../../../sim/physics/placement-types.ts";
import type { RoomRef } from "../../../sim/predicates/subject.ts";
import { Rng } from "../../../sim/rng.ts";
import { place } from "../../../sim/subpolicies/place.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const passes = Number(arg("--passes")) || 4;
const iterations = Number(arg("--iterations")) || 20;

/** A captured request in plain data. */
interface SavedCall {
  workload: string;
  object: SavedObject;
  relation: PlacementRequest["relation"];
  target: SavedObject;
  nearby: SavedObject[];
  rng: number[];
  rooms: RoomRef[];
  result: PlacementResult;
}
type SavedObject = Omit<PlacementObject, "abilities"> & { abilities: string[] };

const save = (o: PlacementObject): SavedObject => ({
  id: o.id,
  box: structuredClone(o.box),
  shape: o.shape,
  wall: o.wall,
  abilities: [...o.abilities],
  held: o.held,
  states: { ...o.states },
  room: o.room,
  ...(o.kind ? { kind: o.kind } : {}),
});
const load = (o: SavedObject): PlacementObject => ({ ...o, abilities: new Set(o.abilities) as PlacementObject["abilities"] });
const rngState = (r: Rng): number[] => {
  const s = r as unknown as Record<string, number>;
  return [s.a!, s.b!, s.c!, s.d!];
};
const rngFrom = (state: readonly number[]): Rng => {
  const r = new Rng(0);
  Object.assign(r, { a: state[0], b: state[1], c: state[2], d: state[3] });
  return r;
};
function requestOf(c: SavedCall): PlacementRequest {
  const byId = new Map<string, PlacementObject>();
  const get = (o: SavedObject) => byId.get(o.id) ?? byId.set(o.id, load(o)).get(o.id)!;
  return { object: get(c.object), relation: c.relation, target: get(c.target), nearby: c.nearby.map(get), rng: rngFrom(c.rng), rooms: c.rooms };
}

// Capture: wrap the place subpolicy; place.ts asks `world.objectsNear` right before calling findPlacement.
const captured: SavedCall[] = [];
let workload = "";
let capturing = false;
const original = place.apply;
/** Wall time of each `place.apply` (the simulator's part of a place step) in the timed passes, µs, by workload. */
const applyUs = new Map<string, number[]>();
const applyCpuUs = new Map<string, number[]>();
place.apply = (ctx, action) => {
  if (!capturing) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const outcome = original(ctx, action);
    const us = (performance.now() - t0) * 1000;
    const c = process.cpuUsage(c0);
    (applyUs.get(workload) ?? applyUs.set(workload, []).get(workload)!).push(us);
    (applyCpuUs.get(workload) ?? applyCpuUs.set(workload, []).get(workload)!).push(c.user + c.system);
    return outcome;
  }
  let call: SavedCall | null = null;
  const world = new Proxy(ctx.world, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop !== "objectsNear") return typeof v === "function" ? v.bind(target) : v;
      return (box: unknown, radius: number) => {
        const near = target.objectsNear(box as never, radius);
        const o = target.objects.get(action.object)!;
        const carried = new Set([o.id, ...target.descendants(o.id)]);
        const t = target.objects.get(action.target)!;
        call = {
          workload,
          object: save(o),
          relation: action.relation,
          target: save(t),
          nearby: near.filter((n) => !carried.has(n.id)).map(save),
          rng: rngState(ctx.rng),
          rooms: [structuredClone(target.rooms.get(t.room)!) as RoomRef],
          result: { ok: false, reason: "" },
        };
        return near;
      };
    },
  });
  const outcome = original({ ...ctx, world }, action);
  if (call) {
    const c = call as SavedCall;
    // the result is that of this tree's findPlacement on the copied request; it must agree with the step's
    c.result = findPlacement(requestOf(c));
    const placed = ctx.world.objects.get(action.object)!.box;
    if (c.result.ok !== outcome.feedback.ok || (c.result.ok && Math.hypot(c.result.box.center.x - placed.center.x, c.result.box.center.y - placed.center.y, c.result.box.center.z - placed.center.z) > 1e-9)) {
      throw new Error(`replaying a captured request of ${action.object} does not reproduce the step: the capture is not faithful`);
    }
    captured.push(c);
  }
  return outcome;
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
}

async function stepTimes(name: string, jobs: EpisodeJob[], agent: Agent) {
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  for (let pass = 0; pass < passes; pass++) {
    workload = name;
    capturing = pass === 0;
    const t = await runTimedEpisodes(jobs, agent, {}, { record: true, cpu: true });
    if (pass === 0) continue;
    let i = 0;
    for (const ep of t.episodes) {
      for (const s of ep.steps) {
        const type = s.action.type;
        (wall.get(type) ?? wall.set(type, []).get(type)!).push(t.perStepMs[i]! * 1000);
        (cpu.get(type) ?? cpu.set(type, []).get(type)!).push(t.perStepCpuMs[i]! * 1000);
        i++;
      }
    }
  }
  capturing = false;
  const steps = Object.fromEntries([...wall.keys()].sort().map((k) => [k, { n: wall.get(k)!.length, medianWallUs: +median(wall.get(k)!).toFixed(1), medianCpuUs: +median(cpu.get(k)!).toFixed(1) }]));
  const apply = applyUs.get(name) ?? [];
  const applyCpu = applyCpuUs.get(name) ?? [];
  const mean = (xs: number[]) => +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
  return { ...steps, placeApply: { n: apply.length, medianWallUs: +median(apply).toFixed(1), meanWallUs: mean(apply), medianCpuUs: median(applyCpu), meanCpuUs: mean(applyCpu) } };
}

function timeCalls(calls: SavedCall[]) {
  const requests = calls.map(requestOf);
  const states = calls.map((c) => c.rng);
  let differ = 0;
  const examples: string[] = [];
  for (const [i, c] of calls.entries()) {
    const r = findPlacement({ ...requests[i]!, rng: rngFrom(states[i]!) });
    const same = r.ok && c.result.ok ? JSON.stringify(r.box) === JSON.stringify(c.result.box) : r.ok === c.result.ok && (r.ok || r.reason === (c.result as { reason: string }).reason);
    if (!same) {
      differ++;
      if (examples.length < 5) examples.push(`${c.workload} ${c.object.id} ${c.relation} ${c.target.id}: ${JSON.stringify(c.result)} → ${JSON.stringify(r)}`);
    }
  }
  const rounds: number[] = [];
  const cpuRounds: number[] = [];
  const heap: number[] = [];
  // per call: the fastest of the rounds (least disturbed by other load on the machine), µs
  const best = calls.map(() => Infinity);
  for (let k = 0; k < iterations; k++) {
    const rngs = states.map(rngFrom);
    const h0 = process.memoryUsage().heapUsed;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let last = t0;
    for (let i = 0; i < requests.length; i++) {
      findPlacement({ ...requests[i]!, rng: rngs[i]! });
      const now = performance.now();
      best[i] = Math.min(best[i]!, (now - last) * 1000);
      last = now;
    }
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const dh = process.memoryUsage().heapUsed - h0;
    if (dh > 0) heap.push(dh / requests.length);
    rounds.push((ms * 1000) / requests.length);
    cpuRounds.push((c.user + c.system) / requests.length);
  }
  const sorted = [...best].sort((a, b) => a - b);
  return {
    calls: calls.length,
    ok: calls.filter((c) => c.result.ok).length,
    differFromCaptured: differ,
    examples,
    // mean µs per call over a round (median and best round, wall; median round, CPU)
    findPlacementUs: { medianWall: +median(rounds).toFixed(1), minWall: +Math.min(...rounds).toFixed(1), medianCpu: +median(cpuRounds).toFixed(1) },
    // each call's best round, µs: its distribution over the calls
    perCallBestUs: { p50: +sorted[Math.floor(sorted.length / 2)]!.toFixed(1), p75: +sorted[Math.floor(sorted.length * 0.75)]!.toFixed(1), p90: +sorted[Math.floor(sorted.length * 0.9)]!.toFixed(1), mean: +(sorted.reduce((a, b) => a + b, 0) / sorted.length).toFixed(1) },
    // rough: heap growth over a round (no GC in between), per call
    allocatedBytesPerCall: heap.length ? Math.round(median(heap)) : null,
  };
}

const compare = arg("--compare");
if (compare) {
  const calls = JSON.parse(readFileSync(compare, "utf8")) as SavedCall[];
  const out: Record<string, unknown> = {};
  for (const w of [...new Set(calls.map((c) => c.workload))]) out[w] = timeCalls(calls.filter((c) => c.workload === w));
  console.log(JSON.stringify(out, null, 2));
} else {
  const { jobs } = loadSuiteJobs("default");
  const oracle = await loadAgent("oracle");
  const oracleSteps = await stepTimes("oracle", jobs, oracle);
  await oracle.close?.();
  const houseSteps = await stepTimes("house200", [houseJob(200, 400, 2)], new BenchAgent());
  const saveTo = arg("--save");
  if (saveTo) writeFileSync(saveTo, JSON.stringify(captured));
  console.log(
    JSON.stringify(
      {
        passes,
        stepUs: { oracle: oracleSteps, house200: houseSteps },
        findPlacement: {
          oracle: timeCalls(captured.filter((c) => c.workload === "oracle")),
          house200: timeCalls(captured.filter((c) => c.workload === "house200")),
        },
      },
      null,
      2,
    ),
  );
}
