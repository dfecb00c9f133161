import type { Point2 } from "../geometry/footprint.ts";
import type { RoomSpec } from "../scene/schema.ts";
import { FLOOR_THICKNESS } from "../world/world.ts";
import type { DraftObject } from "./draft.ts";

/** Door positions on a room's walls: its own doors and the doors other rooms open into it. */
export function doorPoints(room: RoomSpec, rooms: readonly RoomSpec[]): Point2[] {
  const own = room.doors.filter((d) => d.position).map((d) => d.position!);
  const theirs = rooms.flatMap((r) => r.doors.filter((d) => d.to === room.id && d.position).map((d) => d.position!));
  return [...own, ...theirs];
}

/** The floor object of a room, as the world would add it (`floor_<room>`, floor.n.01, top at z = 0). */
export function floorDraft(room: RoomSpec): DraftObject {
  const f = room.footprint;
  return {
    id: `floor_${room.id}`,
    origin: "floor",
    category: "floor.n.01",
    label: `${room.type.replace(/_/g, " ")} floor`,
    kind: "fixed",
    shape: "floor",
    abilities: [],
    size: { x: f.max.x - f.min.x, y: f.max.y - f.min.y, z: FLOOR_THICKNESS },
    siting: "ground",
    rooms: [room.type],
    room: room.id,
    box: {
      center: { x: (f.min.x + f.max.x) / 2, y: (f.min.y + f.max.y) / 2, z: -FLOOR_THICKNESS / 2 },
      size: { x: f.max.x - f.min.x, y: f.max.y - f.min.y, z: FLOOR_THICKNESS },
      heading: 0,
    },
    states: {},
    facts: [],
  };
}

/** Room whose footprint holds the point (first in the list), or null. */
export function roomAt(rooms: readonly RoomSpec[], p: Point2): string | null {
  for (const r of rooms) {
    const f = r.footprint;
    if (p.x >= f.min.x && p.x <= f.max.x && p.y >= f.min.y && p.y <= f.max.y) return r.id;
  }
  return null;
}
