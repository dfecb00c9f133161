import { footprintBounds, fromBoxFrame, type Rect2 } from "../geometry/footprint.ts";
import type { Box, Vec3 } from "../scene/schema.ts";
import { copyVec3 } from "../geometry/copy.ts";

/** Grid spacing never finer than this, m. */
const MIN_STEP = 0.01;
/** At most this many grid positions along each axis of a region. */
const MAX_PER_AXIS = 41;

/** Turns an angle into (−π, π]. */
export function normalizeAngle(a: number): number {
  const t = a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
  return t <= -Math.PI ? t + 2 * Math.PI : t;
}

/**
 * Headings for an object aligned with a frame of heading `frame`: along it and across it (once only for an
 * object with a square footprint). Aligned objects pack a surface like a person would set them down.
 */
export function alignedHeadings(frame: number, size: Vec3): number[] {
  const along = normalizeAngle(frame);
  return Math.abs(size.x - size.y) < 1e-9 ? [along] : [along, normalizeAngle(frame + Math.PI / 2)];
}

/** The object's extents along `frame`'s x and y axes when it is turned to `heading` (a multiple of π/2 away). */
export function extentsInFrame(frame: number, heading: number, size: Vec3): { ex: number; ey: number } {
  const across = Math.abs(Math.sin(heading - frame)) > 0.5;
  return across ? { ex: size.y, ey: size.x } : { ex: size.x, ey: size.y };
}

/**
 * Evenly spread values from −u to u, no further apart than `step` (up to {@link MAX_PER_AXIS} of them),
 * always including both ends and the middle: flush against an edge and centred are both tried.
 */
function spread(u: number, step: number): number[] {
  const k = Math.min((MAX_PER_AXIS - 1) / 2, Math.ceil(u / step - 1e-9));
  if (k <= 0) return [0];
  const out: number[] = [];
  for (let i = 0; i <= 2 * k; i++) out.push((u * (i - k)) / k);
  return out;
}

/** Slack added to a block's bounds so that rounding in making its poses never puts one outside, m. */
const BOUNDS_SLACK = 1e-6;

/** World-axis bounds of a rectangle given in `frame`'s coordinates (centre, extents), grown by {@link BOUNDS_SLACK}. */
function frameRectBounds(frame: Box, centre: { x: number; y: number }, ex: number, ey: number): Rect2 {
  const c = fromBoxFrame(frame, centre);
  const b = footprintBounds({ center: { x: c.x, y: c.y, z: 0 }, size: { x: ex, y: ey, z: 0 }, heading: frame.heading });
  return { minX: b.minX - BOUNDS_SLACK, minY: b.minY - BOUNDS_SLACK, maxX: b.maxX + BOUNDS_SLACK, maxY: b.maxY + BOUNDS_SLACK };
}

/**
 * A fixed, ordered list of candidate poses that makes each pose only when asked for it. A search
 * shuffles the indices and usually stops after a few poses, so the thousands a fine grid over a large
 * table holds are never built.
 */
export class PoseList {
  /** Number of poses. */
  readonly length: number;
  /** World-axis bounds that hold every pose's footprint (null when there are no poses). */
  readonly bounds: Rect2 | null;
  /** {@link edgeContacts}, once made. */
  private contacts: { contacts: Uint8Array; counts: readonly [number, number, number] } | null = null;

  constructor(private readonly blocks: readonly PoseBlock[]) {
    let length = 0;
    let bounds: Rect2 | null = null;
    for (const b of blocks) {
      length += b.count;
      if (b.count === 0) continue;
      const r = b.bounds;
      bounds = bounds
        ? { minX: Math.min(bounds.minX, r.minX), minY: Math.min(bounds.minY, r.minY), maxX: Math.max(bounds.maxX, r.maxX), maxY: Math.max(bounds.maxY, r.maxY) }
        : r;
    }
    this.length = length;
    this.bounds = bounds;
  }

  /** Pose `i` (0 ≤ i < length): a new box, equal every time it is asked for. */
  at(i: number): Box {
    for (const b of this.blocks) {
      if (i < b.count) return b.pose(i);
      i -= b.count;
    }
    throw new RangeError(`pose ${i} of ${this.length}`);
  }

  /**
   * For every pose, in order, into `out` (at least `length` long): how many of its two grid axes put it flush
   * with the edge of its area (0, 1 or 2: a corner). An axis with one position only (the object spans the
   * area) counts as flush. Poses beside a target: 0.
   */
  edgeContactsInto(out: Uint8Array): Uint8Array {
    let k = 0;
    for (const b of this.blocks) for (let i = 0; i < b.count; i++) out[k++] = b.edgeContacts(i);
    return out;
  }

  /**
   * {@link edgeContactsInto} of every pose, made on the first call and then kept (a list never changes, and a
   * cached list serves many searches: `inside` orders its poses by them on every place), with how many poses
   * have each count (`counts[c]`: poses with `c` contacts). Read only.
   */
  edgeContacts(): { contacts: Uint8Array; counts: readonly [number, number, number] } {
    if (this.contacts === null) {
      const contacts = this.edgeContactsInto(new Uint8Array(this.length));
      const counts: [number, number, number] = [0, 0, 0];
      for (let i = 0; i < contacts.length; i++) counts[contacts[i]!]!++;
      this.contacts = { contacts, counts };
    }
    return this.contacts;
  }

