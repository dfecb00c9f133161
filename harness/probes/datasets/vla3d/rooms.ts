/**
 * VLA-3D regions → rooms of our scenes.
 * - A room per region: id `<type>_<region id>`, type from the region label (lower case, `_` for
 *   spaces; `livingroom` → `living_room`, `Hall/stairwell` → `corridor`, unknown or numeric labels →
 *   `room`), footprint = the axis-aligned bounds of the region's turned box.
 * - Storeys: our scenes have one floor at z = 0, so a house with an upper floor becomes one scene per
 *   storey. A region's level is the 25th percentile of the bottoms of the things standing in it (walls,
 *   ceilings, doors, windows, pictures, lamps and curtains left out) when at least 5 stand in it, else
 *   the bottom of its box; sorted levels more than 1.8 m apart start a new storey. Each storey is shifted so its floor (the 10th
 *   percentile of those bottoms) is at z = 0 when it is more than 0.1 m off.
 * - Doors: rooms whose footprints touch or overlap (within 0.25 m) get a door at the middle of the
 *   overlap; rooms that would otherwise be unreachable are joined to the nearest reachable room.
 */
import type { RoomSpec } from "../../../../sim/scene/schema.ts";
import { footprintCorners } from "../../../../sim/geometry/footprint.ts";
import type { Vla3dObject, Vla3dRegion } from "./read.ts";
import { nyu40Of } from "./objects.ts";
import { floorOfLevel, quantile } from "./floor.ts";

type Rect = { min: { x: number; y: number }; max: { x: number; y: number } };

const NOT_STANDING = new Set(["wall", "ceiling", "floor", "door", "window", "picture", "lamp", "curtain", "blinds", "mirror"]);
const TYPE_ALIASES: Record<string, string> = {
  livingroom: "living_room",
  diningroom: "dining_room",
  hall_stairwell: "corridor",
  hallway: "corridor",
  hall: "corridor",
  familyroom_lounge: "living_room",
  tv: "television_room",
  unknown_room: "room",
  unknown: "room",
};

/** Room type of a region label (see module comment). */
export function roomTypeOf(label: string): string {
  const slug = label.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  if (slug === "" || /^\d+$/.test(slug)) return "room";
  return TYPE_ALIASES[slug] ?? slug;
}

const bottom = (o: Vla3dObject) => o.box.center.z - o.box.size.z / 2;
const standing = (o: Vla3dObject) => !NOT_STANDING.has(nyu40Of(o));

function boundsOf(corners: Array<{ x: number; y: number }>, margin = 0): Rect {
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { min: { x: Math.min(...xs) - margin, y: Math.min(...ys) - margin }, max: { x: Math.max(...xs) + margin, y: Math.max(...ys) + margin } };
}

/** A storey: its rooms, the regions they came from, and how far it was lowered. */
export interface Storey {
  index: number;
  /** Subtracted from every z of the storey (its floor's height in the source). */
  zShift: number;
  rooms: RoomSpec[];
  /** Region id → room id. */
  roomOfRegion: Map<string, string>;
  /**
   * Where the storey has floor (source x, y): its rooms' footprints, or for a storey inferred without
   * regions its floor objects' footprints. Used to tell which storey an object without a region stands on.
   */
  floorAreas: Rect[];
  /** True when the storey came from floor objects or object heights, not from a region file. */
  inferred: boolean;
}

/** True for a floor slab of the source (`floor` label) big enough to stand on (1 m²). */
export function isFloorSlab(o: Vla3dObject): boolean {
  return (nyu40Of(o) === "floor" || o.rawLabel.trim().toLowerCase() === "floor") && o.box.size.x * o.box.size.y >= 1;
}

const inside = (r: Rect, x: number, y: number, margin = 0) => x >= r.min.x - margin && x <= r.max.x + margin && y >= r.min.y - margin && y <= r.max.y + margin;

/**
 * Storey of an object: its region's, else the highest storey whose floor is below its bottom (0.3 m
 * tolerance) among those with floor under its centre (x, y), else the highest one below its bottom anywhere.
 */
export function storeyOf(o: Vla3dObject, storeys: readonly Storey[]): Storey {
  const byRegion = o.regionId !== null ? storeys.find((s) => s.roomOfRegion.has(o.regionId!)) : undefined;
  if (byRegion) return byRegion;
  const b = bottom(o);
  const { x, y } = o.box.center;
  const below = [...storeys].sort((a, c) => c.zShift - a.zShift).filter((s) => s.zShift <= b + 0.3);
  return below.find((s) => s.floorAreas.some((r) => inside(r, x, y, 0.25))) ?? below[0] ?? storeys[0]!;
}

/** True when the point lies in the region's turned box (z included), with a small tolerance. */
function inRegion(r: Vla3dRegion, p: { x: number; y: number; z: number }, margin = 0.05): boolean {
  const c = Math.cos(-r.box.heading);
  const s = Math.sin(-r.box.heading);
  const dx = p.x - r.box.center.x;
  const dy = p.y - r.box.center.y;
  return (
    Math.abs(c * dx - s * dy) <= r.box.size.x / 2 + margin &&
    Math.abs(s * dx + c * dy) <= r.box.size.y / 2 + margin &&
    Math.abs(p.z - r.box.center.z) <= r.box.size.z / 2 + margin
  );
}

