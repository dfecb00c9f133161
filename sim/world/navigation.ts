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
  /** Door nodes of the path search, one per joined pair of rooms, keyed `a|b` (sorted pair). */
  private readonly doorNodes = new Map<string, DoorNode>();
  /** room → the door nodes on its walls (the edges of the path search leaving that room). */
  private readonly doorsOfRoom = new Map<string, DoorNode[]>();

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
    // the door graph never changes: build it once, not on every path query
    for (const [a, m] of this.doors) {
      for (const [b, p] of m) {
        const key = a < b ? `${a}|${b}` : `${b}|${a}`;
        if (this.doorNodes.has(key)) continue;
        const node: DoorNode = { key, p, room: [a, b] };
        this.doorNodes.set(key, node);
        for (const room of node.room) {
          let list = this.doorsOfRoom.get(room);
          if (!list) this.doorsOfRoom.set(room, (list = []));
          list.push(node);
        }
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
   * (Dijkstra over door points; ties go to the smaller node key, so equal-length routes resolve the
   * same way every time). Returns null when the rooms are not connected.
   */
  path(fromRoom: string, from: Point2, toRoom: string, to: Point2): { length: number; waypoints: Point2[] } | null {
    if (fromRoom === toRoom) return { length: dist(from, to), waypoints: [to] };
    const pointOf = (k: string) => (k === "start" ? from : k === "end" ? to : this.doorNodes.get(k)!.p);
    const roomsOf = (k: string) => (k === "start" ? [fromRoom] : k === "end" ? [toRoom] : this.doorNodes.get(k)!.room);
    const best = new Map<string, number>([["start", 0]]);
    const prev = new Map<string, string>();
    const done = new Set<string>();
    const queue = new NodeQueue();
    queue.push(0, "start");
    for (;;) {
      const next = queue.pop();
      if (!next) return null;
      const { d: curD, key: cur } = next;
      if (done.has(cur) || curD !== best.get(cur)) continue; // stale entry
      if (cur === "end") break;
      done.add(cur);
      const rs = roomsOf(cur);
      const p = pointOf(cur);
      const relax = (k: string) => {
        if (done.has(k)) return;
        const d = curD + dist(p, pointOf(k));
        if (d < (best.get(k) ?? Infinity)) {
          best.set(k, d);
          prev.set(k, cur);
          queue.push(d, k);
        }
      };
      for (const r of rs) for (const n of this.doorsOfRoom.get(r) ?? []) relax(n.key);
      if (rs.includes(toRoom)) relax("end");
    }
    const waypoints: Point2[] = [];
    for (let k: string | undefined = "end"; k && k !== "start"; k = prev.get(k)) waypoints.unshift(pointOf(k));
    return { length: best.get("end")!, waypoints };
  }
}

/** A door as a node of the path search: where it is and the two rooms it joins. */
interface DoorNode {
  key: string;
  p: Point2;
  room: [string, string];
}

/** Binary min-heap of search nodes ordered by distance, then key. */
class NodeQueue {
  private readonly items: { d: number; key: string }[] = [];

  push(d: number, key: string): void {
    const a = this.items;
    a.push({ d, key });
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(a[i]!, a[parent]!)) break;
      [a[i], a[parent]] = [a[parent]!, a[i]!];
      i = parent;
    }
  }

  pop(): { d: number; key: string } | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

function before(x: { d: number; key: string }, y: { d: number; key: string }): boolean {
  return x.d < y.d || (x.d === y.d && x.key < y.key);
}

export function dist(a: Point2, b: Point2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Where a door without a position is: the middle of the edge two rooms share, else halfway between their centres. */
export function sharedEdgeMidpoint(a: Pick<RoomSpec, "footprint">, b: Pick<RoomSpec, "footprint">): Point2 {
  const fa = a.footprint;
  const fb = b.footprint;
  const x0 = Math.max(fa.min.x, fb.min.x);
  const x1 = Math.min(fa.max.x, fb.max.x);
  const y0 = Math.max(fa.min.y, fb.min.y);
  const y1 = Math.min(fa.max.y, fb.max.y);
  if (x0 <= x1 && y0 <= y1) return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  return {
    x: (fa.min.x + fa.max.x + fb.min.x + fb.max.x) / 4,
    y: (fa.min.y + fa.max.y + fb.min.y + fb.max.y) / 4,
  };
}
