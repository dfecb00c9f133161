import type { RoomSpec } from "../scene/schema.ts";
import { DoorSearch, dist, WalkLengths, type DoorNode, type Point2 } from "./door-search.ts";

export { dist, type DoorNode, type Point2 };

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
  /** The door nodes by index (`DoorNode.index`); the search adds `start` and `end` after them. */
  private readonly nodeList: DoorNode[] = [];
  /** The door graph compiled for the search, with its scratch arrays, made once: `pathLength` runs on every walk. */
  private readonly search: DoorSearch;
  /** The walk lengths {@link walkLengthsFrom} made last. */
  private lastFrom: WalkLengths | null = null;

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
        const node: DoorNode = { key, p, room: [a, b], index: this.nodeList.length };
        this.doorNodes.set(key, node);
        this.nodeList.push(node);
        for (const room of node.room) {
          let list = this.doorsOfRoom.get(room);
          if (!list) this.doorsOfRoom.set(room, (list = []));
          list.push(node);
        }
      }
    }
    this.search = new DoorSearch(this.nodeList, this.doorsOfRoom);
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
    if (!this.search.run(fromRoom, from, toRoom, to)) return null;
    const doors = this.nodeList;
    const { prev, best } = this.search;
    const START = doors.length;
    const END = START + 1;
    const waypoints: Point2[] = [];
    for (let k = END; k !== -1 && k !== START; k = prev[k]!) waypoints.unshift(k === END ? to : doors[k]!.p);
    return { length: best[END]!, waypoints };
  }

  /**
   * The lengths of walks from one point ({@link WalkLengths.to}: each the number {@link pathLength} gives), from
   * one search: for a caller that weighs walks to many places from where the agent stands. The last origin's
   * answer is kept, so callers asking again from the same point share one search.
   */
  walkLengthsFrom(fromRoom: string, from: Point2): WalkLengths {
    const last = this.lastFrom;
    if (last && last.fromRoom === fromRoom && Object.is(last.from.x, from.x) && Object.is(last.from.y, from.y)) return last;
    return (this.lastFrom = new WalkLengths(this.search, fromRoom, from));
  }

  /** The length of {@link path} (the same search), without building its waypoints: what a walk costs. */
  pathLength(fromRoom: string, from: Point2, toRoom: string, to: Point2): number | null {
    if (fromRoom === toRoom) return dist(from, to);
    if (!this.search.run(fromRoom, from, toRoom, to)) return null;
    return this.search.best[this.nodeList.length + 1]!;
  }
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
