/**
 * The incremental observation builder (snapshots kept per object and version, records and text made on
 * first read, one pass room scans) = the plain observation it stands for: every observed object
 * snapshotted afresh at its step, the objects among those new or reading differently from the step before
 * as its `updates`, the rooms listed afresh, the text rendered from those. Compared as JSON,
 * read at once or only after later steps, over random action sequences.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import type { Agent } from "../../../harness/agent.ts";
import { RandomAgent } from "../../../agents/random-agent.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { Observation, ObservedObject } from "../../../sim/observation.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { ObservationBuilder } from "../../../sim/world/observation-builder.ts";
import { renderObservationText } from "../../../sim/world/observation-text.ts";
import { Observer } from "../../../sim/world/observer.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import type { World } from "../../../sim/world/world.ts";

/** A snapshot as the plain code took it: spreads of the box, a sorted copy of the abilities, a copy of the states. */
function plainSnapshot(world: World, o: SimObject): ObservedObject {
  const s = world.supports.get(o.id);
  return {
    id: o.id,
    category: o.category,
    label: o.label,
    room: o.room,
    kind: o.kind,
    box: { center: { ...o.box.center }, size: { ...o.box.size }, heading: o.box.heading },
    abilities: [...o.abilities].sort(),
    states: { ...o.states },
    relation: o.held || !s ? null : { type: s.relation, target: s.target },
  };
}

/**
 * The observation of this moment made from scratch, as JSON, and its objects (for the next step's
 * `updates`: the objects new since `before`, or whose snapshot reads differently).
 */
function plainObservation(env: RearrangeEnv, step: number, maxSteps: number, newlyObserved: string[], last: Pick<Observation, "lastAction" | "lastFeedback">, before: Record<string, ObservedObject>): { json: string; objects: Record<string, ObservedObject> } {
  const { world, observer } = env;
  const objects: Record<string, ObservedObject> = {};
  const updates: Record<string, ObservedObject> = {};
  for (const id of [...observer.observed].sort()) {
    const o = (objects[id] = plainSnapshot(world, world.get(id)));
    if (!before[id] || JSON.stringify(before[id]) !== JSON.stringify(o)) updates[id] = o;
  }
  const rooms = [...world.rooms.values()].map((r) => ({ id: r.id, type: r.type, outdoor: r.outdoor, neighbors: [...world.graph.neighbors(r.id)], explored: observer.explored.has(r.id) }));
  const a = world.agent;
  const obs = {
    step,
    stepsLeft: Math.max(0, maxSteps - step),
    agent: { room: a.room, position: { ...a.position }, holding: a.holding, near: null },
    rooms,
    objects,
    updates,
    newlyObserved,
    lastAction: last.lastAction,
    lastFeedback: last.lastFeedback,
  };
  return { json: JSON.stringify({ ...obs, text: renderObservationText(obs, maxSteps) }), objects };
}

/**
 * Runs an episode and checks every observation against the plain one of its step: those `readNow` picks
 * are read right away, the others only once the episode is over (they must still show their own step).
 */
async function checkEpisode(scene: SceneFile, task: LoadedTask, agent: Agent, seed: number, steps: number, readNow: boolean[]): Promise<{ explores: number; fresh: number }> {
  const env = new RearrangeEnv({ scene, task, seed, maxSteps: steps });
  const first = env.reset(seed);
  await agent.reset({ id: task.task.id, instruction: "", seed }, first.observation, { conditions: [], task: null, world: env.world });
  const later: { obs: Observation; want: string }[] = [];
  let obs = first.observation;
  let plain = plainObservation(env, 0, steps, first.info.initiallyObserved, { lastAction: null, lastFeedback: null }, {});
  let want = plain.json;
  let explores = 0;
  let fresh = 0;
  for (let t = 0; ; t++) {
    if (readNow[t % readNow.length]) expect(JSON.stringify(obs), `step ${t}`).toBe(want);
    else later.push({ obs, want });
    if (t === steps) break;
    const r = env.step(await agent.act(obs));
    obs = r.observation;
    if (r.info.action.type === "explore" && r.info.feedback.ok) explores++;
    fresh += r.info.newlyObserved.length;
    plain = plainObservation(env, r.info.t, steps, r.info.newlyObserved, obs, plain.objects);
    want = plain.json;
    if (r.terminated || r.truncated) {
      later.push({ obs, want });
      break;
    }
  }
  for (const { obs: o, want: w } of later) expect(JSON.stringify(o), `step ${o.step}, read later`).toBe(w);
  return { explores, fresh };
}

