import type { Action } from "../../../../sim/actions.ts";
import { RELATIONS } from "../../../../sim/actions.ts";
import type { ObservedObject, Observation } from "../../../../sim/observation.ts";
import { hashString, Rng } from "../../../../sim/rng.ts";
import type { Agent, AgentOptions, TaskView } from "../../../../harness/agent.ts";

/** How many place options the agent offers while holding something (each with a random relation and target). */
const PLACE_OPTIONS = 4;

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
 */
export class RandomAgent implements Agent {
  readonly name = "random";
  readonly version = "1";
  private rng = new Rng(0);
  private readonly doneProbability: number;
  /** The objects of the current observation but floors, reused from step to step. */
  private readonly objects: ObservedObject[] = [];
  /** The place targets of the current step (other objects in the agent's room), reused. */
  private readonly targets: string[] = [];
  /** The current step's place options, as relation and target. */
  private readonly places: { relation: (typeof RELATIONS)[number]; target: string }[] = [];

  constructor(options: AgentOptions = {}) {
    this.doneProbability = typeof options.doneProbability === "number" ? options.doneProbability : 0.02;
  }

  reset(task: TaskView): void {
    this.rng = new Rng(hashString(`random:${task.id}:${task.seed ?? 0}`));
  }

  act(obs: Observation): Action {
    if (this.rng.next() < this.doneProbability) return { type: "done" };
    const { objects, targets, places } = this;
    objects.length = 0;
    for (const o of Object.values(obs.objects)) if (o.category !== "floor.n.01") objects.push(o);
    const holding = obs.agent.holding;
    let count = 0;
    for (const r of obs.rooms) count += r.explored ? 1 : 2;
    for (const o of objects) count += 1 + (o.kind === "carryable" && !holding ? 1 : 0) + (o.abilities.includes("openable") ? 1 : 0) + (o.abilities.includes("toggleable") ? 1 : 0);
    places.length = 0;
    if (holding) {
      targets.length = 0;
      for (const o of objects) if (o.id !== holding && o.room === obs.agent.room) targets.push(o.id);
      // drawn before the choice, as when every option was listed: the rng sequence is the same
      for (let i = 0; i < PLACE_OPTIONS && targets.length; i++) places.push({ relation: this.rng.pick(RELATIONS), target: this.rng.pick(targets) });
      count += places.length;
    }
    if (count === 0) throw new Error("Rng.pick from an empty list");
    return this.option(obs, this.rng.int(count));
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
    for (const o of this.objects) {
      if (k === 0) return { type: "navigate", target: o.id };
      k--;
      if (o.kind === "carryable" && !holding) {
        if (k === 0) return { type: "pick", object: o.id };
        k--;
      }
      if (o.abilities.includes("openable")) {
        if (k === 0) return { type: o.states.open ? "close" : "open", object: o.id };
        k--;
      }
      if (o.abilities.includes("toggleable")) {
        if (k === 0) return { type: o.states.toggled_on ? "toggle_off" : "toggle_on", object: o.id };
        k--;
      }
    }
    const place = this.places[k]!;
    return { type: "place", object: holding!, relation: place.relation, target: place.target };
  }
}

export default RandomAgent;
