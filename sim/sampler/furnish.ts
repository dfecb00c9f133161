import { footprintOverlapArea, horizontalGap } from "../geometry/index.ts";
import type { Rng } from "../rng.ts";
import type { Box, RoomSpec } from "../scene/schema.ts";
import { distanceToFootprint } from "../world/reach.ts";
import type { DraftObject } from "./draft.ts";
import { doorPoints } from "./rooms.ts";

/**
 * Stands each room's fixed objects on its floor without overlap: `wall` furniture backs onto a wall,
 * `free` furniture stands in the room, `ground` patches (lawn, driveway) lie flush with the floor, and a
 * piece that must reach into the next room is set across the shared wall. Door openings stay clear.
 */

/** Gap kept between pieces of furniture, m. */
const CLEARANCE = 0.3;
/** Space kept free around a door, m. */
const DOOR_CLEARANCE = 0.7;
/** Gap between a wall and furniture backed onto it, m. */
const WALL_GAP = 0.02;
/** How far a straddling piece reaches past the wall, at most, m. */
const STRADDLE_REACH = 0.45;
const TRIES = 300;

/** The first room whose furniture did not fit, or null when every piece found a place. */
export function furnish(rooms: readonly RoomSpec[], fixed: readonly DraftObject[], rng: Rng): string | null {
  const byRoom = new Map<string, DraftObject[]>();
  for (const d of fixed) byRoom.set(d.room!, [...(byRoom.get(d.room!) ?? []), d]);
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const placed: DraftObject[] = [];
  for (const room of rooms) {
    const list = (byRoom.get(room.id) ?? []).slice().sort(order);
    const doors = doorPoints(room, rooms);
    for (const d of list) {
      const neighbour = d.straddle ? roomById.get(d.straddle) : undefined;
      const box = findSpot(d, room, neighbour, placed, doors, rng);
      if (!box) return room.id;
      d.box = box;
      placed.push(d);
    }
  }
  return null;
}

/** Ground patches first (they block nothing), then pieces that straddle a wall, then the largest. */
function order(a: DraftObject, b: DraftObject): number {
  const rank = (d: DraftObject) => (d.siting === "ground" ? 0 : d.straddle ? 1 : 2);
  return rank(a) - rank(b) || b.size.x * b.size.y - a.size.x * a.size.y || (a.id < b.id ? -1 : 1);
}

function findSpot(d: DraftObject, room: RoomSpec, neighbour: RoomSpec | undefined, placed: DraftObject[], doors: { x: number; y: number }[], rng: Rng): Box | null {
  const f = room.footprint;
  if (d.siting === "ground") {
    d.size.x = Math.min(d.size.x, f.max.x - f.min.x - 0.4);
    d.size.y = Math.min(d.size.y, f.max.y - f.min.y - 0.4);
  }
  for (let i = 0; i < TRIES; i++) {
    const box = neighbour ? straddlePose(d, room, neighbour, rng) : d.siting === "wall" ? wallPose(d, room, rng) : freePose(d, room, rng);
    if (!box) continue;
    if (d.siting === "ground") return box;
    if (placed.some((p) => p.siting !== "ground" && tooClose(box, p.box!))) continue;
    if (doors.some((p) => distanceToFootprint(p, box) < DOOR_CLEARANCE)) continue;
    return box;
  }
  return null;
}

function tooClose(a: Box, b: Box): boolean {
  return footprintOverlapArea(a, b) > 0 || horizontalGap(a, b) < CLEARANCE;
}

/** Standing on the floor, or hung at its elevation (a ground patch: its top flush with the floor). */
function standing(d: DraftObject, x: number, y: number, heading: number): Box {
  const z = d.siting === "ground" ? -d.size.z / 2 : (d.elevation ?? 0) + d.size.z / 2;
  return { center: { x, y, z }, size: { ...d.size }, heading };
}

/** Backed onto a random wall (longer walls more likely), its x side along the wall. */
function wallPose(d: DraftObject, room: RoomSpec, rng: Rng): Box | null {
  const f = room.footprint;
  const w = f.max.x - f.min.x;
  const h = f.max.y - f.min.y;
  const { x: sx, y: sy } = d.size;
  const side = rng.next() * 2 * (w + h);
  if (side < 2 * w) {
    // north or south wall: x side along world x
    if (sx + 2 * WALL_GAP > w) return null;
    const x = rng.range(f.min.x + sx / 2 + WALL_GAP, f.max.x - sx / 2 - WALL_GAP);
    const y = side < w ? f.max.y - sy / 2 - WALL_GAP : f.min.y + sy / 2 + WALL_GAP;
    return standing(d, x, y, 0);
  }
  // east or west wall: turned a quarter, x side along world y
  if (sx + 2 * WALL_GAP > h) return null;
  const y = rng.range(f.min.y + sx / 2 + WALL_GAP, f.max.y - sx / 2 - WALL_GAP);
  const x = side < 2 * w + h ? f.max.x - sy / 2 - WALL_GAP : f.min.x + sy / 2 + WALL_GAP;
  return standing(d, x, y, Math.PI / 2);
}

/** Anywhere in the room, turned a random quarter. */
function freePose(d: DraftObject, room: RoomSpec, rng: Rng): Box | null {
  const f = room.footprint;
  const turned = rng.next() < 0.5;
  const ex = (turned ? d.size.y : d.size.x) / 2;
  const ey = (turned ? d.size.x : d.size.y) / 2;
  const m = d.siting === "ground" ? 0.2 : 0.4;
  if (2 * (ex + m) > f.max.x - f.min.x || 2 * (ey + m) > f.max.y - f.min.y) return null;
  const x = rng.range(f.min.x + ex + m, f.max.x - ex - m);
  const y = rng.range(f.min.y + ey + m, f.max.y - ey - m);
  return standing(d, x, y, turned ? Math.PI / 2 : 0);
}

/** Across the wall shared with `other`: the centre stays in its own room, one end reaches into the other. */
function straddlePose(d: DraftObject, room: RoomSpec, other: RoomSpec, rng: Rng): Box | null {
  const f = room.footprint;
  const g = other.footprint;
  const wallX = Math.abs(f.max.x - g.min.x) < 1e-6 ? f.max.x : Math.abs(f.min.x - g.max.x) < 1e-6 ? f.min.x : null;
  if (wallX === null) return null;
  const y0 = Math.max(f.min.y, g.min.y) + 0.3;
  const y1 = Math.min(f.max.y, g.max.y) - 0.3;
  const half = d.size.x / 2;
  const reach = Math.min(STRADDLE_REACH, half - 0.05);
  if (reach <= 0.05 || y1 - y0 < d.size.y) return null;
  const dir = wallX === f.max.x ? 1 : -1;
  const x = wallX + dir * (reach - half);
  const y = rng.range(y0 + d.size.y / 2, y1 - d.size.y / 2);
  return standing(d, x, y, 0);
}