describe("observations = the plain ones made afresh at each step", () => {
  it("generated houses driven by the bench agent (explore, pick, place, open, close, switch)", async () => {
    let explores = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 160 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }), async (seed, size, readNow) => {
        const house = generateHouse(size, seed);
        explores += (await checkEpisode(house.scene, house.task, new BenchAgent(), seed, 60, readNow)).explores;
      }),
      { numRuns: 12 },
    );
    expect(explores).toBeGreaterThan(0);
  });

  it("the default suite's scenes driven by the random agent", async () => {
    const { jobs } = loadSuiteJobs("default");
    let fresh = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: jobs.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }), async (i, seed, readNow) => {
        const job = jobs[i]!;
        fresh += (await checkEpisode(job.scene.scene, job.task, new RandomAgent({ doneProbability: 0 }), seed, 80, readNow)).fresh;
      }),
      { numRuns: 15 },
    );
    expect(fresh).toBeGreaterThan(0);
  });

  it("an agent that edits the ids it was given as newly observed changes no later record", async () => {
    const { jobs } = loadSuiteJobs("default");
    let fresh = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: jobs.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), async (i, seed) => {
        const job = jobs[i]!;
        const env = new RearrangeEnv({ scene: job.scene.scene, task: job.task, seed, maxSteps: 60 });
        const agent: Agent = new RandomAgent({ doneProbability: 0 });
        let r: { observation: Observation } = env.reset(seed);
        await agent.reset({ id: job.task.task.id, instruction: "", seed }, r.observation, { conditions: [], task: null, world: env.world });
        const kept: { obs: Observation; ids: string[] }[] = [];
        for (let t = 0; t < 60; t++) {
          const obs = r.observation;
          kept.push({ obs, ids: [...env.observer.observed].sort() });
          fresh += obs.newlyObserved.length;
          const action = await agent.act(obs);
          // the agent's own list: scrambled in place (the simulator may have handed out an array it still holds)
          obs.newlyObserved.reverse().push("no_such_object");
          const stepped = env.step(action);
          r = stepped;
          if (stepped.terminated || stepped.truncated) break;
        }
        // records made only now, after every edit: each lists exactly the ids observed by its step
        for (const { obs, ids } of kept) expect(Object.keys(obs.objects), `step ${obs.step}`).toEqual(ids);
      }),
      { numRuns: 10 },
    );
    expect(fresh).toBeGreaterThan(0);
  });

  it("any number of scans of any kind between two builds (none, one, several: the ids then come from the log, sorted)", () => {
    const scan = fc.record({ kind: fc.constantFrom("explore", "entry", "around", "reveal"), room: fc.nat(), u: fc.double({ min: 0, max: 1, noNaN: true }), v: fc.double({ min: 0, max: 1, noNaN: true }), radius: fc.double({ min: 0, max: 4, noNaN: true }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 120 }), fc.array(fc.array(scan, { maxLength: 3 }), { minLength: 1, maxLength: 12 }), (seed, size, builds) => {
        const house = generateHouse(size, seed);
        const world = loadWorld(house.scene);
        const observer = new Observer(world);
        const builder = new ObservationBuilder(world, observer);
        const rooms = [...world.rooms.values()];
        const containers = [...world.objects.values()].filter((o) => o.abilities.has("openable")).map((o) => o.id);
        const seen: { obs: Observation; want: string }[] = [];
        builds.forEach((scans, step) => {
          const fresh: string[] = [];
          for (const s of scans) {
            const r = rooms[s.room % rooms.length]!;
            const f = r.footprint;
            const at = { x: f.min.x + s.u * (f.max.x - f.min.x), y: f.min.y + s.v * (f.max.y - f.min.y) };
            if (s.kind === "explore") fresh.push(...observer.exploreRoom(r.id));
            else if (s.kind === "entry") fresh.push(...observer.lookAroundOnEntry(r.id, at, s.radius));
            else if (s.kind === "around") fresh.push(...observer.lookAround(r.id, at, s.radius));
            else if (containers.length > 0) fresh.push(...observer.revealContents(containers[s.room % containers.length]!));
          }
          const obs = builder.build({ step, maxSteps: 99, newlyObserved: fresh.sort(), lastAction: null, lastFeedback: null });
          const objects: Record<string, ObservedObject> = {};
          for (const id of [...observer.observed].sort()) objects[id] = plainSnapshot(world, world.get(id));
          // scans change nothing: the updates are the objects they observed first
          expect(Object.keys(obs.updates)).toEqual([...new Set(fresh)].sort());
          seen.push({ obs, want: JSON.stringify(objects) });
          if (step % 2 === 0) expect(JSON.stringify(obs.objects)).toBe(seen.at(-1)!.want);
        });
        for (const { obs, want } of seen) expect(JSON.stringify(obs.objects)).toBe(want);
      }),
      { numRuns: 60 },
    );
  });
});
