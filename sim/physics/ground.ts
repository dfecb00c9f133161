import { footprintContainsPoint, type Point2 } from "../geometry/footprint.ts";
import { effectiveShape } from "../geometry/shape-model.ts";
import { topZ } from "../geometry/vertical.ts";
import type { RoomRef } from "../predicates/subject.ts";
import type { Box } from "../scene/schema.ts";
import { GROUND_Z, type PlacementObject } from "./placement-types.ts";

/** The floor under a point: its height, the floor object (if any) and the area a pose there must stay in. */
export interface FloorInfo {
  z: number;
  floor: PlacementObject | null;
  /** Footprint of that floor or of the room the point is in; null when neither is known. */
  bound: Box | null;
}

/** A room footprint as a flat box (for footprint containment tests). */
export function roomBox(room: RoomRef): Box {
  const f = room.footprint;
  return {
    center: { x: (f.min.x + f.max.x) / 2, y: (f.min.y + f.max.y) / 2, z: GROUND_Z },
    size: { x: f.max.x - f.min.x, y: f.max.y - f.min.y, z: 0 },
    heading: 0,
  };
}

/**
 * The floor under `p`: the highest floor object among `objects` whose footprint holds `p`, else the
 * floor plane at {@link GROUND_Z} bounded by the room holding `p` (if rooms are given).
 */
export function floorUnder(p: Point2, objects: readonly PlacementObject[], rooms: readonly RoomRef[] = []): FloorInfo {
  let best: PlacementObject | null = null;
  for (const o of objects) {
    if (effectiveShape(o) !== "floor" || !footprintContainsPoint(o.box, p)) continue;
    if (!best || topZ(o.box) > topZ(best.box)) best = o;
  }
  if (best) return { z: topZ(best.box), floor: best, bound: best.box };
  const room = rooms.find((r) => p.x >= r.footprint.min.x && p.x <= r.footprint.max.x && p.y >= r.footprint.min.y && p.y <= r.footprint.max.y);
  return { z: GROUND_Z, floor: null, bound: room ? roomBox(room) : null };
}

/** A thin static slab standing in for the floor plane under `pose` in a physics check. */
export function groundSlab(pose: Box, z: number): Box {
  const reach = 4 * Math.max(pose.size.x, pose.size.y, pose.size.z, 0.1);
  return { center: { x: pose.center.x, y: pose.center.y, z: z - 0.05 }, size: { x: reach, y: reach, z: 0.1 }, heading: 0 };
}
