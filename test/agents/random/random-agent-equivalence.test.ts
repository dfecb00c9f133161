/**
 * The random agent against the plain version it replaced, which listed every option as an action object
 * and picked one: on any observation, with any seed and done probability, the same actions in the same
 * order (so the same random numbers are drawn), over a whole sequence of steps; also when consecutive
 * observations share one `objects` record (as the simulator's do while nothing changed), and against
 * the version before it kept what it works out from a record (reference/random-agent-v1.ts) over real
 * episodes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RandomAgent } from "../../../agents/random-agent.ts";
import { RELATIONS, type Action } from "../../../sim/actions.ts";
import type { ObservedObject, Observation } from "../../../sim/observation.ts";
import { hashString, Rng } from "../../../sim/rng.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { RandomAgent as RandomAgentV1 } from "./reference/random-agent-v1.ts";

/** The agent's act() as it was: every option listed, then one picked. */
class PlainRandomAgent {
  private rng = new Rng(0);
  constructor(private readonly doneProbability: number) {}
  reset(task: { id: string; seed?: number }): void {
    this.rng = new Rng(hashString(`random:${task.id}:${task.seed ?? 0}`));
  }
  act(obs: Observation): Action {
    if (this.rng.next() < this.doneProbability) return { type: "done" };
    const objects = Object.values(obs.objects).filter((o) => o.category !== "floor.n.01");
    const options: Action[] = [];
    for (const r of obs.rooms) {
      options.push({ type: "navigate", target: r.id });
      if (!r.explored) options.push({ type: "explore", room: r.id });
    }
    for (const o of objects) {
      options.push({ type: "navigate", target: o.id });
      if (o.kind === "carryable" && !obs.agent.holding) options.push({ type: "pick", object: o.id });
      if (o.abilities.includes("openable")) options.push({ type: o.states.open ? "close" : "open", object: o.id });
      if (o.abilities.includes("toggleable")) options.push({ type: o.states.toggled_on ? "toggle_off" : "toggle_on", object: o.id });
    }
    const held = obs.agent.holding;
    if (held) {
      const targets = objects.filter((o) => o.id !== held && o.room === obs.agent.room);
      for (let i = 0; i < 4 && targets.length; i++) {
        options.push({ type: "place", object: held, relation: this.rng.pick(RELATIONS), target: this.rng.pick(targets).id });
      }
    }
    return this.rng.pick(options);
  }
}

const ROOMS = ["kitchen_0", "bedroom_0", "corridor_0"];
// integer-like ids too: Object.values lists them first, whatever the insertion order
const IDS = ["apple_1", "cabinet_2", "lamp_3", "floor_kitchen_0", "10", "2", "box_9", "mug_4"];

const objectArb = (id: string) =>
  fc.record({
    room: fc.constantFrom(...ROOMS),
    kind: fc.constantFrom("fixed" as const, "carryable" as const),
    floor: fc.boolean(),
    abilities: fc.subarray(["openable", "toggleable", "container", "heatSource"]),
    open: fc.boolean(),
    on: fc.boolean(),
  }).map(
    (o): ObservedObject => ({
      id,
      category: o.floor ? "floor.n.01" : "thing.n.01",
      label: id,
      room: o.room,
      kind: o.kind,
      box: { center: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 }, heading: 0 },
      abilities: o.abilities,
      states: { open: o.open, toggled_on: o.on },
      relation: null,
    }),
  );

const observationArb: fc.Arbitrary<Observation> = fc
  .record({
    ids: fc.subarray(IDS),
    explored: fc.array(fc.boolean(), { minLength: 0, maxLength: ROOMS.length }),
    room: fc.constantFrom(...ROOMS),
    holding: fc.option(fc.constantFrom(...IDS), { nil: null }),
  })
  .chain(({ ids, explored, room, holding }) =>
    fc.tuple(...ids.map(objectArb)).map((objects) => ({
      step: 0,
      stepsLeft: 10,
      agent: { room, position: { x: 0, y: 0 }, holding, near: null },
      rooms: explored.map((e, i) => ({ id: ROOMS[i]!, type: "room", outdoor: false, neighbors: [], explored: e })),
      objects: Object.fromEntries(objects.map((o) => [o.id, o])),
      updates: Object.fromEntries(objects.map((o) => [o.id, o])),
      newlyObserved: [],
      lastAction: null,
      lastFeedback: null,
      text: "",
    })),
  );

/** The action an agent chose, or the error it threw (an observation with nothing to do). */
function outcome(act: () => Action): Action | string {
  try {
    return act();
  } catch (err) {
    return `throws ${(err as Error).message}`;
  }
}

