import { rectContainsPoint } from "../geometry/footprint.ts";
import type { PredicateObject, RoomRef } from "./subject.ts";

/**
 * `inroom(a, room)`: `a`'s centre lies in the room's footprint (edges included). A held object is in
 * the room the simulator says it is in (`a.room`, the agent's room).
 */
export function inroom(a: PredicateObject, room: RoomRef): boolean {
  if (a.held) return a.room === room.id;
  const f = room.footprint;
  return rectContainsPoint({ minX: f.min.x, minY: f.min.y, maxX: f.max.x, maxY: f.max.y }, a.box.center);
}