/**
 * Objects read without region ids (`object_list.txt`) get the region whose box holds their centre (the
 * smallest when several do); those in none keep null. Objects that have region ids are returned as they are.
 */
export function assignRegions(regions: readonly Vla3dRegion[], objects: readonly Vla3dObject[]): Vla3dObject[] {
  if (regions.length === 0 || objects.some((o) => o.regionId !== null)) return [...objects];
  const volume = (r: Vla3dRegion) => r.box.size.x * r.box.size.y * r.box.size.z;
  return objects.map((o) => {
    const hits = regions.filter((r) => inRegion(r, o.box.center)).sort((a, b) => volume(a) - volume(b));
    return hits.length > 0 ? { ...o, regionId: hits[0]!.id } : o;
  });
}

/** Plans rooms and storeys from regions and the objects in them (see module comment). */
export function planStoreys(regions: readonly Vla3dRegion[], objects: readonly Vla3dObject[]): Storey[] {
  if (regions.length === 0) return inferStoreys(objects);
  const byRegion = new Map<string, Vla3dObject[]>();
  for (const o of objects) if (o.regionId !== null) byRegion.set(o.regionId, [...(byRegion.get(o.regionId) ?? []), o]);
  const levels = regions.map((r) => {
    const bottoms = (byRegion.get(r.id) ?? []).filter(standing).map(bottom);
    return { region: r, level: bottoms.length >= 5 ? quantile(bottoms, 0.25) : r.box.center.z - r.box.size.z / 2, bottoms };
  });
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const clusters: Array<typeof levels> = [];
  for (const l of sorted) {
    const last = clusters.at(-1);
    if (last && l.level - last.at(-1)!.level <= 1.8) last.push(l);
    else clusters.push([l]);
  }
  return clusters.map((cluster, index) => {
    const bottoms = cluster.flatMap((c) => c.bottoms);
    const floor = bottoms.length > 0 ? quantile(bottoms, 0.1) : Math.min(...cluster.map((c) => c.level));
    const ordered = cluster.map((c) => c.region).sort((a, b) => Number(a.id) - Number(b.id) || (a.id < b.id ? -1 : 1));
    const rooms: RoomSpec[] = ordered.map((r) => ({
      id: `${roomTypeOf(r.label)}_${r.id}`,
      type: roomTypeOf(r.label),
      outdoor: false,
      footprint: boundsOf(footprintCorners(r.box)),
      doors: [],
    }));
    connectRooms(rooms);
    return {
      index,
      zShift: Math.abs(floor) > 0.1 ? floor : 0,
      rooms,
      roomOfRegion: new Map(ordered.map((r, i) => [r.id, rooms[i]!.id])),
      floorAreas: rooms.map((r) => r.footprint),
      inferred: false,
    };
  });
}

/**
 * Storeys without a region file: one per level of floor slabs (tops more than 1.8 m apart). The
 * objects are first given to the levels by the top of each level's lowest slab (a generous floor, so
 * nothing standing on a thick slab falls to the level below), then each level's floor is where its
 * standing things' bottoms cluster (floor.ts), not a slab's top; with no floor slab, one storey whose
 * floor is the 10th percentile of the bottoms of the things standing in it. Each storey is one room,
 * `room_<storey>`, covering its objects (see {@link fitRooms}). Region ids of the objects are ignored:
 * they name regions of a file that is missing.
 */
function inferStoreys(all: readonly Vla3dObject[]): Storey[] {
  const objects = all.map((o) => (o.regionId === null ? o : { ...o, regionId: null }));
  const top = (o: Vla3dObject) => o.box.center.z + o.box.size.z / 2;
  const slabs = objects.filter(isFloorSlab).sort((a, b) => top(a) - top(b));
  const levels: Vla3dObject[][] = [];
  for (const s of slabs) {
    const last = levels.at(-1);
    if (last && top(s) - top(last[0]!) <= 1.8) last.push(s);
    else levels.push([s]);
  }
  const make = (index: number, floor: number, areas: Rect[]): Storey => ({
    index,
    zShift: Math.abs(floor) > 0.1 ? floor : 0,
    rooms: [],
    roomOfRegion: new Map(),
    floorAreas: areas,
    inferred: true,
  });
  const storeys =
    levels.length > 0
      ? levels.map((level, i) => make(i, top(level[0]!), level.map((s) => boundsOf(footprintCorners(s.box)))))
      : [make(0, objects.filter(standing).length > 0 ? quantile(objects.filter(standing).map(bottom), 0.1) : 0, [])];
  if (levels.length > 0) {
    // members by the slab tops first, then each floor from what stands on it (both at once: a floor moved
    // first would change which storey the next level's objects fall to)
    const standingOn = storeys.map((s) => objects.filter((o) => standing(o) && storeyOf(o, storeys) === s));
    storeys.forEach((s, i) => {
      const floor = floorOfLevel(levels[i]!, standingOn[i]!);
      s.zShift = Math.abs(floor) > 0.1 ? floor : 0;
    });
  }
  for (const s of storeys) {
    const members = objects.filter((o) => storeyOf(o, storeys) === s);
    const corners = members.flatMap((o) => footprintCorners(o.box));
    const b = corners.length > 0 ? boundsOf(corners, 0.5) : { min: { x: -1, y: -1 }, max: { x: 1, y: 1 } };
    s.rooms = [{ id: `room_${s.index}`, type: "room", outdoor: false, footprint: b, doors: [] }];
  }
  return storeys;
}