describe("RandomAgent", () => {
  it("chooses what the plain agent chose, step after step", () => {
    fc.assert(
      fc.property(fc.array(observationArb, { minLength: 1, maxLength: 12 }), fc.string(), fc.nat(1000), fc.constantFrom(0, 0.02, 0.5), (observations, id, seed, doneProbability) => {
        const agent = new RandomAgent({ doneProbability });
        const plain = new PlainRandomAgent(doneProbability);
        agent.reset({ id, instruction: "", seed });
        plain.reset({ id, seed });
        for (const obs of observations) expect(outcome(() => agent.act(obs))).toEqual(outcome(() => plain.act(obs)));
      }),
      { numRuns: 500 },
    );
  });

  it("chooses what the plain agent chose when observations share their objects record", () => {
    // each step may hand over the previous step's record object itself, with another room, hands and rooms list
    const stepArb = fc.record({ obs: observationArb, sameRecord: fc.boolean() });
    let shared = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 16 }), fc.string(), fc.nat(1000), fc.constantFrom(0, 0.02, 0.5), (steps, id, seed, doneProbability) => {
        const agent = new RandomAgent({ doneProbability });
        const plain = new PlainRandomAgent(doneProbability);
        agent.reset({ id, instruction: "", seed });
        plain.reset({ id, seed });
        let objects: Observation["objects"] | null = null;
        for (const { obs: fresh, sameRecord } of steps) {
          if (sameRecord && objects) shared++;
          objects = sameRecord && objects ? objects : fresh.objects;
          const obs = { ...fresh, objects };
          expect(outcome(() => agent.act(obs))).toEqual(outcome(() => plain.act(obs)));
        }
      }),
      { numRuns: 500 },
    );
    expect(shared).toBeGreaterThan(500);
  });

  it("chooses what the version before it chose over real episodes (generated houses, the default suite)", () => {
    let runs = 0;
    let held = 0;
    const episode = (scene: SceneFile, task: LoadedTask, seed: number, steps: number, doneProbability: number) => {
      const env = new RearrangeEnv({ scene, task, seed, maxSteps: steps });
      let obs = env.reset(seed).observation;
      const agent = new RandomAgent({ doneProbability });
      const old = new RandomAgentV1({ doneProbability });
      agent.reset({ id: task.task.id, instruction: "", seed });
      old.reset({ id: task.task.id, instruction: "", seed });
      for (let t = 0; t < steps; t++) {
        const want = outcome(() => old.act(obs));
        expect(outcome(() => agent.act(obs)), `step ${t}`).toEqual(want);
        if (typeof want === "string" || want.type === "done") break;
        if (obs.agent.holding) held++;
        const r = env.step(want);
        obs = r.observation;
        if (r.terminated || r.truncated) break;
      }
      runs++;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 300 }), fc.constantFrom(0, 0.02), (seed, size, p) => {
        const house = generateHouse(size, seed);
        episode(house.scene, house.task, seed, 150, p);
      }),
      { numRuns: 12 },
    );
    const { jobs } = loadSuiteJobs("default");
    fc.assert(
      fc.property(fc.nat({ max: jobs.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), (i, seed) => {
        const job = jobs[i]!;
        episode(job.scene.scene, job.task, seed, 120, 0);
      }),
      { numRuns: 12 },
    );
    expect(runs).toBe(24);
    expect(held).toBeGreaterThan(0);
  });

  it("offers place options while holding something, and picks among them", () => {
    // a held object and one other object in the agent's room: some seed must choose a place
    const obs = fc.sample(observationArb, { seed: 1, numRuns: 1 })[0]!;
    const held: Observation = {
      ...obs,
      rooms: [],
      agent: { ...obs.agent, room: "kitchen_0", holding: "apple_1" },
      objects: {
        apple_1: { ...fc.sample(objectArb("apple_1"), { seed: 2, numRuns: 1 })[0]!, category: "thing.n.01", room: "kitchen_0", abilities: [] },
        mug_4: { ...fc.sample(objectArb("mug_4"), { seed: 3, numRuns: 1 })[0]!, category: "thing.n.01", room: "kitchen_0", abilities: [] },
      },
    };
    const types = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const agent = new RandomAgent({ doneProbability: 0 });
      agent.reset({ id: "t", instruction: "", seed });
      const a = agent.act(held);
      types.add(a.type);
      if (a.type === "place") expect(a).toMatchObject({ object: "apple_1", target: "mug_4" });
    }
    expect(types).toEqual(new Set(["navigate", "place"]));
  });
});
