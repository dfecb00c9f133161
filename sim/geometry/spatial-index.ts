import type { Box } from "../scene/schema.ts";
import { footprintBounds, type Rect2 } from "./footprint.ts";

/** Boxes covering more cells than this are kept in a short list that every query scans (room floors). */
const MAX_CELLS_PER_ENTRY = 1024;
/** Cell coordinates are packed into one number; this bounds |cell index| (±2^20 m at 1 m cells). */
const CELL_RANGE = 1 << 20;

interface Entry {
  readonly id: string;
  bounds: Rect2;
  /** Cell range the entry is registered in, or null when it is in the oversized list. */
  cells: { x0: number; y0: number; x1: number; y1: number } | null;
  /** The buckets of those cells, in the same x-major order (empty when oversized). */
  buckets: Bucket[];
}

/**
 * A cell's entries in insertion order (a move to the same cells takes an entry out and appends it, as
 * deleting and re-adding an id to a Set did): a query reads each entry's bounds straight from its bucket,
 * and walks a short array rather than a hash table. Buckets hold a handful of entries, so taking one out
 * by a scan costs little.
 */
type Bucket = Entry[];

/**
 * Uniform grid hash over the floor plane: finds the boxes near a box without scanning the whole scene,
 * so predicate and physics work stays local and does not grow with the scene. Each id is registered in
 * every cell its footprint bounds touch. Queries return a superset of the boxes whose footprints lie
 * within the radius (they test footprint bounds, never the exact oriented shapes); callers refine.
 * The same sequence of operations always gives results in the same order.
 */
export class SpatialIndex {
  private readonly cells = new Map<number, Bucket>();
  private readonly entries = new Map<string, Entry>();
  private readonly oversized = new Map<string, Entry>();

  /** @param cellSize grid cell side, m (about the size of a piece of furniture works well). */
  constructor(readonly cellSize = 1) {
    if (!(cellSize > 0) || !Number.isFinite(cellSize)) throw new RangeError(`cellSize must be a positive number, got ${cellSize}`);
  }

  /** Number of boxes in the index. */
  get size(): number {
    return this.entries.size;
  }

