import { hypot2 } from "../geometry/hypot.ts";

/** A point on the floor plane. */
export interface Point2 {
  x: number;
  y: number;
}

/** A door as a node of the path search: where it is and the two rooms it joins. */
export interface DoorNode {
  key: string;
  p: Point2;
  room: [string, string];
  /** Position in the graph's node list (the search's arrays are indexed by it). */
  index: number;
}

/** The straight-line distance between two floor points (`Math.hypot` to the last bit). */
export function dist(a: Point2, b: Point2): number {
  return hypot2(a.x - b.x, a.y - b.y);
}

/**
 * Dijkstra over a house's door points, compiled once per room graph: rooms and nodes are integers, each door's
 * edges to the other doors of its two rooms are a flat list with their lengths worked out in advance, and ties
 * between equal distances go by a precomputed rank of the node keys instead of comparing strings.
 *
 * It answers exactly as the plain search over the door maps did (that search is kept in the tests as the
 * reference, and a property test holds the two equal bit for bit on generated houses, symmetric grids
 * included): every distance is the same sum taken in the same order (an edge's length is the same `dist` of
 * the same two points, only computed earlier), edges are relaxed in the same order (a door's first room's
 * doors, then its second room's, each in the order the graph lists them), so the same predecessor wins a tie,
 * and the queue pops by (distance, key) as before. A walk is one query: at 25 rooms ~7 µs went to the door maps,
 * the `Math.hypot` of every edge and string comparisons.
 */
export class DoorSearch {
  /** Distance from the start, by node: the doors, then start, then end. */
  readonly best: Float64Array;
  /** The node each node was reached from (-1: none), by node. */
  readonly prev: Int32Array;
  private readonly done: Uint8Array;
  /** Room id → room number (rooms without doors have none: no search reaches them). */
  private readonly roomIndex = new Map<string, number>();
  /** Each door's two rooms, by node: `2i` and `2i + 1`. */
  private readonly roomsOf: Int32Array;
  /** The doors on each room's walls: `roomDoors[roomStart[r] … roomStart[r + 1])`. */
  private readonly roomStart: Int32Array;
  private readonly roomDoors: Int32Array;
  /** Each door's edges: `edgeNode` / `edgeLength` from `edgeStart[i]` to `edgeStart[i + 1]`. */
  private readonly edgeStart: Int32Array;
  private readonly edgeNode: Int32Array;
  private readonly edgeLength: Float64Array;
  /** Each node's place in the order of the node keys (the doors' `a|b`, "start" and "end"): the tie-break. */
  private readonly rank: Int32Array;
  private readonly queue: NodeHeap;

  /**
   * @param doors the door nodes, by index
   * @param doorsOfRoom the doors on each room's walls, in the order the search relaxes them
   */
  constructor(
    private readonly doors: readonly DoorNode[],
    doorsOfRoom: ReadonlyMap<string, readonly DoorNode[]>,
  ) {
    const n = doors.length;
    const rooms = [...doorsOfRoom.keys()];
    rooms.forEach((r, i) => this.roomIndex.set(r, i));
    this.roomStart = new Int32Array(rooms.length + 1);
    const roomDoors: number[] = [];
    rooms.forEach((r, i) => {
      for (const d of doorsOfRoom.get(r)!) roomDoors.push(d.index);
      this.roomStart[i + 1] = roomDoors.length;
    });
    this.roomDoors = Int32Array.from(roomDoors);
    this.roomsOf = new Int32Array(2 * n);
    this.edgeStart = new Int32Array(n + 1);
    const edgeNode: number[] = [];
    const edgeLength: number[] = [];
    for (let i = 0; i < n; i++) {
      const door = doors[i]!;
      for (let side = 0; side < 2; side++) {
        const r = this.roomIndex.get(door.room[side]!)!;
        this.roomsOf[2 * i + side] = r;
        for (let k = this.roomStart[r]!; k < this.roomStart[r + 1]!; k++) {
          const other = this.roomDoors[k]!;
          // a door's own entry: it is done by the time its edges are relaxed, as the plain search skipped it
          edgeNode.push(other);
          edgeLength.push(dist(door.p, doors[other]!.p));
        }
      }
      this.edgeStart[i + 1] = edgeNode.length;
    }
    this.edgeNode = Int32Array.from(edgeNode);
    this.edgeLength = Float64Array.from(edgeLength);
    const keys = [...doors.map((d) => d.key), "start", "end"];
    const byKey = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    this.rank = new Int32Array(n + 2);
    byKey.forEach((node, r) => (this.rank[node] = r));
    this.best = new Float64Array(n + 2);
    this.prev = new Int32Array(n + 2);
    this.done = new Uint8Array(n + 2);
    // every relaxation pushes at most once: the edges, the start's and the end's, and the start itself
    this.queue = new NodeHeap(edgeNode.length + 2 * n + 2, this.rank);
  }

