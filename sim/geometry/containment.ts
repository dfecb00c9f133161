import type { Box } from "../scene/schema.ts";
import { footprintContainsPoint, footprintCorners } from "./footprint.ts";
import { footprintOverlapArea } from "./footprint-overlap.ts";
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

/**
 * True when `inner`'s footprint lies wholly within `outer`'s footprint grown by `tolerance`. It runs for
 * every placement candidate: the corners are those of {@link footprintCorners} and each is tested as
 * {@link footprintContainsPoint} tests it (the same arithmetic, so the same answer), without making the
 * corner points or taking `outer`'s cosine and sine once per corner.
 */
export function footprintWithin(inner: Box, outer: Box, tolerance = 0): boolean {
  const c = Math.cos(inner.heading);
  const s = Math.sin(inner.heading);
  const hx = inner.size.x / 2;
  const hy = inner.size.y / 2;
  const cx = inner.center.x;
  const cy = inner.center.y;
  const oc = Math.cos(outer.heading);
  const os = Math.sin(outer.heading);
  const ox = outer.center.x;
  const oy = outer.center.y;
  const lx = outer.size.x / 2 + tolerance;
  const ly = outer.size.y / 2 + tolerance;
  // corners counter-clockwise from (−hx, −hy), as footprintCorners lists them
  return (
    cornerIn(cx + c * -hx - s * -hy, cy + s * -hx + c * -hy, ox, oy, oc, os, lx, ly) &&
    cornerIn(cx + c * hx - s * -hy, cy + s * hx + c * -hy, ox, oy, oc, os, lx, ly) &&
    cornerIn(cx + c * hx - s * hy, cy + s * hx + c * hy, ox, oy, oc, os, lx, ly) &&
    cornerIn(cx + c * -hx - s * hy, cy + s * -hx + c * hy, ox, oy, oc, os, lx, ly)
  );
}

/** {@link footprintContainsPoint} for the point (px, py), the box's centre, cosine, sine and grown half-extents given. */
function cornerIn(px: number, py: number, ox: number, oy: number, oc: number, os: number, lx: number, ly: number): boolean {
  const dx = px - ox;
  const dy = py - oy;
  return Math.abs(oc * dx + os * dy) <= lx && Math.abs(-os * dx + oc * dy) <= ly;
}

/** True when `inner` lies wholly within `outer` grown by `tolerance` on every side. */
export function boxWithin(inner: Box, outer: Box, tolerance = 0): boolean {
  return (
    bottomZ(inner) >= bottomZ(outer) - tolerance &&
    topZ(inner) <= topZ(outer) + tolerance &&
    footprintWithin(inner, outer, tolerance)
  );
}
