import type { Box } from "../scene/schema.ts";
import { moveToEnd, removeAt } from "../list-edits.ts";
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

/** What the index held at its checkpoint, for the parts changed since (each saved before its first change). */
interface IndexJournal {
  /** id → its entry (undefined: not in the index) and that entry's bounds then. */
  entries: Map<string, { entry: Entry; bounds: Rect2 } | { entry: undefined; bounds: null }>;
  /** cell key → its bucket array (undefined: no bucket) and the bucket's entries then, in order. */
  cells: Map<number, { bucket: Bucket | undefined; items: Entry[] }>;
  /** The oversized ids in order at the checkpoint, and whether that list has changed since. */
  oversizedOrder: string[];
  oversizedChanged: boolean;
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
  /** Cell key → its bucket; a cell once used keeps its bucket, empty or not. */
  private readonly cells = new Map<number, Bucket>();
  /**
   * Id → its entry; null once removed. A removed id keeps its key, as an emptied cell keeps its bucket: ids
   * picked up and set down again would otherwise churn this long-lived map (see `cells`).
   */
  private readonly entries = new Map<string, Entry | null>();
  /** Ids in the index (entries that are not null). */
  private count = 0;
  private readonly oversized = new Map<string, Entry>();
  /** What the index held at its checkpoint, for what changed since (null: no checkpoint, nothing recorded). */
  private journal: IndexJournal | null = null;

  /** @param cellSize grid cell side, m (about the size of a piece of furniture works well). */
  constructor(readonly cellSize = 1) {
    if (!(cellSize > 0) || !Number.isFinite(cellSize)) throw new RangeError(`cellSize must be a positive number, got ${cellSize}`);
  }

  /** Number of boxes in the index. */
  get size(): number {
    return this.count;
  }

  /** True when `id` is in the index. */
  has(id: string): boolean {
    return this.entries.get(id) != null;
  }

