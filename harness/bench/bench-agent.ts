import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import { hashString, Rng } from "../../sim/rng.ts";
import type { SimObject } from "../../sim/world/sim-object.ts";
import type { World } from "../../sim/world/world.ts";
import type { Agent, PrivilegedView, TaskView } from "../agent.ts";

/** Where things can be put in a generated house: hosts by name prefix, and the relation to use. */
const HOSTS: { prefix: string; relation: "ontop" | "inside" }[] = [
  { prefix: "table_", relation: "ontop" },
  { prefix: "shelf_", relation: "ontop" },
  { prefix: "cabinet_", relation: "inside" },
];

/**
 * Drives a generated house (see house-generator.ts) with random but valid actions: walk to a thing and
 * pick it up, walk to a table, shelf or open cabinet in the room and put it there, open and close
 * cabinets, switch lamps, move on to a neighbouring room or explore it. It reads the live world
 * (privileged) to choose, but only the current room's objects, and tracks what it has observed from
 * each observation's `newlyObserved`, so its own cost does not grow with the house. Never calls `done`.
 */
export class BenchAgent implements Agent {
  readonly name = "bench-random";
  readonly version = "1";
  readonly privileged = "full" as const;
  /** It reads the world only while its episode runs (each reset takes the new one). */
  readonly releasesWorld = true;
  private rng = new Rng(0);
  private world: World | null = null;
  private readonly observed = new Set<string>();
  private queue: Action[] = [];

  reset(task: TaskView, obs: Observation, privileged?: PrivilegedView): void {
    this.rng = new Rng(hashString(`bench:${task.id}:${task.seed ?? 0}`));
    this.world = (privileged?.world as World | undefined) ?? null;
    if (!this.world) throw new Error("the bench agent needs the privileged world");
    this.observed.clear();
    this.queue = [];
    this.see(obs);
  }

  act(obs: Observation): Action {
    this.see(obs);
    if (this.queue.length === 0) this.queue = this.plan();
    return this.queue.shift()!;
  }

  private see(obs: Observation): void {
    for (const id of obs.newlyObserved) this.observed.add(id);
  }

  /** The next one or two actions. */
  private plan(): Action[] {
    const world = this.world!;
    const { agent } = world;
    const here = world.objectsInRoom(agent.room).filter((o) => this.observed.has(o.id) && !o.held);
    const pickOne = <T>(xs: readonly T[]): T | undefined => (xs.length ? this.rng.pick(xs) : undefined);
    if (agent.holding) {
      const hosts = here.filter((o) => HOSTS.some((h) => o.id.startsWith(h.prefix)) && (!o.abilities.has("openable") || o.states.open));
      const host = pickOne(hosts);
      if (host) {
        const relation = HOSTS.find((h) => host.id.startsWith(h.prefix))!.relation;
        return [{ type: "navigate", target: host.id }, { type: "place", object: agent.holding, relation, target: host.id }];
      }
      return [{ type: "place", object: agent.holding, relation: "nextto", target: `floor_${agent.room}` }];
    }
    const roll = this.rng.next();
    if (roll < 0.5) {
      const things = here.filter((o) => o.kind === "carryable" && o.id.startsWith("thing_") && !this.enclosed(o));
      const thing = pickOne(things);
      if (thing) return [{ type: "navigate", target: thing.id }, { type: "pick", object: thing.id }];
    } else if (roll < 0.65) {
      const cabinet = pickOne(here.filter((o) => o.abilities.has("openable")));
      if (cabinet) return [{ type: "navigate", target: cabinet.id }, { type: cabinet.states.open ? "close" : "open", object: cabinet.id }];
    } else if (roll < 0.75) {
      const lamp = pickOne(here.filter((o) => o.abilities.has("toggleable")));
      if (lamp) return [{ type: "navigate", target: lamp.id }, { type: lamp.states.toggled_on ? "toggle_off" : "toggle_on", object: lamp.id }];
    }
    const next = pickOne(world.graph.neighbors(agent.room))!;
    return [this.rng.next() < 0.5 ? { type: "explore", room: next } : { type: "navigate", target: next }];
  }

  /** Inside a closed container (it could not be picked up). */
  private enclosed(o: SimObject): boolean {
    const s = this.world!.supports.get(o.id);
    if (!s || s.relation !== "inside") return false;
    const c = this.world!.objects.get(s.target);
    return !!c && c.abilities.has("openable") && !c.states.open;
  }
}
