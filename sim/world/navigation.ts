import type { RoomSpec } from "../scene/schema.ts";

/** A point on the floor plane. */
export interface Point2 {
  x: number;
  y: number;
}

/**
 * The room graph: rooms joined by doors. Paths go room centre → door → … → target point,
 * and their length is what `pathLength` adds up.
 */
export class RoomGraph {
  private readonly rooms: Map<string, RoomSpec>;
  /** room → neighbour → door position. */
  private readonly doors = new Map<string, Map<string, Point2>>();

  constructor(rooms: Iterable<RoomSpec>) {
    this.rooms = new Map([...rooms].map((r) => [r.id, r]));
    for (const r of this.rooms.values()) this.doors.set(r.id, new Map());
    for (const r of this.rooms.values()) {
      for (const d of r.doors) {
        const other = this.rooms.get(d.to);
        if (!other) continue;
        const p = d.position ?? sharedEdgeMidpoint(r, other);
        this.doors.get(r.id)!.set(d.to, p);
        if (!this.doors.get(d.to)!.has(r.id)) this.doors.get(d.to)!.set(r.id, p);
      }
    }
  }

  /** Rooms reachable through one door, sorted for determinism. */
  neighbors(room: string): string[] {
    return [...(this.doors.get(room)?.keys() ?? [])].sort();
  }

  /** Centre of a room's footprint. */
  center(room: string): Point2 {
    const r = this.rooms.get(room)!;
    return { x: (r.footprint.min.x + r.footprint.max.x) / 2, y: (r.footprint.min.y + r.footprint.max.y) / 2 };
  }

  /**
   * Shortest walk from `from` (in room `fromRoom`) to `to` (in room `toRoom`) through doors
   * (Dijkstra over door points). Returns null when the rooms are not connected.
   */
  path(fromRoom: string, from: Point2, toRoom: string, to: Point2): { length: number; waypoints: Point2[] } | null {
    if (fromRoom === toRoom) return { length: dist(from, to), waypoints: [to] };
    // nodes: "start", "end", and door keys "a|b" (sorted pair)
    type Node = { key: string; p: Point2; room: string[] };
    const nodes = new Map<string, Node>();
    for (const [a, m] of this.doors) {
      for (const [b, p] of m) {
        const key = a < b ? `${a}|${b}` : `${b}|${a}`;
        if (!nodes.has(key)) nodes.set(key, { key, p, room: [a, b] });
      }
    }
    const best = new Map<string, number>([["start", 0]]);
    const prev = new Map<string, string>();
    const done = new Set<string>();
    const pointOf = (k: string) => (k === "start" ? from : k === "end" ? to : nodes.get(k)!.p);
    const roomsOf = (k: string) => (k === "start" ? [fromRoom] : k === "end" ? [toRoom] : nodes.get(k)!.room);
    for (;;) {
      let cur: string | null = null;
      let curD = Infinity;
      for (const [k, d] of best) if (!done.has(k) && (d < curD || (d === curD && cur !== null && k < cur))) [cur, curD] = [k, d];
      if (cur === null) return null;
      if (cur === "end") break;
      done.add(cur);
      const rs = roomsOf(cur);
      const candidates = [...nodes.values()].filter((n) => n.room.some((r) => rs.includes(r))).map((n) => n.key);
      if (rs.includes(toRoom)) candidates.push("end");
      for (const k of candidates) {
        if (done.has(k)) continue;
        const d = curD + dist(pointOf(cur), pointOf(k));
        if (d < (best.get(k) ?? Infinity)) {
          best.set(k, d);
          prev.set(k, cur);
        }
      }
    }
    const waypoints: Point2[] = [];
    for (let k: string | undefined = "end"; k && k !== "start"; k = prev.get(k)) waypoints.unshift(pointOf(k));
    return { length: best.get("end")!, waypoints };
  }
}

export function dist(a: Point2, b: Point2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function sharedEdgeMidpoint(a: RoomSpec, b: RoomSpec): Point2 {
  const fa = a.footprint;
  const fb = b.footprint;
  const x0 = Math.max(fa.min.x, fb.min.x);
  const x1 = Math.min(fa.max.x, fb.max.x);
  const y0 = Math.max(fa.min.y, fb.min.y);
  const y1 = Math.min(fa.max.y, fb.max.y);
  if (x0 <= x1 && y0 <= y1) return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  // not touching: midpoint of centres
  return {
    x: (fa.min.x + fa.max.x + fb.min.x + fb.max.x) / 4,
    y: (fa.min.y + fa.max.y + fb.min.y + fb.max.y) / 4,
  };
}
