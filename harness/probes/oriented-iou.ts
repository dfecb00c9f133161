/**
 * Exact intersection-over-union of two boxes that turn about +z only (the VLA-3D / SPEC §3 convention):
 * the footprints are rotated rectangles, so the intersection volume is the area of the two convex
 * footprints' intersection (convex polygon clipping) times the overlap of their z intervals.
 * Heading is π-periodic by construction (a rectangle turned by π is the same rectangle).
 */
import { footprintCorners, type Point2 } from "../../sim/geometry/footprint.ts";
import { clipConvex, signedArea } from "../../sim/geometry/polygon.ts";
import type { Box } from "../../sim/scene/schema.ts";

/** A box as the seven numbers VLA-3D writes: centre, full extents, yaw about +z. */
export type BoxTuple = readonly [cx: number, cy: number, cz: number, lx: number, ly: number, lz: number, heading: number];

/** Converts `{center,size,heading}` to the seven-number form. */
export function boxToTuple(box: Box): BoxTuple {
  return [box.center.x, box.center.y, box.center.z, box.size.x, box.size.y, box.size.z, box.heading];
}

/** The box's footprint corners, counter-clockwise, as the simulator makes them ({@link footprintCorners}). */
function cornersOf(b: BoxTuple): Point2[] {
  return footprintCorners({ center: { x: b[0], y: b[1], z: b[2] }, size: { x: b[3], y: b[4], z: b[5] }, heading: b[6] });
}

/** Volume of the intersection of two boxes (0 when they do not overlap). */
export function intersectionVolume(a: BoxTuple, b: BoxTuple): number {
  const zOverlap = Math.min(a[2] + a[5] / 2, b[2] + b[5] / 2) - Math.max(a[2] - a[5] / 2, b[2] - b[5] / 2);
  if (!(zOverlap > 0)) return 0;
  // the simulator's corners, clipper and area: the same arithmetic the placement search uses
  const area = Math.abs(signedArea(clipConvex(cornersOf(a), cornersOf(b))));
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