  /** Every pose, in order. */
  toArray(): Box[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

/** A run of poses in a {@link PoseList}: `count` of them, made by index. */
interface PoseBlock {
  count: number;
  /** World-axis bounds holding every one of its poses' footprints. */
  bounds: Rect2;
  pose(i: number): Box;
  /** Pose `i`'s count of {@link PoseList.edgeContactsInto}. */
  edgeContacts(i: number): number;
}

/**
 * Poses on a grid in `area`'s frame, row-major over (us, vs): the order the poses were always listed in.
 * A class, not a closure per block: a search builds a few blocks on every place.
 */
class GridBlock implements PoseBlock {
  readonly count: number;
  constructor(
    readonly bounds: Rect2,
    private readonly area: Box,
    private readonly us: readonly number[],
    private readonly vs: readonly number[],
    private readonly z: number,
    private readonly size: Vec3,
    private readonly heading: number,
  ) {
    this.count = us.length * vs.length;
  }

  pose(i: number): Box {
    const vs = this.vs;
    const p = fromBoxFrame(this.area, { x: this.us[Math.floor(i / vs.length)]!, y: vs[i % vs.length]! });
    return { center: { x: p.x, y: p.y, z: this.z }, size: copyVec3(this.size), heading: this.heading };
  }

  edgeContacts(i: number): number {
    const [nu, nv] = [this.us.length, this.vs.length];
    const [iu, iv] = [Math.floor(i / nv), i % nv];
    return (iu === 0 || iu === nu - 1 ? 1 : 0) + (iv === 0 || iv === nv - 1 ? 1 : 0);
  }
}

/** Poses along one side of `target`: `offset` out along the normal (nx, ny), sliding by `ts` along the side. */
class SideBlock implements PoseBlock {
  readonly count: number;
  constructor(
    readonly bounds: Rect2,
    private readonly target: Box,
    private readonly nx: number,
    private readonly ny: number,
    private readonly offset: number,
    private readonly ts: readonly number[],
    private readonly z: number,
    private readonly size: Vec3,
    private readonly heading: number,
  ) {
    this.count = ts.length;
  }

  pose(i: number): Box {
    const { nx, ny, offset } = this;
    const t = this.ts[i]!;
    const local = { x: nx * offset + (ny !== 0 ? t : 0), y: ny * offset + (nx !== 0 ? t : 0) };
    const p = fromBoxFrame(this.target, local);
    return { center: { x: p.x, y: p.y, z: this.z }, size: copyVec3(this.size), heading: this.heading };
  }

  edgeContacts(): number {
    return 0;
  }
}

/**
 * Candidate poses of an object of `size` resting at `surfaceZ` on a grid over the rectangle `area`
 * (its footprint and heading), in a fixed order. `fit: "contain"` keeps the whole footprint in the area;
 * `"centre"` keeps the centre in the middle half of the area (the object may overhang, but its weight stays
 * well over the support). The spacing is half the object's smaller side.
 */
export function gridPoses(area: Box, surfaceZ: number, size: Vec3, fit: "contain" | "centre"): PoseList {
  const blocks: PoseBlock[] = [];
  for (const heading of alignedHeadings(area.heading, size)) {
    const { ex, ey } = extentsInFrame(area.heading, heading, size);
    const u = fit === "contain" ? (area.size.x - ex) / 2 : area.size.x / 4;
    const v = fit === "contain" ? (area.size.y - ey) / 2 : area.size.y / 4;
    if (u < -1e-9 || v < -1e-9) continue;
    const step = Math.max(MIN_STEP, Math.min(ex, ey) / 2);
    const us = spread(Math.max(0, u), step);
    const vs = spread(Math.max(0, v), step);
    // every centre lies within ±u, ±v of the area's centre, in its frame, and the footprint is aligned with it
    const bounds = frameRectBounds(area, { x: 0, y: 0 }, 2 * Math.max(0, u) + ex, 2 * Math.max(0, v) + ey);
    blocks.push(new GridBlock(bounds, area, us, vs, surfaceZ + size.z / 2, size, heading));
  }
  return new PoseList(blocks);
}

/**
 * Candidate poses beside `target`'s footprint, on a surface at `surfaceZ`: along each of its four sides,
 * `gap` metres out, sliding the object along the side.
 */
export function besidePoses(target: Box, surfaceZ: number, size: Vec3, gap: number): PoseList {
  const blocks: PoseBlock[] = [];
  const tx = target.size.x / 2;
  const ty = target.size.y / 2;
  for (const heading of alignedHeadings(target.heading, size)) {
    const { ex, ey } = extentsInFrame(target.heading, heading, size);
    const sides: { normal: [number, number]; offset: number; half: number; slide: number }[] = [
      { normal: [1, 0], offset: tx + gap + ex / 2, half: ty, slide: ey },
      { normal: [-1, 0], offset: tx + gap + ex / 2, half: ty, slide: ey },
      { normal: [0, 1], offset: ty + gap + ey / 2, half: tx, slide: ex },
      { normal: [0, -1], offset: ty + gap + ey / 2, half: tx, slide: ex },
    ];
    for (const side of sides) {
      const ts = spread(side.half, Math.max(MIN_STEP, side.slide / 2));
      const [nx, ny] = side.normal;
      // centres at `offset` along the normal, sliding ±half along the side; footprints aligned with the target
      const bounds = frameRectBounds(target, { x: nx * side.offset, y: ny * side.offset }, nx !== 0 ? ex : 2 * side.half + ex, ny !== 0 ? ey : 2 * side.half + ey);
      blocks.push(new SideBlock(bounds, target, nx, ny, side.offset, ts, surfaceZ + size.z / 2, size, heading));
    }
  }
  return new PoseList(blocks);
}
