import type { Box } from "../scene/schema.ts";
import { footprintContainsPoint, footprintCorners } from "./footprint.ts";
import { footprintOverlapArea } from "./polygon.ts";
import { bottomZ, topZ, zOverlap } from "./vertical.ts";

/** Volume (m³) shared by two boxes: footprint overlap × z overlap, exact for yaw-only boxes. */
export function intersectionVolume(a: Box, b: Box): number {
  const dz = zOverlap(a, b);
  return dz === 0 ? 0 : footprintOverlapArea(a, b) * dz;
}

/**
 * Share (0–1) of `inner`'s volume that lies in `outer`. A box with no volume counts as its centre:
 * 1 when the centre is in `outer`, else 0.
 */
export function containedFraction(inner: Box, outer: Box): number {
  const volume = inner.size.x * inner.size.y * inner.size.z;
  if (volume === 0) return boxContainsPoint(outer, inner.center) ? 1 : 0;
  return Math.min(1, intersectionVolume(inner, outer) / volume);
}

/** Share (0–1) of `inner`'s footprint area that lies over `outer`'s footprint (centre test when it has no area). */
export function footprintFraction(inner: Box, outer: Box): number {
  const area = inner.size.x * inner.size.y;
  if (area === 0) return footprintContainsPoint(outer, inner.center) ? 1 : 0;
  return Math.min(1, footprintOverlapArea(inner, outer) / area);
}

/** True when the point lies in the box (grown by `tolerance`). */
export function boxContainsPoint(box: Box, p: { x: number; y: number; z: number }, tolerance = 0): boolean {
  return (
    footprintContainsPoint(box, p, tolerance) && p.z >= bottomZ(box) - tolerance && p.z <= topZ(box) + tolerance
  );
}

/** True when `inner`'s footprint lies wholly within `outer`'s footprint grown by `tolerance`. */
export function footprintWithin(inner: Box, outer: Box, tolerance = 0): boolean {
  return footprintCorners(inner).every((p) => footprintContainsPoint(outer, p, tolerance));
}

/** True when `inner` lies wholly within `outer` grown by `tolerance` on every side. */
export function boxWithin(inner: Box, outer: Box, tolerance = 0): boolean {
  return (
    bottomZ(inner) >= bottomZ(outer) - tolerance &&
    topZ(inner) <= topZ(outer) + tolerance &&
    footprintWithin(inner, outer, tolerance)
  );
}