  /** True when `id` is in the index. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Adds `id` with its box, or moves it if it is already there. */
  insert(id: string, box: Box): void {
    const bounds = footprintBounds(box);
    const x0 = this.cellOf(bounds.minX);
    const y0 = this.cellOf(bounds.minY);
    const x1 = this.cellOf(bounds.maxX);
    const y1 = this.cellOf(bounds.maxY);
    const old = this.entries.get(id);
    if (old?.cells && old.cells.x0 === x0 && old.cells.y0 === y0 && old.cells.x1 === x1 && old.cells.y1 === y1) {
      // Same cells (most moves are small): what remove + insert would leave, without the cell lookups. The
      // id goes to the end of each of its buckets and of the entries (query order is insertion order).
      this.entries.delete(id);
      old.bounds = bounds;
      this.entries.set(id, old);
      for (const bucket of old.buckets) {
        bucket.splice(bucket.indexOf(old), 1);
        bucket.push(old);
      }
      return;
    }
    if (old) this.remove(id);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ENTRY) {
      const entry: Entry = { id, bounds, cells: null, buckets: [] };
      this.entries.set(id, entry);
      this.oversized.set(id, entry);
      return;
    }
    const buckets: Bucket[] = [];
    const entry: Entry = { id, bounds, cells: { x0, y0, x1, y1 }, buckets };
    this.entries.set(id, entry);
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = cellKey(cx, cy);
        let bucket = this.cells.get(key);
        if (!bucket) this.cells.set(key, (bucket = []));
        bucket.push(entry);
        buckets.push(bucket);
      }
    }
  }

  /** Moves `id` to a new box (same as {@link insert}). */
  update(id: string, box: Box): void {
    this.insert(id, box);
  }

  /** Removes `id`; returns false when it was not there. */
  remove(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    if (!entry.cells) {
      this.oversized.delete(id);
      return true;
    }
    const { x0, y0, x1, y1 } = entry.cells;
    for (let cx = x0, i = 0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++, i++) {
        const bucket = entry.buckets[i]!;
        bucket.splice(bucket.indexOf(entry), 1);
        if (bucket.length === 0) this.cells.delete(cellKey(cx, cy));
      }
    }
    return true;
  }

  /**
   * Ids whose footprint bounds come within `radius` (m) of the footprint bounds of `box`, the box's own
   * id included if it is indexed. Every box whose oriented footprint is within `radius` is returned.
   * Order: cells in x-major order, each cell's ids in insertion order, an id where it is first met, then
   * the oversized boxes.
   */
  query(box: Box, radius = 0): string[] {
    const q = footprintBounds(box);
    const r = radius + 1e-9;
    const x0 = this.cellOf(q.minX - r);
    const y0 = this.cellOf(q.minY - r);
    const x1 = this.cellOf(q.maxX + r);
    const y1 = this.cellOf(q.maxY + r);
    const found: string[] = [];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= this.cells.size) {
      for (let cx = x0; cx <= x1; cx++) {
        for (let cy = y0; cy <= y1; cy++) {
          const bucket = this.cells.get(cellKey(cx, cy));
          if (bucket) this.visit(bucket, cx, cy, x0, y0, q, r, found);
        }
      }
    } else {
      // A range wider than the occupied cells (a huge or far-flung query box: up to 2^42 cells once
      // clamped) walks the occupied cells instead, in the same x-major order: a query never costs more
      // than what the index holds.
      for (const key of this.occupiedCellsIn(x0, y0, x1, y1)) {
        const cx = Math.floor(key / (2 * CELL_RANGE)) - CELL_RANGE;
        const cy = (key % (2 * CELL_RANGE)) - CELL_RANGE;
        this.visit(this.cells.get(key)!, cx, cy, x0, y0, q, r, found);
      }
    }
    for (const e of this.oversized.values()) if (within(e.bounds, q, r)) found.push(e.id);
    return found;
  }

  /** Keys of occupied cells in a range, in the nested loop's order (keys grow with cx, then cy). */
  private occupiedCellsIn(x0: number, y0: number, x1: number, y1: number): number[] {
    const inRange = (key: number) => {
      const cx = Math.floor(key / (2 * CELL_RANGE)) - CELL_RANGE;
      const cy = (key % (2 * CELL_RANGE)) - CELL_RANGE;
      return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
    };
    return [...this.cells.keys()].filter(inRange).sort((a, b) => a - b);
  }

  /**
   * Adds to `found` the ids of cell (cx, cy) whose bounds lie within `r` of `q`, each only in the first
   * cell of the query range (from x0, y0) where the walk meets it: cells are walked x-major, so that is
   * the corner of its cells clipped to the range, and no set of seen ids is needed.
   */
  private visit(bucket: Bucket, cx: number, cy: number, x0: number, y0: number, q: Rect2, r: number, found: string[]): void {
    for (let i = 0, n = bucket.length; i < n; i++) {
      const e = bucket[i]!;
      const c = e.cells!;
      if (cx !== (c.x0 > x0 ? c.x0 : x0) || cy !== (c.y0 > y0 ? c.y0 : y0)) continue;
      if (within(e.bounds, q, r)) found.push(e.id);
    }
  }

  private cellOf(v: number): number {
    return Math.max(-CELL_RANGE + 1, Math.min(CELL_RANGE - 1, Math.floor(v / this.cellSize)));
  }
}

/** True when bounds `b` come within `r` of bounds `q` (Euclidean distance between the rectangles). */
function within(b: Rect2, q: Rect2, r: number): boolean {
  const dx = Math.max(0, b.minX - q.maxX, q.minX - b.maxX);
  const dy = Math.max(0, b.minY - q.maxY, q.minY - b.maxY);
  return dx * dx + dy * dy <= r * r;
}

function cellKey(cx: number, cy: number): number {
  return (cx + CELL_RANGE) * (2 * CELL_RANGE) + (cy + CELL_RANGE);
}
