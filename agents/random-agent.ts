import type { Action } from "../sim/actions.ts";
import { RELATIONS } from "../sim/actions.ts";
import type { ObservedObject, Observation } from "../sim/observation.ts";
import { hashString, Rng } from "../sim/rng.ts";
import type { Agent, AgentOptions, TaskView } from "../harness/agent.ts";
import { indexOfId, keyBefore } from "./observed-objects.ts";

// the order of `objects` lives with the copy the explorer keeps; exported here too, where it was first
export { keyBefore };

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
 * What the options are made from — the observed objects but floors in the order of `objects`, a flags
 * byte each, the option counts — it keeps itself, brought up to date from each observation's `updates`
 * (new objects merged in at their place, changed ones replaced where they are and the counts adjusted),
 * and it never reads `objects`: the simulator makes that record only when it is read, and in a house of
 * a thousand objects making it and going through it whenever something observed had changed was most of
 * what the agent cost. `updates` only add up to `objects` over every observation of the episode in turn;
 * when the agent is handed one out of turn (a subclass answered some steps itself), it starts again from
 * that observation's `objects`.
 */
export class RandomAgent implements Agent {
  readonly name = "random";
  readonly version = "1";
  private rng = new Rng(0);
  private readonly doneProbability: number;
  /** The step of the last observation taken in (-1 before the episode's first). */
  private seenStep = -1;
  /** The objects observed so far but floors, in the order of `objects` ({@link keyBefore}). */
  private readonly objects: ObservedObject[] = [];
  /** For each of `objects`: {@link CARRYABLE}, {@link OPENABLE}, {@link TOGGLEABLE} (grown, never shrunk). */
  private flags = new Uint8Array(0);
  /** Options the objects offer whatever the agent holds: a navigate each, an open or close, a toggle. */
  private fixedOptions = 0;
  /** Carryable objects: a pick each while the hands are free. */
  private carryables = 0;
  /** The objects of one `updates` not yet among `objects`, in key order (reused). */
  private readonly added: ObservedObject[] = [];
  /** The place targets of the current step (other objects in the agent's room): the first `targetCount`. */
  private readonly targets: string[] = [];
  /** The current step's place options, reused from step to step (while holding something with targets: all {@link PLACE_OPTIONS}). */
  private readonly places: { relation: (typeof RELATIONS)[number]; target: string }[] = [];

  constructor(options: AgentOptions = {}) {
    this.doneProbability = typeof options.doneProbability === "number" ? options.doneProbability : 0.02;
  }

  reset(task: TaskView): void {
    this.rng = new Rng(hashString(`random:${task.id}:${task.seed ?? 0}`));
    this.forget();
  }

  act(obs: Observation): Action {
    // taken in before the done draw (which draws the same either way), so no observation is skipped
    const step = obs.step;
    if (step === this.seenStep + 1) this.apply(obs.updates);
    else if (step !== this.seenStep) {
      this.forget();
      this.apply(obs.objects);
    }
    this.seenStep = step;
    if (this.rng.next() < this.doneProbability) return { type: "done" };
    const holding = obs.agent.holding;
    let count = this.fixedOptions + (holding ? 0 : this.carryables);
    for (const r of obs.rooms) count += r.explored ? 1 : 2;
    if (holding) {
      const { objects, targets } = this;
      const room = obs.agent.room;
      let targetCount = 0;
      for (let i = 0; i < objects.length; i++) {
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

  /** Drops everything observed (a new episode, or an observation out of turn). */
  private forget(): void {
    this.seenStep = -1;
    this.objects.length = 0;
    this.added.length = 0;
    this.fixedOptions = 0;
    this.carryables = 0;
  }

  /** Takes in the snapshots of one `updates` (or a whole `objects` record, after {@link forget}). */
  private apply(updates: Record<string, ObservedObject>): void {
    const ids = Object.keys(updates);
    if (ids.length === 0) return;
    const added = this.added;
    added.length = 0;
    for (let i = 0; i < ids.length; i++) {
      const o = updates[ids[i]!]!;
      const at = indexOfId(this.objects, o.id);
      if (at >= 0) this.replace(at, o);
      else if (o.category !== FLOOR) added.push(o);
    }
    if (added.length > 0) this.merge(added);
  }

  /** A newer snapshot of the object at `at`: replaced where it is, or dropped if it now reads as a floor. */
  private replace(at: number, o: ObservedObject): void {
    const { objects, flags } = this;
    this.count(flags[at]!, -1);
    if (o.category === FLOOR) {
      objects.splice(at, 1);
      flags.copyWithin(at, at + 1, objects.length + 1);
      return;
    }
    const f = flagsOf(o);
    objects[at] = o;
    flags[at] = f;
    this.count(f, 1);
  }

  /** Merges new objects into `objects` from the back (one pass, however many): each moves at most once. */
  private merge(added: ObservedObject[]): void {
    // an `updates` record lists its ids in key order when they were put in sorted, as the simulator does
    for (let i = 1; i < added.length; i++) {
      if (keyBefore(added[i]!.id, added[i - 1]!.id)) {
        added.sort((a, b) => (keyBefore(a.id, b.id) ? -1 : 1));
        break;
      }
    }
    const objects = this.objects;
    let i = objects.length - 1;
    const total = objects.length + added.length;
    for (const o of added) objects.push(o); // dense growth; every slot is written again below
    if (this.flags.length < total) {
      const grown = new Uint8Array(total * 2);
      grown.set(this.flags.subarray(0, i + 1));
      this.flags = grown;
    }
    const flags = this.flags;
    for (let j = added.length - 1, w = total - 1; j >= 0; w--) {
      const o = added[j]!;
      if (i >= 0 && keyBefore(o.id, objects[i]!.id)) {
        objects[w] = objects[i]!;
        flags[w] = flags[i--]!;
      } else {
        const f = flagsOf(o);
        objects[w] = o;
        flags[w] = f;
        this.count(f, 1);
        j--;
      }
    }
  }

  /** Adds (`sign` 1) or takes away (-1) the options of an object with flags `f` to the counts. */
  private count(f: number, sign: 1 | -1): void {
    this.fixedOptions += sign * (1 + (f & OPENABLE ? 1 : 0) + (f & TOGGLEABLE ? 1 : 0));
    if (f & CARRYABLE) this.carryables += sign;
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
    const { objects, flags } = this;
    for (let i = 0; i < objects.length; i++) {
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

const FLOOR = "floor.n.01";

/** Which options an object offers besides navigate ({@link CARRYABLE}, {@link OPENABLE}, {@link TOGGLEABLE}). */
function flagsOf(o: ObservedObject): number {
  return (o.kind === "carryable" ? CARRYABLE : 0) | (o.abilities.includes("openable") ? OPENABLE : 0) | (o.abilities.includes("toggleable") ? TOGGLEABLE : 0);
}

export default RandomAgent;
