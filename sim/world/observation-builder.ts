import { formatAction, type Action, type Feedback } from "../actions.ts";
import type { ObservedObject, ObservedRoom, Observation } from "../observation.ts";
import type { SimObject } from "./sim-object.ts";
import type { Observer } from "./observer.ts";
import type { World } from "./world.ts";

/**
 * Builds the agent's observation. Snapshots of observed objects are cached and rebuilt only for
 * objects that changed since the last observation (observation updates are deltas).
 */
export class ObservationBuilder {
  private readonly snapshots = new Map<string, ObservedObject>();

  constructor(
    private readonly world: World,
    private readonly observer: Observer,
  ) {}

  /** Marks objects whose snapshot must be rebuilt. */
  invalidate(ids: Iterable<string>): void {
    for (const id of ids) this.snapshots.delete(id);
  }

  build(args: { step: number; maxSteps: number; newlyObserved: string[]; lastAction: Action | null; lastFeedback: Feedback | null }): Observation {
    const { world, observer } = this;
    const objects: Record<string, ObservedObject> = {};
    for (const id of [...observer.observed].sort()) {
      let snap = this.snapshots.get(id);
      if (!snap) {
        snap = snapshot(world, world.get(id));
        this.snapshots.set(id, snap);
      }
      objects[id] = snap;
    }
    const rooms: ObservedRoom[] = [...world.rooms.values()].map((r) => ({
      id: r.id,
      type: r.type,
      outdoor: r.outdoor,
      neighbors: world.graph.neighbors(r.id),
      explored: observer.explored.has(r.id),
    }));
    const agent = { room: world.agent.room, position: { ...world.agent.position }, holding: world.agent.holding, near: null as string | null };
    const obs: Omit<Observation, "text"> = {
      step: args.step,
      stepsLeft: Math.max(0, args.maxSteps - args.step),
      agent,
      rooms,
      objects,
      newlyObserved: args.newlyObserved,
      lastAction: args.lastAction,
      lastFeedback: args.lastFeedback,
    };
    return { ...obs, text: renderObservationText(obs, args.maxSteps) };
  }
}

function snapshot(world: World, o: SimObject): ObservedObject {
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

/** Structured text for language models: where the agent is, the rooms, what it has seen, the last feedback. */
export function renderObservationText(obs: Omit<Observation, "text">, maxSteps: number): string {
  const lines: string[] = [];
  const pos = obs.agent.position;
  lines.push(`Step ${obs.step} of ${maxSteps} (${obs.stepsLeft} left). You are in ${obs.agent.room} at (${pos.x.toFixed(2)}, ${pos.y.toFixed(2)}), holding ${obs.agent.holding ?? "nothing"}.`);
  lines.push("Rooms:");
  for (const r of obs.rooms) {
    lines.push(`- ${r.id} (${r.type}${r.outdoor ? ", outdoor" : ""}${r.explored ? ", explored" : ", not explored"}); doors to: ${r.neighbors.join(", ") || "none"}`);
  }
  lines.push("Observed objects by room:");
  const byRoom = new Map<string, ObservedObject[]>();
  for (const o of Object.values(obs.objects)) {
    if (o.kind === "fixed" && o.category === "floor.n.01") continue;
    const list = byRoom.get(o.room) ?? [];
    list.push(o);
    byRoom.set(o.room, list);
  }
  for (const r of obs.rooms) {
    const list = byRoom.get(r.id);
    if (!list) continue;
    lines.push(`- ${r.id}:`);
    for (const o of list) {
      const states = Object.entries(o.states).filter(([, v]) => v).map(([k]) => k);
      if (o.abilities.includes("openable") && !o.states.open) states.push("closed");
      const d = Math.hypot(o.box.center.x - pos.x, o.box.center.y - pos.y);
      const where = o.relation ? ` ${o.relation.type} ${o.relation.target}` : "";
      const dist = r.id === obs.agent.room ? `, ${d.toFixed(1)} m away` : "";
      lines.push(`  - ${o.id} (${o.label}; ${o.kind}${o.abilities.length ? `; ${o.abilities.join(", ")}` : ""}${states.length ? `; ${states.join(", ")}` : ""})${where}${dist}`);
    }
  }
  if (obs.lastAction && obs.lastFeedback) {
    const f = obs.lastFeedback;
    lines.push(`Last action: ${formatAction(obs.lastAction)} → ${f.ok ? "ok" : `failed (${f.error})`}: ${f.message}`);
  }
  if (obs.newlyObserved.length) lines.push(`Newly observed: ${obs.newlyObserved.join(", ")}`);
  return lines.join("\n");
}
