import type { Box } from "../scene/schema.ts";
import { footprintCorners, type Point2 } from "./footprint.ts";
import { zGap } from "./vertical.ts";

/** The two in-plane axes of a box (unit vectors along its local x and y). */
function axesOf(box: Box): Point2[] {
  const c = Math.cos(box.heading);
  const s = Math.sin(box.heading);
  return [
    { x: c, y: s },
    { x: -s, y: c },
  ];
}

function project(corners: readonly Point2[], axis: Point2): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of corners) {
    const d = p.x * axis.x + p.y * axis.y;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return [lo, hi];
}

/**
 * Largest separation of the two footprints along any of their four edge normals (separating-axis test):
 * > 0 means the footprints are apart, ≤ 0 means they overlap by at least that much along every axis.
 */
export function footprintSeparation(a: Box, b: Box): number {
  const ca = footprintCorners(a);
  const cb = footprintCorners(b);
  let best = -Infinity;
  for (const axis of [...axesOf(a), ...axesOf(b)]) {
    const [alo, ahi] = project(ca, axis);
    const [blo, bhi] = project(cb, axis);
    const sep = Math.max(blo - ahi, alo - bhi);
    if (sep > best) best = sep;
  }
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
  return Math.hypot(p.x - (a.x + t * ex), p.y - (a.y + t * ey));
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
  return Math.hypot(horizontalGap(a, b), zGap(a, b));
}