  /**
   * Shortest walk from `from` (in `fromRoom`, which differs from `toRoom`) to `to` over the door points; false
   * when the rooms are not connected. Leaves `best` and `prev` filled (END = doors + 1).
   */
  run(fromRoom: string, from: Point2, toRoom: string, to: Point2): boolean {
    const fromIndex = this.roomIndex.get(fromRoom);
    const toIndex = this.roomIndex.get(toRoom);
    // a room without doors: nothing leaves it, or nothing leads into it
    if (fromIndex === undefined || toIndex === undefined) return false;
    return this.search(fromIndex, from, toIndex, to);
  }

  /**
   * Dijkstra from `from` in room `fromIndex`. With a target room (`toIndex` ≥ 0) the doors of that room lead on to
   * `to` (node END), and the search stops when END is reached (true); with none (-1) it reaches every door it can.
   */
  private search(fromIndex: number, from: Point2, toIndex: number, to: Point2): boolean {
    const doors = this.doors;
    const START = doors.length;
    const END = START + 1;
    const { best, prev, done, queue, roomsOf, roomStart, roomDoors, edgeStart, edgeNode, edgeLength } = this;
    best.fill(Infinity);
    prev.fill(-1);
    done.fill(0);
    queue.clear();
    best[START] = 0;
    queue.push(0, START);
    while (queue.size > 0) {
      const curD = queue.topDistance();
      const cur = queue.pop();
      if (done[cur] || curD !== best[cur]) continue; // stale entry
      if (cur === END) return true;
      done[cur] = 1;
      if (cur === START) {
        for (let k = roomStart[fromIndex]!; k < roomStart[fromIndex + 1]!; k++) {
          const node = roomDoors[k]!;
          const d = curD + dist(from, doors[node]!.p);
          if (!done[node] && d < best[node]!) {
            best[node] = d;
            prev[node] = cur;
            queue.push(d, node);
          }
        }
        continue;
      }
      for (let e = edgeStart[cur]!; e < edgeStart[cur + 1]!; e++) {
        const node = edgeNode[e]!;
        if (done[node]) continue;
        const d = curD + edgeLength[e]!;
        if (d < best[node]!) {
          best[node] = d;
          prev[node] = cur;
          queue.push(d, node);
        }
      }
      if (toIndex >= 0 && (roomsOf[2 * cur] === toIndex || roomsOf[2 * cur + 1] === toIndex)) {
        const d = curD + dist(doors[cur]!.p, to);
        if (!done[END] && d < best[END]!) {
          best[END] = d;
          prev[END] = cur;
          queue.push(d, END);
        }
      }
    }
    return false;
  }

  /**
   * Distances from `from` (in `fromRoom`) to every door, as {@link run} would reach them with no end to stop at
   * (a copy; all Infinity when no door leaves `fromRoom`).
   */
  runFrom(fromRoom: string, from: Point2): Float64Array {
    const fromIndex = this.roomIndex.get(fromRoom);
    if (fromIndex === undefined) return new Float64Array(this.doors.length).fill(Infinity);
    this.search(fromIndex, from, -1, from);
    return this.best.slice(0, this.doors.length);
  }

