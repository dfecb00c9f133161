/**
 * ObservedObjects, the copy of the observed objects an agent keeps from each observation's `updates`:
 * after every observation handed to it, its list is `Object.values(obs.objects)` — the same snapshot
 * objects in the same order — and `get`/`has` answer as `obs.objects[id]`/`id in obs.objects` do, without
 * reading `objects` while observations come in turn. Edge cases: new ids falling between known ones
 * (array-index ids among them), changed objects replaced in place, nothing changed, `updates` not in key
 * order (taken from `objects`), observations out of turn (skipped, the first one missed, another of the same step, one handed
 * twice), a hand-made `objects` record not in key order; and a property over made-up episodes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyBefore, ObservedObjects } from "../../agents/observed-objects.ts";
import type { ObservedObject, Observation } from "../../sim/observation.ts";
import { observedObject } from "../helpers/observed-object.ts";

const obj = observedObject;

/** The record with its ids put in sorted (`<`) order, as the simulator makes `objects` and `updates`. */
function sortedRecord(objects: Iterable<ObservedObject>): Record<string, ObservedObject> {
  const list = [...objects].sort((a, b) => (a.id < b.id ? -1 : 1));
  const out: Record<string, ObservedObject> = {};
  for (const o of list) out[o.id] = o;
  return out;
}

/**
 * A made-up episode as the simulator makes one: each step's `updates` (sorted, unless told otherwise),
 * `objects` the fold of them all. `objects` is a getter that counts its reads.
 */
class Episode {
  private objects: Record<string, ObservedObject> = {};
  readonly observations: Observation[] = [];
  /** Reads of any observation's `objects`. */
  reads = 0;

  step(changes: ObservedObject[], sorted = true): Observation {
    const updates: Record<string, ObservedObject> = sorted ? sortedRecord(changes) : Object.fromEntries(changes.map((o) => [o.id, o]));
    const objects = sortedRecord(Object.values({ ...this.objects, ...updates }));
    this.objects = objects;
    const step = this.observations.length;
    const episode = this;
    const obs = {
      step,
      stepsLeft: 99 - step,
      agent: { room: "kitchen_0", position: { x: 0, y: 0 }, holding: null, near: null },
      rooms: [],
      get objects() {
        episode.reads++;
        return objects;
      },
      updates,
      newlyObserved: [],
      lastAction: null,
      lastFeedback: null,
      text: "",
    } satisfies Observation;
    this.observations.push(obs);
    return obs;
  }
}

/** Checks the copy against what `obs.objects` says (reading it without counting). */
function expectMatches(copy: ObservedObjects, obs: Observation, e: Episode): void {
  const reads = e.reads;
  const objects = obs.objects;
  e.reads = reads;
  const values = Object.values(objects);
  expect(copy.values().map((o) => o.id), `step ${obs.step}`).toEqual(values.map((o) => o.id));
  // the very snapshots the observation holds, not copies
  copy.values().forEach((o, i) => expect(o, `step ${obs.step}, #${i}`).toBe(values[i]));
  expect(copy.size).toBe(values.length);
  for (const o of values) {
    expect(copy.has(o.id)).toBe(true);
    expect(copy.get(o.id)).toBe(o);
  }
  expect(copy.has("no_such_thing")).toBe(false);
  expect(copy.get("no_such_thing")).toBeUndefined();
}

/** Hands every observation to a fresh copy in turn, checking it after each; `objects` must never be read. */
function follow(e: Episode): ObservedObjects {
  const copy = new ObservedObjects();
  for (const obs of e.observations) {
    const taken = copy.take(obs);
    expect(taken).toBe(obs.updates);
    expect(e.reads, `step ${obs.step}: objects read`).toBe(0);
    expectMatches(copy, obs, e);
  }
  return copy;
}

