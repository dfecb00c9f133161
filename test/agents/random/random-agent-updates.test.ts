/**
 * The random agent's own copy of what it has observed, kept from each observation's `updates`: after
 * each hand-made step, its list of objects but floors (in the order of `objects`), their flags and its
 * option counts equal the ones worked out afresh from `objects`, and it chooses what the previous
 * version (reference/random-agent-v2.ts, which read `objects`) chose. Edge cases: an object picked up and
 * put down, opened, a batch of new ids falling between known ones (array-index ids among them), floors,
 * `updates` not in key order, an observation out of turn. And `keyBefore` is the order of `objects`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyBefore, RandomAgent } from "../../../agents/random-agent.ts";
import type { Action } from "../../../sim/actions.ts";
import type { ObservedObject, Observation } from "../../../sim/observation.ts";
import { observedObject } from "../../helpers/observed-object.ts";
import { RandomAgent as RandomAgentV2 } from "./reference/random-agent-v2.ts";

const ROOMS = ["kitchen_0", "hall_0"];

/** A thing on table_1 unless `o` says otherwise. */
const obj = (id: string, o: Partial<ObservedObject> = {}): ObservedObject => observedObject(id, { relation: { type: "ontop", target: "table_1" }, ...o });
const floor = (room: string) => obj(`floor_${room}`, { category: "floor.n.01", kind: "fixed", room, relation: null });
const cabinet = (id: string, open = false) => obj(id, { kind: "fixed", abilities: ["container", "openable"], states: { open }, relation: { type: "onfloor", target: "floor_kitchen_0" } });
const lamp = (id: string, on = false) => obj(id, { kind: "fixed", abilities: ["toggleable"], states: { toggled_on: on }, relation: null });

/** A made-up episode: each step's updates (put in as listed, unless `sorted`), folded into `objects`. */
class Episode {
  private objects: Record<string, ObservedObject> = {};
  readonly observations: Observation[] = [];

  step(changes: ObservedObject[], agent: { room?: string; holding?: string | null } = {}, sorted = true): Observation {
    const list = sorted ? [...changes].sort((a, b) => (a.id < b.id ? -1 : 1)) : changes;
    const updates: Record<string, ObservedObject> = {};
    for (const o of list) updates[o.id] = o;
    const all = { ...this.objects, ...updates };
    this.objects = {};
    for (const id of Object.keys(all).sort()) this.objects[id] = all[id]!;
    const step = this.observations.length;
    const obs: Observation = {
      step,
      stepsLeft: 50 - step,
      agent: { room: agent.room ?? "kitchen_0", position: { x: 0, y: 0 }, holding: agent.holding ?? null, near: null },
      rooms: ROOMS.map((id) => ({ id, type: "room", outdoor: false, neighbors: [], explored: false })),
      objects: this.objects,
      updates,
      newlyObserved: [],
      lastAction: null,
      lastFeedback: null,
      text: "",
    };
    this.observations.push(obs);
    return obs;
  }
}

/** The agent's copy, as it keeps it. */
function copyOf(agent: RandomAgent) {
  const a = agent as unknown as { objects: ObservedObject[]; flags: Uint8Array; fixedOptions: number; carryables: number };
  return { objects: [...a.objects], flags: [...a.flags.subarray(0, a.objects.length)], fixedOptions: a.fixedOptions, carryables: a.carryables };
}

/** The same worked out afresh from `objects` (flags: carryable 1, openable 2, toggleable 4). */
function fromScratch(objects: Record<string, ObservedObject>) {
  const list = Object.values(objects).filter((o) => o.category !== "floor.n.01");
  const flags = list.map((o) => (o.kind === "carryable" ? 1 : 0) | (o.abilities.includes("openable") ? 2 : 0) | (o.abilities.includes("toggleable") ? 4 : 0));
  return {
    objects: list,
    flags,
    fixedOptions: flags.reduce((n, f) => n + 1 + (f & 2 ? 1 : 0) + (f & 4 ? 1 : 0), 0),
    carryables: flags.filter((f) => f & 1).length,
  };
}

/** Feeds the observations (those `handed` picks) to the agent, checking its copy after each. */
function follow(observations: Observation[], handed: (step: number) => boolean = () => true): RandomAgent {
  const agent = new RandomAgent({ doneProbability: 0 });
  agent.reset({ id: "t", instruction: "", seed: 1 });
  for (const obs of observations) {
    if (!handed(obs.step)) continue;
    agent.act(obs);
    const copy = copyOf(agent);
    expect(copy, `step ${obs.step}`).toEqual(fromScratch(obs.objects));
    // the very snapshots the observation holds, not copies
    copy.objects.forEach((o, i) => expect(o, `step ${obs.step}, #${i}`).toBe(obs.objects[o.id]));
  }
  return agent;
}

/** The actions of both versions over the episode, for seeds 0..29 (the option numbering shows any slip). */
function expectSameChoices(observations: Observation[], handed: (step: number) => boolean = () => true): void {
  for (let seed = 0; seed < 30; seed++) {
    const agent = new RandomAgent({ doneProbability: 0.1 });
    const old = new RandomAgentV2({ doneProbability: 0.1 });
    agent.reset({ id: "t", instruction: "", seed });
    old.reset({ id: "t", instruction: "", seed });
    const mine: Action[] = [];
    const theirs: Action[] = [];
    for (const obs of observations) {
      if (!handed(obs.step)) continue;
      mine.push(agent.act(obs));
      theirs.push(old.act(obs));
    }
    expect(mine, `seed ${seed}`).toEqual(theirs);
  }
}

