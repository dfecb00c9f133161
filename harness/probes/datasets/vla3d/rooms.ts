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

function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

const bottom = (o: Vla3dObject) => o.box.center.z - o.box.size.z / 2;
const standing = (o: Vla3dObject) => !NOT_STANDING.has((o.nyu40Label ?? o.rawLabel).toLowerCase());

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
}

/** Plans rooms and storeys from regions and the objects in them (see module comment). */
export function planStoreys(regions: readonly Vla3dRegion[], objects: readonly Vla3dObject[]): Storey[] {
  const byRegion = new Map<string, Vla3dObject[]>();
  for (const o of objects) if (o.regionId !== null) byRegion.set(o.regionId, [...(byRegion.get(o.regionId) ?? []), o]);
  const sources = regions.length > 0 ? regions : [wholeSceneRegion(objects)];
  const levels = sources.map((r) => {
    const bottoms = (byRegion.get(r.id) ?? objects.filter(() => regions.length === 0)).filter(standing).map(bottom);
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
    return { index, zShift: Math.abs(floor) > 0.1 ? floor : 0, rooms, roomOfRegion: new Map(ordered.map((r, i) => [r.id, rooms[i]!.id])) };
  });
}

function wholeSceneRegion(objects: readonly Vla3dObject[]): Vla3dRegion {
  const corners = objects.flatMap((o) => footprintCorners(o.box));
  const b = corners.length > 0 ? boundsOf(corners, 0.5) : { min: { x: -1, y: -1 }, max: { x: 1, y: 1 } };
  return {
    id: "0",
    label: "room",
    box: { center: { x: (b.min.x + b.max.x) / 2, y: (b.min.y + b.max.y) / 2, z: 0 }, size: { x: b.max.x - b.min.x, y: b.max.y - b.min.y, z: 3 }, heading: 0 },
  };
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
