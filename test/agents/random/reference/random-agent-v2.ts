import type { Action } from "../../../../sim/actions.ts";
import { RELATIONS } from "../../../../sim/actions.ts";
import type { ObservedObject, Observation } from "../../../../sim/observation.ts";
import { hashString, Rng } from "../../../../sim/rng.ts";
import type { Agent, AgentOptions, TaskView } from "../../../../harness/agent.ts";

/** How many place options the agent offers while holding something (each with a random relation and target). */
const PLACE_OPTIONS = 4;

/** Bits of {@link RandomAgent}'s per-object flags: which options an object offers besides navigate. */
const CARRYABLE = 1;
const OPENABLE = 2;
const TOGGLEABLE = 4;

/**
 * The floor: picks uniformly among well-formed actions over what it has observed (seeded by the episode
 * seed, so reruns repeat exactly). Calls `done()` with a small probability each step (`doneProbability`).
 *
 * The options are, in order: for each room, navigate to it and (unexplored) explore it; for each observed
 * object but floors, navigate to it, pick it (carryable, hands free), open or close it (openable), toggle
 * it (toggleable); then, holding something, {@link PLACE_OPTIONS} places of it with a random relation and
 * a random target among the other objects in the agent's room. Only the count of options is taken and the
 * chosen one is built: in a house of a thousand objects, listing every option as an object each step was
 * most of a step's allocation.
 *
 * What it works out from the `objects` record (the objects but floors, which options each offers) is kept
 * while the next observation hands over the very same record: the simulator gives consecutive
 * observations one record while nothing observed has changed, and a new one when something has (a record
 * once handed over is not edited). Listing a thousand-key record's values each step was the agent's
 * largest cost.
 */
export class RandomAgent implements Agent {
  readonly name = "random";
  readonly version = "1";
  private rng = new Rng(0);
  private readonly doneProbability: number;
  /** The `objects` record that `objects`, `flags`, `fixedOptions` and `carryables` were worked out from. */
  private record: Record<string, ObservedObject> | null = null;
  /** The record's objects but floors, in its order: the first `objectCount` (grown, never shrunk within an episode). */
  private readonly objects: ObservedObject[] = [];
  private objectCount = 0;
  /** For each of `objects`: {@link CARRYABLE}, {@link OPENABLE}, {@link TOGGLEABLE} (grown, never shrunk). */
  private flags = new Uint8Array(0);
  /** Options the objects offer whatever the agent holds: a navigate each, an open or close, a toggle. */
  private fixedOptions = 0;
  /** Carryable objects: a pick each while the hands are free. */
  private carryables = 0;
  /** The place targets of the current step (other objects in the agent's room): the first `targetCount`. */
  private readonly targets: string[] = [];
  /** The current step's place options, reused from step to step (while holding something with targets: all {@link PLACE_OPTIONS}). */
  private readonly places: { relation: (typeof RELATIONS)[number]; target: string }[] = [];

  constructor(options: AgentOptions = {}) {
    this.doneProbability = typeof options.doneProbability === "number" ? options.doneProbability : 0.02;
  }

  reset(task: TaskView): void {
    this.rng = new Rng(hashString(`random:${task.id}:${task.seed ?? 0}`));
    // let the last episode's record go
    this.record = null;
    this.objects.length = 0;
    this.objectCount = 0;
  }

  act(obs: Observation): Action {
    if (this.rng.next() < this.doneProbability) return { type: "done" };
    const record = obs.objects;
    if (record !== this.record) this.learn(record);
    const holding = obs.agent.holding;
    let count = this.fixedOptions + (holding ? 0 : this.carryables);
    for (const r of obs.rooms) count += r.explored ? 1 : 2;
    if (holding) {
      const { objects, objectCount, targets } = this;
      const room = obs.agent.room;
      let targetCount = 0;
      for (let i = 0; i < objectCount; i++) {
        const o = objects[i]!;
        if (o.id !== holding && o.room === room) targets[targetCount++] = o.id;
      }
      // drawn before the choice, as when every option was listed: the rng sequence is the same
      // (`rng.int(targetCount)` is what `rng.pick` of the target list draws)
      if (targetCount > 0) {
        for (let i = 0; i < PLACE_OPTIONS; i++) {
          const relation = this.rng.pick(RELATIONS);
          const target = targets[this.rng.int(targetCount)]!;
          const place = this.places[i];
          if (place) {
            place.relation = relation;
            place.target = target;
          } else this.places.push({ relation, target });
        }
        count += PLACE_OPTIONS;
      }
    }
    if (count === 0) throw new Error("Rng.pick from an empty list");
    return this.option(obs, this.rng.int(count));
  }

  /** Works out the objects but floors and the options they offer from a record not seen before. */
  private learn(record: Record<string, ObservedObject>): void {
    // the keys and a lookup of each, not Object.values: on a record of a thousand keys (a dictionary to V8)
    // that is a quarter of the time and of the allocation
    const ids = Object.keys(record);
    if (this.flags.length < ids.length) this.flags = new Uint8Array(ids.length * 2);
    const { objects, flags } = this;
    let n = 0;
    let fixedOptions = 0;
    let carryables = 0;
    for (let i = 0; i < ids.length; i++) {
      const o = record[ids[i]!]!;
      if (o.category === "floor.n.01") continue;
      const f = (o.kind === "carryable" ? CARRYABLE : 0) | (o.abilities.includes("openable") ? OPENABLE : 0) | (o.abilities.includes("toggleable") ? TOGGLEABLE : 0);
      objects[n] = o;
      flags[n++] = f;
      fixedOptions += 1 + (f & OPENABLE ? 1 : 0) + (f & TOGGLEABLE ? 1 : 0);
      if (f & CARRYABLE) carryables++;
    }
    this.record = record;
    this.objectCount = n;
    this.fixedOptions = fixedOptions;
    this.carryables = carryables;
  }

  /** Option number `k` of the order documented on the class. */
  private option(obs: Observation, k: number): Action {
    for (const r of obs.rooms) {
      if (k === 0) return { type: "navigate", target: r.id };
      k--;
      if (!r.explored) {
        if (k === 0) return { type: "explore", room: r.id };
        k--;
      }
    }
    const holding = obs.agent.holding;
    const { objects, objectCount, flags } = this;
    for (let i = 0; i < objectCount; i++) {
      const f = flags[i]!;
      const offered = 1 + (f & CARRYABLE && !holding ? 1 : 0) + (f & OPENABLE ? 1 : 0) + (f & TOGGLEABLE ? 1 : 0);
      if (k >= offered) {
        k -= offered;
        continue;
      }
      const o = objects[i]!;
      if (k === 0) return { type: "navigate", target: o.id };
      k--;
      if (f & CARRYABLE && !holding) {
        if (k === 0) return { type: "pick", object: o.id };
        k--;
      }
      if (f & OPENABLE) {
        if (k === 0) return { type: o.states.open ? "close" : "open", object: o.id };
        k--;
      }
      return { type: o.states.toggled_on ? "toggle_off" : "toggle_on", object: o.id };
    }
    const place = this.places[k]!;
    return { type: "place", object: holding!, relation: place.relation, target: place.target };
  }
}

export default RandomAgent;
