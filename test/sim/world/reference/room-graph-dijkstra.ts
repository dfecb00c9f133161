import type { RoomSpec } from "../../../../sim/scene/schema.ts";
import { hypot2 } from "../../../../sim/geometry/hypot.ts";

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
  /** The door nodes by index (`DoorNode.index`); the search adds `start` and `end` after them. */
  private readonly nodeList: DoorNode[] = [];
  /** Scratch arrays of the search, made once: `path` runs on every walk. */
  private readonly search: SearchScratch;

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
    this.search = new SearchScratch(this.nodeList.length + 2);
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
    if (!this.search.run(this, fromRoom, from, toRoom, to)) return null;
    const doors = this.nodeList;
    const { prev, best } = this.search;
    const START = doors.length;
    const END = START + 1;
    const waypoints: Point2[] = [];
    for (let k = END; k !== -1 && k !== START; k = prev[k]!) waypoints.unshift(k === END ? to : doors[k]!.p);
    return { length: best[END]!, waypoints };
  }

  /** The length of {@link path} (the same search), without building its waypoints: what a walk costs. */
  pathLength(fromRoom: string, from: Point2, toRoom: string, to: Point2): number | null {
    if (fromRoom === toRoom) return dist(from, to);
    if (!this.search.run(this, fromRoom, from, toRoom, to)) return null;
    return this.search.best[this.nodeList.length + 1]!;
  }

  /** The door nodes of the search, by index. */
  get nodes(): readonly DoorNode[] {
    return this.nodeList;
  }

  /** The door nodes on a room's walls. */
  doorNodesOf(room: string): readonly DoorNode[] | undefined {
    return this.doorsOfRoom.get(room);
  }
}

/** The search's per-node state, reused by every query of one graph (a query never runs inside another). */
class SearchScratch {
  readonly best: Float64Array;
  readonly prev: Int32Array;
  readonly done: Uint8Array;
  readonly queue = new NodeQueue();

  constructor(nodes: number) {
    this.best = new Float64Array(nodes);
    this.prev = new Int32Array(nodes);
    this.done = new Uint8Array(nodes);
  }

  reset(): this {
    this.best.fill(Infinity);
    this.prev.fill(-1);
    this.done.fill(0);
    this.queue.clear();
    return this;
  }

  /**
   * Dijkstra from `from` (in `fromRoom`, which differs from `toRoom`) to `to` over the graph's door points;
   * false when the rooms are not connected. Leaves `best` and `prev` filled (END = doors + 1).
   */
  run(graph: RoomGraph, fromRoom: string, from: Point2, toRoom: string, to: Point2): boolean {
    // nodes by index: the doors, then start and end; no closures or maps per query (this runs on every walk)
    const doors = graph.nodes;
    const START = doors.length;
    const END = START + 1;
    const { best, prev, done, queue } = this.reset();
    best[START] = 0;
    queue.push(0, START, "start");
    for (;;) {
      if (queue.size === 0) return false;
      const curD = queue.topD();
      const cur = queue.pop();
      if (done[cur] || curD !== best[cur]) continue; // stale entry
      if (cur === END) return true;
      done[cur] = 1;
      const p = cur === START ? from : doors[cur]!.p;
      const rooms = cur === START ? null : doors[cur]!.room;
      for (let i = 0, n = rooms ? 2 : 1; i < n; i++) {
        const list = graph.doorNodesOf(rooms ? rooms[i]! : fromRoom);
        if (!list) continue;
        for (const node of list) {
          const k = node.index;
          if (done[k]) continue;
          const d = curD + dist(p, node.p);
          if (d < best[k]!) {
            best[k] = d;
            prev[k] = cur;
            queue.push(d, k, node.key);
          }
        }
      }
      if (rooms ? rooms.includes(toRoom) : fromRoom === toRoom) {
        const d = curD + dist(p, to);
        if (!done[END] && d < best[END]!) {
          best[END] = d;
          prev[END] = cur;
          queue.push(d, END, "end");
        }
      }
    }
  }
}

/** A door as a node of the path search: where it is and the two rooms it joins. */
export interface DoorNode {
  key: string;
  p: Point2;
  room: [string, string];
  /** Position in the graph's node list (the search's arrays are indexed by it). */
  index: number;
}

/**
 * Binary min-heap of search nodes ordered by distance, then key (the node's key string, so ties resolve
 * as by name), in parallel arrays rather than an object per entry.
 */
class NodeQueue {
  private readonly d: number[] = [];
  private readonly node: number[] = [];
  private readonly key: string[] = [];

  get size(): number {
    return this.d.length;
  }

  clear(): void {
    this.d.length = 0;
    this.node.length = 0;
    this.key.length = 0;
  }

  /** Distance of the entry `pop` returns next. */
  topD(): number {
    return this.d[0]!;
  }

  push(d: number, node: number, key: string): void {
    this.d.push(d);
    this.node.push(node);
    this.key.push(key);
    for (let i = this.d.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes the smallest entry and returns its node. */
  pop(): number {
    const { d, node, key } = this;
    const top = node[0]!;
    const last = d.length - 1;
    if (last > 0) {
      d[0] = d[last]!;
      node[0] = node[last]!;
      key[0] = key[last]!;
    }
    d.pop();
    node.pop();
    key.pop();
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < d.length && this.before(l, m)) m = l;
      if (r < d.length && this.before(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }

  private before(i: number, j: number): boolean {
    const { d, key } = this;
    return d[i]! < d[j]! || (d[i] === d[j] && key[i]! < key[j]!);
  }

  private swap(i: number, j: number): void {
    // temporaries, not destructuring: `[a, b] = [b, a]` allocates an array per swap in V8
    const { d, node, key } = this;
    const di = d[i]!;
    d[i] = d[j]!;
    d[j] = di;
    const ni = node[i]!;
    node[i] = node[j]!;
    node[j] = ni;
    const ki = key[i]!;
    key[i] = key[j]!;
    key[j] = ki;
  }
}

export function dist(a: Point2, b: Point2): number {
  return hypot2(a.x - b.x, a.y - b.y);
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
