import { fromBoxFrame } from "../geometry/footprint.ts";
import type { Box, Vec3 } from "../scene/schema.ts";

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
  return Array.from({ length: 2 * k + 1 }, (_, i) => (u * (i - k)) / k);
}

/**
 * A fixed, ordered list of candidate poses that makes each pose only when asked for it. A search
 * shuffles the indices and usually stops after a few poses, so the thousands a fine grid over a large
 * table holds are never built.
 */
export class PoseList {
  /** Number of poses. */
  readonly length: number;

  constructor(private readonly blocks: readonly PoseBlock[]) {
    this.length = blocks.reduce((n, b) => n + b.count, 0);
  }

  /** Pose `i` (0 ≤ i < length): a new box, equal every time it is asked for. */
  at(i: number): Box {
    for (const b of this.blocks) {
      if (i < b.count) return b.pose(i);
      i -= b.count;
    }
    throw new RangeError(`pose ${i} of ${this.length}`);
  }

  /** Every pose, in order. */
  toArray(): Box[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

/** A run of poses in a {@link PoseList}: `count` of them, made by index. */
interface PoseBlock {
  count: number;
  pose(i: number): Box;
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
    blocks.push({
      count: us.length * vs.length,
      // row-major over (us, vs): the order the poses were always listed in
      pose: (i) => {
        const p = fromBoxFrame(area, { x: us[Math.floor(i / vs.length)]!, y: vs[i % vs.length]! });
        return { center: { x: p.x, y: p.y, z: surfaceZ + size.z / 2 }, size: { ...size }, heading };
      },
    });
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
      blocks.push({
        count: ts.length,
        pose: (i) => {
          const t = ts[i]!;
          const local = { x: nx * side.offset + (ny !== 0 ? t : 0), y: ny * side.offset + (nx !== 0 ? t : 0) };
          const p = fromBoxFrame(target, local);
          return { center: { x: p.x, y: p.y, z: surfaceZ + size.z / 2 }, size: { ...size }, heading };
        },
      });
    }
  }
  return new PoseList(blocks);
}