/**
 * Room of an object in its storey: its region's room, else the room whose footprint holds its centre,
 * else the nearest room.
 */
export function roomOf(o: Vla3dObject, storey: Storey): RoomSpec {
  const direct = o.regionId !== null ? storey.roomOfRegion.get(o.regionId) : undefined;
  if (direct) return storey.rooms.find((r) => r.id === direct)!;
  const { x, y } = o.box.center;
  let best = storey.rooms[0]!;
  let bestDistance = Infinity;
  for (const r of storey.rooms) {
    const f = r.footprint;
    const d = Math.hypot(Math.max(f.min.x - x, 0, x - f.max.x), Math.max(f.min.y - y, 0, y - f.max.y));
    if (d < bestDistance) [best, bestDistance] = [r, d];
  }
  return best;
}

/** Margin a room gets around an object it is grown to hold: room for the agent to stand beside it. */
export const STAND_MARGIN = 0.5;

/**
 * Grows each room to hold every object whose centre lies outside it (its whole footprint plus
 * {@link STAND_MARGIN}, so the agent can stand beside it), then redoes the doors when a room grew.
 * Objects whose centre is inside but whose box crosses the room's edge (doors and windows in walls) stay
 * as they are: they are reached from inside. Returns the ids of the objects a room was grown for.
 */
export function fitRooms(rooms: RoomSpec[], objects: ReadonlyArray<{ id: string; room: string; box: Vla3dObject["box"] }>): string[] {
  const roomOfId = (id: string) => rooms.find((r) => r.id === id)!;
  const outside = objects.filter((o) => !inside(roomOfId(o.room).footprint, o.box.center.x, o.box.center.y));
  for (const o of outside) {
    const room = roomOfId(o.room);
    const f = room.footprint;
    const b = boundsOf(footprintCorners(o.box));
    room.footprint = {
      min: { x: Math.min(f.min.x, b.min.x - STAND_MARGIN), y: Math.min(f.min.y, b.min.y - STAND_MARGIN) },
      max: { x: Math.max(f.max.x, b.max.x + STAND_MARGIN), y: Math.max(f.max.y, b.max.y + STAND_MARGIN) },
    };
  }
  const grown = outside.map((o) => o.id);
  if (grown.length > 0 || rooms.every((r) => r.doors.length === 0)) {
    for (const r of rooms) r.doors = [];
    connectRooms(rooms);
  }
  return grown;
}

/** Gap between two rectangles (0 when they touch or overlap) and the middle of their closest parts. */
function gap(a: Rect, b: Rect): { distance: number; point: { x: number; y: number } } {
  const span = (lo1: number, hi1: number, lo2: number, hi2: number) => {
    const lo = Math.max(lo1, lo2);
    const hi = Math.min(hi1, hi2);
    return lo <= hi ? { d: 0, mid: (lo + hi) / 2 } : { d: lo - hi, mid: (lo + hi) / 2 };
  };
  const x = span(a.min.x, a.max.x, b.min.x, b.max.x);
  const y = span(a.min.y, a.max.y, b.min.y, b.max.y);
  return { distance: Math.hypot(x.d, y.d), point: { x: x.mid, y: y.mid } };
}

function addDoor(a: RoomSpec, b: RoomSpec, position: { x: number; y: number }): void {
  if (a.doors.some((d) => d.to === b.id)) return;
  a.doors.push({ to: b.id, position });
  b.doors.push({ to: a.id, position });
}

/** Doors between touching rooms, then bridges so every room is reachable (see module comment). */
export function connectRooms(rooms: RoomSpec[]): void {
  for (let i = 0; i < rooms.length; i++)
    for (let j = i + 1; j < rooms.length; j++) {
      const g = gap(rooms[i]!.footprint, rooms[j]!.footprint);
      if (g.distance <= 0.25) addDoor(rooms[i]!, rooms[j]!, g.point);
    }
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const d of rooms.find((r) => r.id === id)!.doors) visit(d.to);
  };
  if (rooms.length > 0) visit(rooms[0]!.id);
  while (reached.size < rooms.length) {
    let best: { a: RoomSpec; b: RoomSpec; distance: number; point: { x: number; y: number } } | null = null;
    for (const a of rooms.filter((r) => reached.has(r.id)))
      for (const b of rooms.filter((r) => !reached.has(r.id))) {
        const g = gap(a.footprint, b.footprint);
        if (!best || g.distance < best.distance) best = { a, b, ...g };
      }
    addDoor(best!.a, best!.b, best!.point);
    visit(best!.b.id);
  }
}