describe("ObservedObjects", () => {
  it("merges new ids in where they fall among known ones, array-index ids first by number", () => {
    const e = new Episode();
    e.step([obj("b_2"), obj("d_4"), obj("f_6"), obj("7")]);
    e.step([obj("a_1"), obj("c_3"), obj("e_5"), obj("g_7"), obj("10"), obj("2")]);
    e.step([obj("0"), obj("01"), obj("4294967294"), obj("4294967295"), obj("aa_1"), obj("zz_9"), obj("B_0"), obj("")]);
    const copy = follow(e);
    expect(copy.values().map((o) => o.id)).toEqual(["0", "2", "7", "10", "4294967294", "", "01", "4294967295", "B_0", "a_1", "aa_1", "b_2", "c_3", "d_4", "e_5", "f_6", "g_7", "zz_9"]);
  });

  it("replaces a changed object where it is, new ones arriving in the same updates", () => {
    const e = new Episode();
    e.step([obj("apple_1"), obj("cabinet_2", { abilities: ["openable"], states: { open: false } }), obj("mug_4"), obj("3")]);
    e.step([obj("cabinet_2", { abilities: ["openable"], states: { open: true } }), obj("bowl_0", { relation: { type: "inside", target: "cabinet_2" } })]);
    e.step([obj("apple_1", { room: "hall_0" }), obj("3", { kind: "fixed" }), obj("zebra_9")]);
    const copy = follow(e);
    expect(copy.get("cabinet_2")!.states.open).toBe(true);
    expect(copy.get("apple_1")).toBe(e.observations[2]!.updates.apple_1);
    expect(copy.values().map((o) => o.id)).toEqual(["3", "apple_1", "bowl_0", "cabinet_2", "mug_4", "zebra_9"]);
  });

  it("nothing observed changed: the copy stays as it was, and takes in nothing", () => {
    const e = new Episode();
    e.step([obj("apple_1"), obj("cabinet_2")]);
    for (let i = 0; i < 4; i++) e.step([]);
    const copy = follow(e);
    expect(copy.values().map((o) => o.id)).toEqual(["apple_1", "cabinet_2"]);
  });

  it("updates put together out of key order (by hand: the simulator's never are): taken from objects instead", () => {
    const e = new Episode();
    e.step([obj("m_5")]);
    e.step([obj("z_9"), obj("a_1"), obj("q_7"), obj("12"), obj("3")], false);
    e.step([obj("b_2")]);
    const [o0, o1, o2] = e.observations as [Observation, Observation, Observation];
    expect(Object.keys(o1.updates)).toEqual(["3", "12", "z_9", "a_1", "q_7"]);
    const copy = new ObservedObjects();
    expect(copy.take(o0)).toBe(o0.updates);
    expect(copy.take(o1)).toBe(o1.objects);
    expectMatches(copy, o1, e);
    // objects was in key order: the next one comes from its updates again
    e.reads = 0;
    expect(copy.take(o2)).toBe(o2.updates);
    expect(e.reads).toBe(0);
    expectMatches(copy, o2, e);
  });

  it("an observation out of turn: starts again from its objects, then goes on from updates", () => {
    const e = new Episode();
    e.step([obj("apple_1"), obj("floor_kitchen_0")]);
    e.step([obj("mug_4"), obj("cabinet_2")]);
    e.step([obj("cabinet_2", { states: { open: true } }), obj("bowl_0")]);
    e.step([]);
    e.step([obj("apple_1", { relation: { type: "ontop", target: "cabinet_2" } }), obj("10")]);
    const [o0, o1, o2, o3, o4] = e.observations as [Observation, Observation, Observation, Observation, Observation];
    // skipped steps 1 and 2: step 3 comes from its objects, step 4 from its updates again
    const copy = new ObservedObjects();
    expect(copy.take(o0)).toBe(o0.updates);
    expect(copy.take(o3)).toBe(e.observations[3]!.objects);
    expectMatches(copy, o3, e);
    e.reads = 0;
    expect(copy.take(o4)).toBe(o4.updates);
    expect(e.reads).toBe(0);
    expectMatches(copy, o4, e);
    // the episode's first observation missed
    const late = new ObservedObjects();
    late.take(o2);
    expectMatches(late, o2, e);
    late.take(o3);
    expectMatches(late, o3, e);
    // one handed twice: nothing the second time, without reading objects
    e.reads = 0;
    const twice = new ObservedObjects();
    twice.take(o0);
    twice.take(o1);
    expect(Object.keys(twice.take(o1))).toEqual([]);
    expect(e.reads).toBe(0);
    expectMatches(twice, o1, e);
    // another observation of the same step (not the one taken in): taken from its objects
    const other = new Episode();
    other.step([obj("pear_5")]);
    twice.take(other.observations[0]!);
    expect(twice.values().map((o) => o.id)).toEqual(["pear_5"]);
    // and going back to an earlier step
    twice.take(o0);
    expectMatches(twice, o0, e);
  });

  it("a hand-made objects record not in key order: follows objects, observation after observation", () => {
    const rec = (...os: ObservedObject[]) => Object.fromEntries(os.map((o) => [o.id, o]));
    const base = { stepsLeft: 9, agent: { room: "r", position: { x: 0, y: 0 }, holding: null, near: null }, rooms: [], newlyObserved: [], lastAction: null, lastFeedback: null, text: "" };
    const first: Observation = { ...base, step: 0, objects: rec(obj("z_1"), obj("a_1")), updates: rec(obj("z_1"), obj("a_1")) };
    // the next one's updates do not add up to its objects: only objects can be trusted
    const second: Observation = { ...base, step: 1, objects: rec(obj("z_1"), obj("m_1"), obj("a_1")), updates: {} };
    const copy = new ObservedObjects();
    copy.take(first);
    copy.take(second);
    expect(copy.values().map((o) => o.id)).toEqual(["z_1", "m_1", "a_1"]);
    // a record in key order again: from then on, updates
    const third: Observation = { ...base, step: 2, objects: rec(obj("a_1"), obj("b_1")), updates: {} };
    const fourth: Observation = { ...base, step: 3, objects: rec(obj("a_1"), obj("b_1"), obj("c_1")), updates: rec(obj("c_1")) };
    copy.take(third);
    copy.take(fourth);
    expect(copy.values().map((o) => o.id)).toEqual(["a_1", "b_1", "c_1"]);
  });

  it("clear() forgets everything: the next observation starts a new episode", () => {
    const e = new Episode();
    e.step([obj("apple_1")]);
    const copy = new ObservedObjects();
    copy.take(e.observations[0]!);
    copy.clear();
    expect(copy.size).toBe(0);
    expect(copy.has("apple_1")).toBe(false);
    const next = new Episode();
    next.step([obj("mug_4")]);
    expect(copy.take(next.observations[0]!)).toBe(next.observations[0]!.updates);
    expect(copy.values().map((o) => o.id)).toEqual(["mug_4"]);
  });

  it("matches objects after every observation of made-up episodes, some skipped or handed twice", () => {
    const IDS = ["apple_1", "cabinet_2", "lamp_3", "floor_kitchen_0", "10", "2", "0", "box_9", "mug_4", "Zed", "a"];
    const stepArb = fc.record({
      changes: fc.subarray(IDS).chain((ids) => fc.tuple(...ids.map((id) => fc.record({ room: fc.constantFrom("kitchen_0", "hall_0"), open: fc.boolean() }).map((o) => obj(id, { room: o.room, states: { open: o.open } }))))),
      sorted: fc.boolean(),
      handed: fc.constantFrom(0, 1, 1, 1, 2),
    });
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 14 }), (steps) => {
        const e = new Episode();
        for (const s of steps) e.step(s.changes, s.sorted);
        const copy = new ObservedObjects();
        let last = -1;
        steps.forEach((s, i) => {
          const obs = e.observations[i]!;
          for (let k = 0; k < s.handed; k++) {
            e.reads = 0;
            const taken = copy.take(obs);
            // in turn (and in key order, as the simulator's are), objects is never read
            const keys = Object.keys(obs.updates);
            const fromUpdates = i === last + 1 && keys.every((id, j) => j === 0 || keyBefore(keys[j - 1]!, id));
            if (k > 0) expect(Object.keys(taken)).toEqual([]);
            else expect(taken).toBe(fromUpdates ? obs.updates : obs.objects);
            if (k > 0 || fromUpdates) expect(e.reads).toBe(0);
            expectMatches(copy, obs, e);
          }
          if (s.handed > 0) last = i;
        });
      }),
      { numRuns: 400 },
    );
  });
});
