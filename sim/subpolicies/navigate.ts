import type { Point2 } from "../world/navigation.ts";
import type { SimObject } from "../world/sim-object.ts";
import { canReach, distanceToFootprint, STANDOFF } from "../world/reach.ts";
import type { World } from "../world/world.ts";
import { isOutcome, observedObject } from "./preconditions.ts";
import { failure, success, type Subpolicy, type StepContext, type Outcome } from "./subpolicy.ts";
import { hypot2 } from "../geometry/hypot.ts";
import { sortIds } from "../sort-ids.ts";

/** `navigate(target)`: walk to a room (its centre) or next to an observed object. */
export const navigate: Subpolicy<"navigate"> = {
  type: "navigate",
  description: "walk to a room (by room id) or next to an observed object (by object id)",
  apply(ctx, action) {
    const { world, observer } = ctx;
    if (world.rooms.has(action.target)) {
      const room = action.target;
      const to = world.graph.center(room);
      const walked = walk(ctx, room, to);
      if (isOutcome(walked)) return walked;
      if (walked === 0 && world.agent.room === room) return failure("additional_step", `already in ${room}`);
      const changed = world.moveAgent(room, to);
      return success(`walked to ${room}`, { distance: walked, changed, observed: observer.lookAroundOnEntry(room, to) });
    }
    const o = observedObject(ctx, action.target);
    if (isOutcome(o)) return o;
    if (o.held) return failure("additional_step", `${o.id} is in your hand`);
    const room = o.room;
    const to = reachingPoint(world, o);
    if (!to) {
      const gap = distanceToFootprint(nearestInRoom(world, o), o.box);
      return failure("affordance", `${o.id} cannot be reached from anywhere in ${room}: it lies ${gap.toFixed(2)} m outside the room`);
    }
    const walked = walk(ctx, room, to);
    if (isOutcome(walked)) return walked;
    if (walked < 1e-9) return failure("additional_step", `already next to ${o.id}`);
    const changed = world.moveAgent(room, to);
    const observed = sortIds([...observer.lookAroundOnEntry(room, to, 0), ...observer.lookAround(room, to)]);
    return success(`walked to ${o.id} in ${room}`, { distance: walked, changed, observed });
  },
};

/** Length of the walk from the agent to a point, or an `affordance` failure when no door leads there. */
export function walk(ctx: StepContext, room: string, to: Point2): number | Outcome {
  const { agent, graph } = ctx.world;
  const length = graph.pathLength(agent.room, agent.position, room, to);
  if (length === null) return failure("affordance", `no door leads from ${agent.room} to ${room}`);
  return length;
}

/**
 * Where `navigate` takes the agent to work at an object, or null when no point of its room is within
 * reach of it (an object lying outside its room's footprint): the {@link standPoint} when it is within
 * reach (always, for an object inside its room), else the point of the room nearest to the object.
 */
export function reachingPoint(world: World, o: SimObject): Point2 | null {
  const stand = standPoint(world, o);
  if (o.shape === "floor" || canReach(stand, o.box)) return stand;
  const nearest = nearestInRoom(world, o);
  return canReach(nearest, o.box) ? nearest : null;
}

/** The point of the object's room (kept 5 cm inside its edges, as stand points are) nearest to the object. */
function nearestInRoom(world: World, o: SimObject): Point2 {
  const f = world.rooms.get(o.room)!.footprint;
  const m = 0.05;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  // the nearest point to a box of a rectangle: clamp the box's own nearest point, found on the clamped centre
  let p = { x: clamp(o.box.center.x, f.min.x + m, f.max.x - m), y: clamp(o.box.center.y, f.min.y + m, f.max.y - m) };
  for (let i = 0; i < 4; i++) {
    const q = closestOnFootprint(o, p);
    p = { x: clamp(q.x, f.min.x + m, f.max.x - m), y: clamp(q.y, f.min.y + m, f.max.y - m) };
  }
  return { x: round6(p.x), y: round6(p.y) };
}

/** The point of the object's footprint nearest to `p`. */
function closestOnFootprint(o: SimObject, p: Point2): Point2 {
  const c = Math.cos(o.box.heading);
  const s = Math.sin(o.box.heading);
  const dx = p.x - o.box.center.x;
  const dy = p.y - o.box.center.y;
  const u = Math.max(-o.box.size.x / 2, Math.min(o.box.size.x / 2, c * dx + s * dy));
  const v = Math.max(-o.box.size.y / 2, Math.min(o.box.size.y / 2, -s * dx + c * dy));
  return { x: o.box.center.x + c * u - s * v, y: o.box.center.y + s * u + c * v };
}

/** Where the agent stands to work at an object: beside its footprint, on the side facing the room centre. */
export function standPoint(world: World, o: SimObject): Point2 {
  const room = world.rooms.get(o.room)!;
  const c = world.graph.center(o.room);
  if (o.shape === "floor") return c;
  let dx = c.x - o.box.center.x;
  let dy = c.y - o.box.center.y;
  const len = hypot2(dx, dy);
  // plain assignments, not `[dx, dy] = [...]`: no array per call where the code is not optimized
  if (len < 1e-6) {
    dx = 1;
    dy = 0;
  } else {
    dx /= len;
    dy /= len;
  }
  const reach = exitDistance(o, dx, dy) + STANDOFF;
  const f = room.footprint;
  const m = 0.05;
  return {
    x: round6(Math.min(f.max.x - m, Math.max(f.min.x + m, o.box.center.x + dx * reach))),
    y: round6(Math.min(f.max.y - m, Math.max(f.min.y + m, o.box.center.y + dy * reach))),
  };
}

/** Distance from the box centre along the unit direction (dx, dy) to where the ray leaves the footprint. */
function exitDistance(o: SimObject, dx: number, dy: number): number {
  const c = Math.cos(o.box.heading);
  const s = Math.sin(o.box.heading);
  const along = Math.abs(dx * c + dy * s);
  const across = Math.abs(-dx * s + dy * c);
  const tx = along > 1e-12 ? o.box.size.x / 2 / along : Infinity;
  const ty = across > 1e-12 ? o.box.size.y / 2 / across : Infinity;
  return Math.min(tx, ty);
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
