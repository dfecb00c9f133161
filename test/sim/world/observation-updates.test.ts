/**
 * An observation's `updates` against what it stands for, over real episodes driven by random actions
 * (default suite scenes and generated houses up to a thousand objects): at every step the fold of all
 * `updates` so far is `objects` (key order too); each update is the very snapshot `objects` holds; an
 * object is in `updates` exactly when it is new or reads differently from the previous observation (so
 * a step that changes nothing observed has none); and the recorded `updates`, refolded after the
 * episode, still give every step's `objects` as it was.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { RELATIONS, type Action } from "../../../sim/actions.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { Observation, ObservedObject } from "../../../sim/observation.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";

/** Actions on an object; `place` puts the held object on/in/next to/under it. */
const OBJECT_ACTIONS = ["navigate", "pick", "place", "open", "close", "toggle_on", "toggle_off", "clean", "soak", "cook", "freeze", "slice"] as const;

/**
 * One random action: on a room (navigate, explore), on an object (`here`: the object last walked to, so
 * that picks, places and opens often succeed; else one in the agent's room, or any observed), or on an
 * id that does not exist (fails, changes nothing).
 */
const choiceArb = fc.record({
  on: fc.constantFrom("room", "object", "object", "object", "unknown"),
  kind: fc.nat(),
  a: fc.nat(),
  b: fc.nat(),
  here: fc.boolean(),
});
type Choice = typeof choiceArb extends fc.Arbitrary<infer T> ? T : never;

function actionOf(c: Choice, obs: Observation, lastTarget: string | null): Action {
  if (c.on === "room") {
    const room = obs.rooms[c.a % obs.rooms.length]!.id;
    return c.kind % 2 === 0 ? { type: "navigate", target: room } : { type: "explore", room };
  }
  const ids = Object.keys(obs.objects);
  const here = ids.filter((id) => obs.objects[id]!.room === obs.agent.room);
  const pool = here.length > 0 ? here : ids;
  const target = c.on === "unknown" ? "no_such_thing_9" : c.here && lastTarget ? lastTarget : pool.length > 0 ? pool[c.a % pool.length]! : "no_such_thing_9";
  const type = OBJECT_ACTIONS[c.kind % OBJECT_ACTIONS.length]!;
  if (type === "navigate") return { type, target };
  if (type === "place") return { type, object: obs.agent.holding ?? target, relation: RELATIONS[c.b % RELATIONS.length]!, target };
  return { type, object: target } as Action;
}

/** The record with its keys inserted in sorted order, as `objects` has them. */
function sortedRecord(r: Record<string, ObservedObject>): Record<string, ObservedObject> {
  const out: Record<string, ObservedObject> = {};
  for (const id of Object.keys(r).sort()) out[id] = r[id]!;
  return out;
}

interface Tally {
  steps: number;
  unchanged: number;
  changedOnly: number;
  newOnes: number;
  held: number;
}

/** Runs one episode, checking every observation's `updates` against the one before it. */
function checkEpisode(scene: SceneFile, task: LoadedTask, seed: number, choices: Choice[], tally: Tally): void {
  const env = new RearrangeEnv({ scene, task, seed, maxSteps: choices.length });
  const first = env.reset(seed);
  let obs = first.observation;
  expect(Object.keys(obs.updates)).toEqual(Object.keys(obs.objects));
  expect(new Set(Object.keys(obs.updates))).toEqual(new Set(first.info.initiallyObserved));
  let fold: Record<string, ObservedObject> = {};
  /** The previous observation's objects as JSON, taken at its step. */
  let before = new Map<string, string>();
  const recorded: { obs: Observation; json: string }[] = [];
  let lastTarget: string | null = null;
  let prevUpdates: object | null = null;
  for (let t = 0; ; t++) {
    const { objects, updates } = obs;
    expect(updates, `step ${t}`).not.toBe(prevUpdates);
    prevUpdates = updates;
    const keys = Object.keys(updates);
    for (const id of keys) expect(updates[id], id).toBe(objects[id]);
    expect(keys).toEqual(Object.keys(objects).filter((id) => id in updates));
    fold = sortedRecord({ ...fold, ...updates });
    const json = JSON.stringify(objects);
    expect(JSON.stringify(fold), `step ${t}`).toBe(json);
    expect(fold).toEqual(objects);
    const now = new Map<string, string>();
    let changed = 0;
    let fresh = 0;
    for (const id of Object.keys(objects)) {
      const s = JSON.stringify(objects[id]);
      now.set(id, s);
      const old = before.get(id);
      if (old === undefined) fresh++;
      else if (old !== s) changed++;
      expect(id in updates, `step ${t}: ${id} ${old === undefined ? "new" : old === s ? "unchanged" : "changed"}`).toBe(old !== s);
    }
    if (t > 0) {
      tally.steps++;
      if (changed + fresh === 0) {
        tally.unchanged++;
        expect(updates).toEqual({});
      }
      if (changed > 0 && fresh === 0) tally.changedOnly++;
      if (fresh > 0) tally.newOnes++;
    }
    if (obs.agent.holding) tally.held++;
    before = now;
    recorded.push({ obs, json });
    if (t === choices.length) break;
    const action = actionOf(choices[t]!, obs, lastTarget);
    if (action.type === "navigate" && action.target in objects) lastTarget = action.target;
    // no done(): the budget (one step per choice) ends the episode after the last choice's observation
    obs = env.step(action).observation;
  }
  // snapshots are never edited after their step: the updates refolded now give every step's objects
  let refold: Record<string, ObservedObject> = {};
  for (const { obs: o, json } of recorded) {
    refold = sortedRecord({ ...refold, ...o.updates });
    expect(JSON.stringify(refold), `step ${o.step}, refolded later`).toBe(json);
  }
}

describe("observation updates", () => {
  it("fold to `objects`, hold exactly the new and changed objects, over random actions in the default suite and generated houses", () => {
    const tally: Tally = { steps: 0, unchanged: 0, changedOnly: 0, newOnes: 0, held: 0 };
    const { jobs } = loadSuiteJobs("default");
    fc.assert(
      fc.property(fc.nat({ max: jobs.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), fc.array(choiceArb, { minLength: 1, maxLength: 120, size: "max" }), (i, seed, choices) => {
        const job = jobs[i]!;
        checkEpisode(job.scene.scene, job.task, seed, choices, tally);
      }),
      { numRuns: 25 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 300 }), fc.array(choiceArb, { minLength: 1, maxLength: 120, size: "max" }), (seed, size, choices) => {
        const house = generateHouse(size, seed);
        checkEpisode(house.scene, house.task, seed, choices, tally);
      }),
      { numRuns: 15 },
    );
    // every kind of step was seen: nothing changed, only changes, new objects; and something was held
    expect(tally.unchanged).toBeGreaterThan(0);
    expect(tally.changedOnly).toBeGreaterThan(0);
    expect(tally.newOnes).toBeGreaterThan(0);
    expect(tally.held).toBeGreaterThan(0);
  });

  it("the same in a generated house of a thousand objects", () => {
    const tally: Tally = { steps: 0, unchanged: 0, changedOnly: 0, newOnes: 0, held: 0 };
    const house = generateHouse(1000, 7);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(choiceArb, { minLength: 100, maxLength: 150 }), (seed, choices) => {
        checkEpisode(house.scene, house.task, seed, choices, tally);
      }),
      { numRuns: 2 },
    );
    expect(tally.unchanged).toBeGreaterThan(0);
    expect(tally.newOnes).toBeGreaterThan(0);
  });
});