  /** The shortest of `best[door] + |door → to|` over the doors of `toRoom` ({@link WalkLengths.to}), or null. */
  lengthVia(best: Float64Array, toRoom: string, to: Point2): number | null {
    const toIndex = this.roomIndex.get(toRoom);
    if (toIndex === undefined) return null;
    let length = Infinity;
    for (let k = this.roomStart[toIndex]!; k < this.roomStart[toIndex + 1]!; k++) {
      const door = this.roomDoors[k]!;
      const d = best[door]! + dist(this.doors[door]!.p, to);
      if (d < length) length = d;
    }
    return length === Infinity ? null : length;
  }
}

/**
 * The walking distances from one point to every door of a house (one search, {@link DoorSearch.runFrom}), which
 * then answer the length of a walk to any point as {@link RoomGraph.pathLength} would, without a search each.
 */
export class WalkLengths {
  /** The origin's room, and the origin (a copy). */
  readonly fromRoom: string;
  readonly from: Point2;
  /** Distance from the origin to each door (Infinity: not reachable), by door index. */
  private readonly best: Float64Array;

  constructor(
    private readonly search: DoorSearch,
    fromRoom: string,
    from: Point2,
  ) {
    this.fromRoom = fromRoom;
    this.from = { x: from.x, y: from.y };
    this.best = search.runFrom(fromRoom, from);
  }

  /**
   * Length of the shortest walk from the origin to `to` in `toRoom`, or null when no door leads there: the same
   * number, to the last bit, as a search from the origin to that point. That search stops at the first of the
   * target room's doors to give the shortest total, and every door it took before has the distance this full
   * search gave it (pops go by distance and then key, whatever else is queued); any door it had not reached is
   * at least as far, so the minimum over all the target room's doors is the same.
   */
  to(toRoom: string, to: Point2): number | null {
    if (toRoom === this.fromRoom) return dist(this.from, to);
    return this.search.lengthVia(this.best, toRoom, to);
  }
}

/** Binary min-heap of search nodes by distance, then by the rank of their key, in typed arrays of fixed room. */
class NodeHeap {
  private readonly distance: Float64Array;
  private readonly node: Int32Array;
  size = 0;

  constructor(
    capacity: number,
    private readonly rank: Int32Array,
  ) {
    this.distance = new Float64Array(capacity);
    this.node = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  /** Distance of the entry `pop` returns next. */
  topDistance(): number {
    return this.distance[0]!;
  }

  push(d: number, node: number): void {
    const { distance, rank } = this;
    const nodes = this.node;
    let i = this.size++;
    // sift up, moving parents down instead of swapping
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pd = distance[parent]!;
      if (!(d < pd || (d === pd && rank[node]! < rank[nodes[parent]!]!))) break;
      distance[i] = pd;
      nodes[i] = nodes[parent]!;
      i = parent;
    }
    distance[i] = d;
    nodes[i] = node;
  }

  /** Removes the smallest entry and returns its node. */
  pop(): number {
    const { distance, rank } = this;
    const nodes = this.node;
    const top = nodes[0]!;
    const last = --this.size;
    if (last === 0) return top;
    const d = distance[last]!;
    const node = nodes[last]!;
    const r = rank[node]!;
    // sift the last entry down from the root
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= last) break;
      let m = l;
      const rr = l + 1;
      if (rr < last && (distance[rr]! < distance[l]! || (distance[rr] === distance[l] && rank[nodes[rr]!]! < rank[nodes[l]!]!))) m = rr;
      const md = distance[m]!;
      if (!(md < d || (md === d && rank[nodes[m]!]! < r))) break;
      distance[i] = md;
      nodes[i] = nodes[m]!;
      i = m;
    }
    distance[i] = d;
    nodes[i] = node;
    return top;
  }
}