describe("RandomAgent keeps its copy from updates", () => {
  it("an object picked up and put down again: replaced where it is, counts unchanged", () => {
    const e = new Episode();
    e.step([obj("apple_1"), obj("mug_4"), cabinet("cabinet_2"), floor("kitchen_0")]);
    e.step([]);
    e.step([obj("apple_1", { relation: null, box: { center: { x: 0, y: 0, z: 1 }, size: { x: 1, y: 1, z: 1 }, heading: 0 } })], { holding: "apple_1" });
    e.step([], { holding: "apple_1", room: "hall_0" });
    e.step([obj("apple_1", { room: "hall_0", relation: { type: "onfloor", target: "floor_hall_0" } })], { room: "hall_0" });
    const agent = follow(e.observations);
    expect(copyOf(agent).objects.map((o) => o.id)).toEqual(["apple_1", "cabinet_2", "mug_4"]);
    expect(copyOf(agent).objects[0]).toBe(e.observations[4]!.updates.apple_1);
    expectSameChoices(e.observations);
  });

  it("an object opened and closed, a lamp switched: the option it offers follows its state", () => {
    const e = new Episode();
    e.step([cabinet("cabinet_2"), lamp("lamp_3"), obj("apple_1")]);
    e.step([cabinet("cabinet_2", true)]);
    e.step([lamp("lamp_3", true), obj("bowl_0", { relation: { type: "inside", target: "cabinet_2" } })]);
    e.step([cabinet("cabinet_2", false)]);
    follow(e.observations);
    expectSameChoices(e.observations);
  });

  it("a batch of new ids between known ones, array-index ids among them, with a changed known one", () => {
    const e = new Episode();
    e.step([obj("b_2"), obj("d_4"), obj("f_6"), obj("7")]);
    // new before, between and after the known ids; "10" and "2" go first (array indices, by number); d_4 changes kind
    e.step([obj("a_1"), obj("c_3"), obj("e_5"), obj("g_7"), obj("10"), obj("2"), obj("d_4", { kind: "fixed", abilities: ["toggleable"] })]);
    e.step([obj("0"), obj("01"), obj("4294967294"), obj("4294967295"), obj("aa_1"), obj("zz_9")]);
    const agent = follow(e.observations);
    expect(copyOf(agent).objects.map((o) => o.id)).toEqual(["0", "2", "7", "10", "4294967294", "01", "4294967295", "a_1", "aa_1", "b_2", "c_3", "d_4", "e_5", "f_6", "g_7", "zz_9"]);
    expectSameChoices(e.observations);
  });

  it("floors: never in its list, whether new, changed, or an object that comes to read as one", () => {
    const e = new Episode();
    e.step([floor("kitchen_0"), obj("apple_1")]);
    e.step([floor("hall_0"), obj("mug_4")]);
    e.step([{ ...floor("kitchen_0"), states: { dusty: true } }]);
    e.step([{ ...obj("apple_1"), category: "floor.n.01" }]);
    const agent = follow(e.observations);
    expect(copyOf(agent).objects.map((o) => o.id)).toEqual(["mug_4"]);
    expectSameChoices(e.observations);
  });

  it("updates not in key order (put in by hand) are merged in order", () => {
    const e = new Episode();
    e.step([obj("m_5")]);
    e.step([obj("z_9"), obj("a_1"), obj("q_7"), obj("12"), obj("3")], {}, false);
    expect(Object.keys(e.observations[1]!.updates)).toEqual(["3", "12", "z_9", "a_1", "q_7"]);
    follow(e.observations);
    expectSameChoices(e.observations);
  });

  it("an observation out of turn (some were answered without it): starts again from its objects", () => {
    const e = new Episode();
    e.step([obj("apple_1"), floor("kitchen_0")]);
    e.step([obj("mug_4"), cabinet("cabinet_2")]);
    e.step([cabinet("cabinet_2", true), obj("bowl_0")]);
    e.step([]);
    e.step([obj("apple_1", { relation: null })], { holding: "apple_1" });
    const handed = (step: number) => step !== 1 && step !== 2;
    follow(e.observations, handed);
    expectSameChoices(e.observations, handed);
    // the first observation missed as well, and one handed twice
    follow([e.observations[2]!, e.observations[3]!, e.observations[3]!, e.observations[4]!]);
  });

  it("nothing observed changed: the copy stays as it was", () => {
    const e = new Episode();
    e.step([obj("apple_1"), cabinet("cabinet_2")]);
    for (let i = 0; i < 5; i++) e.step([], { holding: i % 2 ? "apple_1" : null });
    follow(e.observations);
    expectSameChoices(e.observations);
  });
});

describe("keyBefore", () => {
  it("is the order JavaScript lists the ids of a record they were put into in sorted order", () => {
    const id = fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.nat().map(String), fc.constantFrom("0", "00", "01", "4294967294", "4294967295", "9999999999", "-1", "1.5", "1e3"));
    fc.assert(
      fc.property(fc.uniqueArray(id, { maxLength: 30 }), (ids) => {
        const record: Record<string, true> = {};
        for (const k of [...ids].sort()) record[k] = true;
        expect([...ids].sort((a, b) => (keyBefore(a, b) ? -1 : keyBefore(b, a) ? 1 : 0))).toEqual(Object.keys(record));
      }),
      { numRuns: 500 },
    );
  });
});
