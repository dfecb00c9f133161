import type { Box } from "../../../sim/scene/schema.ts";
import { distanceToFootprint, REACH } from "../../../sim/world/reach.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import type { World } from "../../../sim/world/world.ts";

/**
 * Read-only questions about the world that mirror the simulator's action preconditions
 * (sim/subpolicies/preconditions.ts), so the oracle only emits actions that can succeed.
 */

/** The innermost closed openable container the object sits in (through its chain of supports), if any. */
export function closedContainerAround(world: World, id: string): SimObject | null {
  for (let cur: string | undefined = id, guard = 0; cur && guard < 64; guard++) {
    const s = world.supports.get(cur);
    if (!s) return null;
    if (s.relation === "inside") {
      const c = world.objects.get(s.target);
      if (c && c.abilities.has("openable") && !c.states.open) return c;
    }
    cur = s.target;
  }
  return null;
}

/** Whether the agent can act on the object from where it stands. */
export function withinReach(world: World, o: SimObject): boolean {
  const { agent } = world;
  if (agent.holding === o.id || o.held) return true;
  if (o.shape === "floor") return o.room === agent.room;
  if (o.room !== agent.room) return false;
  return distanceToFootprint(agent.position, o.box) <= REACH;
}

/** True when the object is, or rides along with, what the agent holds. */
export function isCarried(world: World, id: string): boolean {
  const h = world.agent.holding;
  return !!h && (h === id || world.descendants(h).includes(id));
}

/** The floor object of a room. */
export function floorOf(world: World, room: string): SimObject | undefined {
  const named = world.objects.get(`floor_${room}`);
  if (named?.shape === "floor") return named;
  for (const o of world.objects.values()) if (o.shape === "floor" && o.room === room) return o;
  return undefined;
}

/** Walking distance from the agent to a room's centre (Infinity when no door leads there). */
export function walkingDistance(world: World, room: string): number {
  return world.graph.walkLengthsFrom(world.agent.room, world.agent.position).to(room, world.graph.center(room)) ?? Infinity;
}

/** Room ids ordered by walking distance from the agent (then by id), unreachable ones left out. */
export function roomsByDistance(world: World, filter: (room: string) => boolean = () => true): string[] {
  return [...world.rooms.keys()]
    .filter(filter)
    .map((r) => ({ r, d: walkingDistance(world, r) }))
    .filter((x) => Number.isFinite(x.d))
    .sort((a, b) => a.d - b.d || (a.r < b.r ? -1 : 1))
    .map((x) => x.r);
}

/** Rooms whose id or type is `name` (BDDL `inroom` names a room type). */
export function roomsNamed(world: World, name: string): string[] {
  return [...world.rooms.values()].filter((r) => r.id === name || r.type === name).map((r) => r.id);
}

/** Horizontal area of a box's footprint. */
export function footprintArea(box: Box): number {
  return box.size.x * box.size.y;
}