  /** Adds `id` with its box, or moves it if it is already there. */
  insert(id: string, box: Box): void {
    const bounds = footprintBounds(box);
    const x0 = this.cellOf(bounds.minX);
    const y0 = this.cellOf(bounds.minY);
    const x1 = this.cellOf(bounds.maxX);
    const y1 = this.cellOf(bounds.maxY);
    const old = this.entries.get(id) ?? undefined;
    if (this.journal) this.saveEntry(id, old);
    if (old?.cells && old.cells.x0 === x0 && old.cells.y0 === y0 && old.cells.x1 === x1 && old.cells.y1 === y1) {
      if (this.journal) this.saveCellsOf(old);
      // Same cells (most moves are small): what remove + insert would leave, without the cell lookups. The
      // id goes to the end of each of its buckets (query order is bucket order).
      old.bounds = bounds;
      for (const bucket of old.buckets) moveToEnd(bucket, bucket.indexOf(old));
      return;
    }
    if (old) this.remove(id);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_ENTRY) {
      const entry: Entry = { id, bounds, cells: null, buckets: [] };
      this.entries.set(id, entry);
      this.count++;
      this.oversized.set(id, entry);
      if (this.journal) this.journal.oversizedChanged = true;
      return;
    }
    const buckets: Bucket[] = [];
    const entry: Entry = { id, bounds, cells: { x0, y0, x1, y1 }, buckets };
    this.entries.set(id, entry);
    this.count++;
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = cellKey(cx, cy);
        let bucket = this.cells.get(key);
        if (this.journal) this.saveCell(key, bucket);
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
    if (this.journal) {
      this.saveEntry(id, entry);
      this.saveCellsOf(entry);
    }
    this.entries.set(id, null);
    this.count--;
    if (!entry.cells) {
      this.oversized.delete(id);
      if (this.journal) this.journal.oversizedChanged = true;
      return true;
    }
    const { x0, y0, x1, y1 } = entry.cells;
    for (let cx = x0, i = 0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++, i++) {
        const bucket = entry.buckets[i]!;
        // an emptied bucket stays (a query finds nothing in it): deleting and re-adding cells would churn the
        // map, and an index that lives long is in the old generation, where each regrown table is expensive
        removeAt(bucket, bucket.indexOf(entry));
      }
    }
    return true;
  }

  /**
   * Starts recording: from now on every change first saves what it changes, so that {@link rollback} can
   * put the index back as it is now. Recording costs a little per change, nothing per query.
   */
  checkpoint(): void {
    this.journal = { entries: new Map(), cells: new Map(), oversizedOrder: [...this.oversized.keys()], oversizedChanged: false };
  }

  /**
   * Puts the index back as it was at its {@link checkpoint} (which stays set): the same entries, the same
   * bucket arrays with their entries in the same order (query order is bucket order), the same oversized
   * list. Costs the size of what changed since, not the size of the index. Throws without a checkpoint.
   */
  rollback(): void {
    const j = this.journal;
    if (!j) throw new Error("SpatialIndex.rollback without a checkpoint");
    for (const [key, saved] of j.cells) {
      if (!saved.bucket) {
        // made since the checkpoint: emptied, and kept like any emptied bucket
        this.cells.get(key)!.length = 0;
        continue;
      }
      // the same array as at the checkpoint: untouched entries still list it among their buckets
      this.cells.set(key, saved.bucket);
      const b = saved.bucket;
      b.length = 0;
      for (let i = 0; i < saved.items.length; i++) b.push(saved.items[i]!);
    }
    for (const [id, saved] of j.entries) {
      if (this.entries.get(id)) this.count--;
      if (!saved.entry) {
        // not in the index at the checkpoint: a removed id, whose key stays
        this.entries.set(id, null);
        continue;
      }
      // an entry's cells and buckets never change once made: only its bounds (a move within the same cells)
      saved.entry.bounds = saved.bounds;
      this.entries.set(id, saved.entry);
      this.count++;
    }
    if (j.oversizedChanged) {
      this.oversized.clear();
      for (const id of j.oversizedOrder) this.oversized.set(id, this.entries.get(id)!);
    }
    // fresh maps rather than cleared ones, which would regrow their tables in the old generation (see WorldJournal)
    j.entries = new Map();
    j.cells = new Map();
    j.oversizedChanged = false;
  }

  /** Records an entry as it is before its first change since the checkpoint. */
  private saveEntry(id: string, entry: Entry | undefined): void {
    const saved = this.journal!.entries;
    if (!saved.has(id)) saved.set(id, entry ? { entry, bounds: entry.bounds } : { entry, bounds: null });
  }

  /** Records a cell's bucket (or its absence) and the bucket's entries before its first change since the checkpoint. */
  private saveCell(key: number, bucket: Bucket | undefined): void {
    const saved = this.journal!.cells;
    if (!saved.has(key)) saved.set(key, { bucket, items: bucket ? bucket.slice() : [] });
  }

  /** Records every cell an entry is registered in (its buckets are in the x-major order of its cell range). */
  private saveCellsOf(entry: Entry): void {
    if (!entry.cells) return;
    const { x0, y0, x1, y1 } = entry.cells;
    for (let cx = x0, i = 0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++, i++) this.saveCell(cellKey(cx, cy), entry.buckets[i]);
    }
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
      for (const key of this.occupiedCellsIn(x0, y0, x1, y1)) this.visit(this.cells.get(key)!, cellXOf(key), cellYOf(key), x0, y0, q, r, found);
    }
    for (const e of this.oversized.values()) if (within(e.bounds, q, r)) found.push(e.id);
    return found;
  }

  /** Keys of occupied cells in a range, in the nested loop's order (by cx, then cy). */
  private occupiedCellsIn(x0: number, y0: number, x1: number, y1: number): number[] {
    const inRange = (key: number) => {
      const cx = cellXOf(key);
      const cy = cellYOf(key);
      return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
    };
    return [...this.cells.keys()].filter(inRange).sort((a, b) => cellXOf(a) - cellXOf(b) || cellYOf(a) - cellYOf(b));
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

/**
 * Cells within ±{@link NEAR_RANGE} of the origin on both axes (±16 km at 1 m cells: every scene) have keys
 * below 2^30, small integers V8 keeps unboxed: a lookup hashes an integer and allocates nothing. Cells further
 * out have keys from 2^30 up (boxed doubles, still exact), so the two ranges never share a key.
 */
const NEAR_RANGE = 1 << 14;
const NEAR_KEYS = 2 ** 30;

/** The key of cell (cx, cy) in the index's cell map (exported for tests that look inside the index). */
export function cellKey(cx: number, cy: number): number {
  if (cx > -NEAR_RANGE && cx < NEAR_RANGE && cy > -NEAR_RANGE && cy < NEAR_RANGE) return (cx + NEAR_RANGE) * (2 * NEAR_RANGE) + (cy + NEAR_RANGE);
  return NEAR_KEYS + (cx + CELL_RANGE) * (2 * CELL_RANGE) + (cy + CELL_RANGE);
}

/** The cell x index of a key ({@link cellKey} inverted). */
function cellXOf(key: number): number {
  return key < NEAR_KEYS ? Math.floor(key / (2 * NEAR_RANGE)) - NEAR_RANGE : Math.floor((key - NEAR_KEYS) / (2 * CELL_RANGE)) - CELL_RANGE;
}

/** The cell y index of a key. */
function cellYOf(key: number): number {
  return key < NEAR_KEYS ? (key % (2 * NEAR_RANGE)) - NEAR_RANGE : ((key - NEAR_KEYS) % (2 * CELL_RANGE)) - CELL_RANGE;
}
