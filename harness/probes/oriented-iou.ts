/**
 * Exact intersection-over-union of two boxes that turn about +z only (the VLA-3D / SPEC §3 convention):
 * the footprints are rotated rectangles, so the intersection volume is the area of the two convex
 * footprints' intersection (convex polygon clipping) times the overlap of their z intervals.
 * Heading is π-periodic by construction (a rectangle turned by π is the same rectangle).
 */
import { clipConvex, signedArea } from "../../sim/geometry/polygon.ts";
import type { Box } from "../../sim/scene/schema.ts";

/** A box as the seven numbers VLA-3D writes: centre, full extents, yaw about +z. */
export type BoxTuple = readonly [cx: number, cy: number, cz: number, lx: number, ly: number, lz: number, heading: number];

type Point = { x: number; y: number };

/** Converts `{center,size,heading}` to the seven-number form. */
export function boxToTuple(box: Box): BoxTuple {
  return [box.center.x, box.center.y, box.center.z, box.size.x, box.size.y, box.size.z, box.heading];
}

/** Corners of the box's footprint, counter-clockwise. */
export function footprintCorners(b: BoxTuple): Point[] {
  const [cx, cy, , lx, ly, , h] = b;
  const c = Math.cos(h);
  const s = Math.sin(h);
  const hx = lx / 2;
  const hy = ly / 2;
  const local: Array<[number, number]> = [
    [-hx, -hy],
    [hx, -hy],
    [hx, hy],
    [-hx, hy],
  ];
  return local.map(([x, y]) => ({ x: cx + c * x - s * y, y: cy + s * x + c * y }));
}

/** Volume of the intersection of two boxes (0 when they do not overlap). */
export function intersectionVolume(a: BoxTuple, b: BoxTuple): number {
  const zOverlap = Math.min(a[2] + a[5] / 2, b[2] + b[5] / 2) - Math.max(a[2] - a[5] / 2, b[2] - b[5] / 2);
  if (!(zOverlap > 0)) return 0;
  // the simulator's clipper and area: the same Sutherland–Hodgman and shoelace the placement search uses
  const area = Math.abs(signedArea(clipConvex(footprintCorners(a), footprintCorners(b))));
  return area * zOverlap;
}

function volume(b: BoxTuple): number {
  return b[3] * b[4] * b[5];
}

function usable(b: BoxTuple): boolean {
  return b.every((v) => Number.isFinite(v)) && b[3] > 0 && b[4] > 0 && b[5] > 0;
}

/**
 * Oriented 3D IoU of two boxes given as `{center,size,heading}` or seven numbers.
 * A box with a zero (or negative, or non-finite) extent has no volume: its IoU with anything is 0, never NaN.
 */
export function orientedIoU(a: Box | BoxTuple, b: Box | BoxTuple): number {
  const ta = isTuple(a) ? a : boxToTuple(a);
  const tb = isTuple(b) ? b : boxToTuple(b);
  if (!usable(ta) || !usable(tb)) return 0;
  const inter = intersectionVolume(ta, tb);
  const union = volume(ta) + volume(tb) - inter;
  if (!(union > 0)) return 0;
  return Math.min(1, Math.max(0, inter / union));
}

function isTuple(b: Box | BoxTuple): b is BoxTuple {
  return Array.isArray(b);
}
