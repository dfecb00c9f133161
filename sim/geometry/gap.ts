import type { Box } from "../scene/schema.ts";
import { footprintCorners, footprintCornersInto, type Point2 } from "./footprint.ts";
import { zGap } from "./vertical.ts";
import { hypot2 } from "./hypot.ts";

/** Scratch for {@link footprintSeparation}: the two footprints' corners, x0 y0 … x3 y3 (it never calls itself). */
const cornersA = new Float64Array(8);
const cornersB = new Float64Array(8);

/** Separation of the scratch footprints along one axis: how far B's projection lies past A's, or A's past B's. */
function separationAlong(ax: number, ay: number): number {
  let alo = Infinity;
  let ahi = -Infinity;
  let blo = Infinity;
  let bhi = -Infinity;
  for (let i = 0; i < 8; i += 2) {
    const da = cornersA[i]! * ax + cornersA[i + 1]! * ay;
    if (da < alo) alo = da;
    if (da > ahi) ahi = da;
    const db = cornersB[i]! * ax + cornersB[i + 1]! * ay;
    if (db < blo) blo = db;
    if (db > bhi) bhi = db;
  }
  return Math.max(blo - ahi, alo - bhi);
}

/**
 * Largest separation of the two footprints along any of their four edge normals (separating-axis test):
 * > 0 means the footprints are apart, ≤ 0 means they overlap by at least that much along every axis.
 * Computed on scratch arrays (it runs for every candidate against every obstacle in a placement search):
 * the same arithmetic as projecting {@link footprintCorners} on each box's axes, so the same number.
 */
export function footprintSeparation(a: Box, b: Box): number {
  const ca = Math.cos(a.heading);
  const sa = Math.sin(a.heading);
  const cb = Math.cos(b.heading);
  const sb = Math.sin(b.heading);
  footprintCornersInto(a, cornersA, ca, sa);
  footprintCornersInto(b, cornersB, cb, sb);
  // the axes in the order they were always tried: a's x and y, then b's
  let best = -Infinity;
  let sep = separationAlong(ca, sa);
  if (sep > best) best = sep;
  sep = separationAlong(-sa, ca);
  if (sep > best) best = sep;
  sep = separationAlong(cb, sb);
  if (sep > best) best = sep;
  sep = separationAlong(-sb, cb);
  if (sep > best) best = sep;
  return best;
}

/** True when the footprints overlap or touch. */
export function footprintsIntersect(a: Box, b: Box): boolean {
  return footprintSeparation(a, b) <= 0;
}

function pointSegmentDistance(p: Point2, a: Point2, b: Point2): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2));
  return hypot2(p.x - (a.x + t * ex), p.y - (a.y + t * ey));
}

/**
 * Horizontal gap (m) between two oriented footprints: the shortest distance between them on the floor
 * plane, 0 when they overlap. For disjoint convex polygons the nearest points lie on a vertex of one
 * and an edge of the other, so the minimum vertex–edge distance both ways is exact.
 */
export function horizontalGap(a: Box, b: Box): number {
  if (footprintsIntersect(a, b)) return 0;
  const ca = footprintCorners(a);
  const cb = footprintCorners(b);
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const a0 = ca[i]!;
    const a1 = ca[(i + 1) % 4]!;
    const b0 = cb[i]!;
    const b1 = cb[(i + 1) % 4]!;
    for (const p of cb) best = Math.min(best, pointSegmentDistance(p, a0, a1));
    for (const p of ca) best = Math.min(best, pointSegmentDistance(p, b0, b1));
  }
  return best;
}

/**
 * Shortest 3D distance between two boxes (0 when they overlap). Yaw-only boxes are prisms over their
 * footprints, so the distance splits exactly into a horizontal and a vertical part.
 */
export function boxDistance(a: Box, b: Box): number {
  return hypot2(horizontalGap(a, b), zGap(a, b));
}
