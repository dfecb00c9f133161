import type { Action } from "../sim/actions.ts";
import { RELATIONS } from "../sim/actions.ts";
import type { Observation } from "../sim/observation.ts";
import { hashString, Rng } from "../sim/rng.ts";
import type { Agent, AgentOptions, TaskView } from "../harness/agent.ts";

/**
 * The floor: picks uniformly among well-formed actions over what it has observed (seeded by the episode
 * seed, so reruns repeat exactly). Calls `done()` with a small probability each step (`doneProbability`).
 */
export class RandomAgent implements Agent {
  readonly name = "random";
  readonly version = "1";
  private rng = new Rng(0);
  private readonly doneProbability: number;

  constructor(options: AgentOptions = {}) {
    this.doneProbability = typeof options.doneProbability === "number" ? options.doneProbability : 0.02;
  }

  reset(task: TaskView): void {
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

export default RandomAgent;
