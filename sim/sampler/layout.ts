import type { Rng } from "../rng.ts";
import type { RoomSpec } from "../scene/schema.ts";

/**
 * The floor plan of a sampled house: indoor rooms on both sides of a corridor (each with a door to it),
 * outdoor rooms (garden, driveway, …) in a row beyond the corridor's far end behind a front door.
 * Rooms that must share a wall (furniture standing across it) sit side by side with a door between them.
 */

/** Room types that are outdoors. */
export const OUTDOOR_ROOM_TYPES: ReadonlySet<string> = new Set([
  "garden", "backyard", "front_yard", "yard", "patio", "terrace", "porch", "balcony", "driveway", "lawn", "outdoor", "parking_lot", "street",
]);

/** A room to lay out: how much floor it needs and which room it must share a wall with. */
export interface RoomRequest {
  id: string;
  type: string;
  outdoor: boolean;
  /** Floor area it needs, m². */
  area: number;
  /** Shortest side it needs (its longest piece of furniture plus room to pass), m. */
  minSide?: number;
  /** Room it must be next to (sharing a wall). */
  besides?: string;
}

/** Width of a corridor that only connects rooms, m. */
const CORRIDOR_WIDTH = 2;
/** Shortest side of any room, m. */
const MIN_SIDE = 3;

/**
 * Lays the rooms out. `corridor` names the request that is the corridor (the activity has one),
 * or is null to add a plain corridor with id `corridor` (or `corridor_2` when taken).
 */
export function layoutRooms(requests: readonly RoomRequest[], corridor: string | null, rng: Rng): RoomSpec[] {
  const corridorReq = corridor ? requests.find((r) => r.id === corridor) : undefined;
  const indoor = requests.filter((r) => !r.outdoor && r.id !== corridor);
  const outdoor = requests.filter((r) => r.outdoor);
  const sides = sideGroups(indoor, rng);
  const dims = new Map(requests.map((r) => [r.id, roomDims(r.area, r.minSide ?? MIN_SIDE, rng)]));
  const widthOf = (g: RoomRequest[]) => g.reduce((s, r) => s + dims.get(r.id)!.w, 0);
  const north: RoomRequest[][] = [];
  const south: RoomRequest[][] = [];
  for (const g of sides) (widthOf(north.flat()) <= widthOf(south.flat()) ? north : south).push(g);
  const length = Math.max(widthOf(north.flat()), widthOf(south.flat()), corridorReq ? dims.get(corridorReq.id)!.w : 0, 4);
  const cw = corridorReq ? Math.max(CORRIDOR_WIDTH, round1(corridorReq.area / length)) : CORRIDOR_WIDTH;
  const corridorId = corridor ?? freeId("corridor", requests);

  const rooms: RoomSpec[] = [];
  const hall: RoomSpec = room(corridorId, corridorReq?.type ?? "corridor", false, 0, 0, length, cw);
  rooms.push(hall);
  const row = (groups: RoomRequest[][], y0: number, y1: (d: number) => number, doorY: number) => {
    let x = 0;
    for (const g of groups) {
      let prev: RoomSpec | null = null;
      for (const r of g) {
        const { w, d } = dims.get(r.id)!;
        const lo = Math.min(y0, y1(d));
        const hi = Math.max(y0, y1(d));
        const spec = room(r.id, r.type, false, x, lo, x + w, hi);
        spec.doors.push({ to: hall.id, position: { x: round3(x + w / 2), y: doorY } });
        if (prev) spec.doors.push({ to: prev.id, position: { x: round3(x), y: round3(y0 + (y1(Math.min(d, depth(prev))) - y0) / 2) } });
        rooms.push(spec);
        prev = spec;
        x += w;
      }
    }
  };
  row(north, cw, (d) => cw + d, cw);
  row(south, 0, (d) => -d, 0);
  let x = length;
  let last: RoomSpec = hall;
  for (const r of outdoor) {
    const { w, d } = dims.get(r.id)!;
    const spec = room(r.id, r.type, true, x, cw / 2 - d / 2, x + w, cw / 2 + d / 2);
    spec.doors.push({ to: last.id, position: { x: round3(x), y: round3(cw / 2) } });
    rooms.push(spec);
    last = spec;
    x += w;
  }
  return rooms;
}

/** Groups of rooms that must be side by side (chains of `besides`), in a seeded order. */
function sideGroups(indoor: RoomRequest[], rng: Rng): RoomRequest[][] {
  const byId = new Map(indoor.map((r) => [r.id, r]));
  const placed = new Set<string>();
  const groups: RoomRequest[][] = [];
  for (const r of indoor) {
    if (placed.has(r.id)) continue;
    const partner = r.besides ? byId.get(r.besides) : indoor.find((o) => o.besides === r.id);
    const g = partner && !placed.has(partner.id) ? [r, partner] : [r];
    g.forEach((x) => placed.add(x.id));
    groups.push(g);
  }
  return rng.shuffle(groups);
}

/** Width (along the corridor) and depth of a room of this area, with a seeded aspect ratio. */
function roomDims(area: number, minSide: number, rng: Rng): { w: number; d: number } {
  const aspect = rng.range(0.8, 1.3);
  const side = Math.max(MIN_SIDE, minSide);
  const w = Math.max(side, round1(Math.sqrt(area * aspect)));
  const d = Math.max(side, round1(area / w));
  return { w, d };
}

function room(id: string, type: string, outdoor: boolean, x0: number, y0: number, x1: number, y1: number): RoomSpec {
  return { id, type, outdoor, footprint: { min: { x: round3(x0), y: round3(y0) }, max: { x: round3(x1), y: round3(y1) } }, doors: [] };
}

function depth(r: RoomSpec): number {
  return r.footprint.max.y - r.footprint.min.y;
}

function freeId(base: string, requests: readonly RoomRequest[]): string {
  const ids = new Set(requests.map((r) => r.id));
  for (let k = 1; ; k++) {
    const id = k === 1 ? base : `${base}_${k}`;
    if (!ids.has(id)) return id;
  }
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function round3(x: number): number {
  const r = Math.round(x * 1000) / 1000;
  return r === 0 ? 0 : r;
}
