import { footprintBounds } from "../geometry/footprint.ts";
import { REACH } from "../world/reach.ts";
import type { Box } from "./schema.ts";

/** How far below the floor plane (z = 0) an object's bottom may be: scans and rounding, not a sunk object, m. */
export const BELOW_FLOOR_TOLERANCE = 0.1;

/** What {@link placementProblems} reads of a scene. */
interface PlacedScene {
  rooms: readonly { id: string; footprint: { min: { x: number; y: number }; max: { x: number; y: number } } }[];
  objects: readonly { id: string; room: string; shape: string; box: Box }[];
}

/**
 * Objects no agent could work at where the scene puts them, as (object index, message): one whose footprint lies
 * beyond reach of every point of its room's footprint (the agent stands inside its rooms, so a task about it
 * could never be done), and one whose bottom is well below the floor (sunk into the ground: a mis-converted
 * height). Floors themselves lie below z = 0 by design and are left out. The room test uses the footprint's
 * bounds, which are never closer than the footprint: an object this flags is out of reach for certain.
 */
export function placementProblems(scene: PlacedScene): Array<{ index: number; path: (string | number)[]; message: string }> {
  const rooms = new Map(scene.rooms.map((r) => [r.id, r.footprint]));
  const out: Array<{ index: number; path: (string | number)[]; message: string }> = [];
  scene.objects.forEach((o, index) => {
    const room = rooms.get(o.room);
    if (room) {
      const b = footprintBounds(o.box);
      const dx = Math.max(0, room.min.x - b.maxX, b.minX - room.max.x);
      const dy = Math.max(0, room.min.y - b.maxY, b.minY - room.max.y);
      const gap = Math.hypot(dx, dy);
      if (gap > REACH) {
        out.push({ index, path: ["objects", index, "box", "center"], message: `${o.id} lies ${round(gap)} m outside its room ${o.room} (footprint x ${room.min.x} … ${room.max.x}, y ${room.min.y} … ${room.max.y}): the agent, which stands in its rooms, could not reach it (reach ${REACH} m)` });
      }
    }
    const bottom = o.box.center.z - o.box.size.z / 2;
    if (o.shape !== "floor" && bottom < -BELOW_FLOOR_TOLERANCE) {
      out.push({ index, path: ["objects", index, "box", "center", "z"], message: `${o.id}'s bottom is at z = ${round(bottom)} m, below the floor (z = 0)` });
    }
  });
  return out;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
