/** SpatialIndex before same-cell moves kept their buckets: the reference spatial-index-equivalence.test.ts holds it to. */
import type { Box } from "../../../../sim/scene/schema.ts";
import { footprintBounds, type Rect2 } from "../../../../sim/geometry/footprint.ts";

/** Boxes covering more cells than this are kept in a short list that every query scans (room floors). */
const MAX_CELLS_PER_ENTRY = 1024;
/** Cell coordinates are packed into one number; this bounds |cell index| (±2^20 m at 1 m cells). */
const CELL_RANGE = 1 << 20;

interface Entry {
  bounds: Rect2;
  /** Cell range the entry is registered in, or null when it is in the oversized list. */
  cells: { x0: number; y0: number; x1: number; y1: number } | null;
}

/**
 * Uniform grid hash over the floor plane: finds the boxes near a box without scanning the whole scene,
 * so predicate and physics work stays local and does not grow with the scene. Each id is registered in
 * every cell its footprint bounds touch. Queries return a superset of the boxes whose footprints lie
 * within the radius (they test footprint bounds, never the exact oriented shapes); callers refine.
 * The same sequence of operations always gives results in the same order.
 */
export class SpatialIndexV1 {
  private readonly cells = new Map<number, Set<string>>();
  private readonly entries = new Map<string, Entry>();
  private readonly oversized = new Set<string>();

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
    if (this.entries.has(id)) this.remove(id);
    const bounds = footprintBounds(box);
    const x0 = this.cellOf(bounds.minX);
    const y0 = this.cellOf(bounds.minY);
    const x1 = this.cellOf(bounds.maxX);
    const y1 = this.cellOf(bounds.maxY);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ENTRY) {
      this.entries.set(id, { bounds, cells: null });
      this.oversized.add(id);
      return;
    }
    this.entries.set(id, { bounds, cells: { x0, y0, x1, y1 } });
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = cellKey(cx, cy);
        let bucket = this.cells.get(key);
        if (!bucket) this.cells.set(key, (bucket = new Set()));
        bucket.add(id);
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
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = cellKey(cx, cy);
        const bucket = this.cells.get(key);
        bucket?.delete(id);
        if (bucket?.size === 0) this.cells.delete(key);
      }
    }
    return true;
  }

  /**
   * Ids whose footprint bounds come within `radius` (m) of the footprint bounds of `box`, the box's own
   * id included if it is indexed. Every box whose oriented footprint is within `radius` is returned.
   */
  query(box: Box, radius = 0): string[] {
    const q = footprintBounds(box);
    const r = radius + 1e-9;
    const x0 = this.cellOf(q.minX - r);
    const y0 = this.cellOf(q.minY - r);
    const x1 = this.cellOf(q.maxX + r);
    const y1 = this.cellOf(q.maxY + r);
    const found: string[] = [];
    const seen = new Set<string>();
    const visit = (key: number) => {
      const bucket = this.cells.get(key);
      if (bucket) for (const id of bucket) this.consider(id, q, r, seen, found);
    };
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= this.cells.size) {
      for (let cx = x0; cx <= x1; cx++) for (let cy = y0; cy <= y1; cy++) visit(cellKey(cx, cy));
    } else {
      // A range wider than the occupied cells (a huge or far-flung query box: up to 2^42 cells once
      // clamped) walks the occupied cells instead, in the same x-major order: a query never costs more
      // than what the index holds.
      for (const key of this.occupiedCellsIn(x0, y0, x1, y1)) visit(key);
    }
    for (const id of this.oversized) this.consider(id, q, r, seen, found);
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

  /** Adds `id` to `found` (once) when its bounds lie within `r` of `q`. */
  private consider(id: string, q: Rect2, r: number, seen: Set<string>, found: string[]): void {
    if (seen.has(id)) return;
    seen.add(id);
    const b = this.entries.get(id)!.bounds;
    const dx = Math.max(0, b.minX - q.maxX, q.minX - b.maxX);
    const dy = Math.max(0, b.minY - q.maxY, q.minY - b.maxY);
    if (dx * dx + dy * dy <= r * r) found.push(id);
  }

  private cellOf(v: number): number {
    return Math.max(-CELL_RANGE + 1, Math.min(CELL_RANGE - 1, Math.floor(v / this.cellSize)));
  }
}

function cellKey(cx: number, cy: number): number {
  return (cx + CELL_RANGE) * (2 * CELL_RANGE) + (cy + CELL_RANGE);
}
