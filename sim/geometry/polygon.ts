import type { Point2 } from "./footprint.ts";
import { hypot2 } from "./hypot.ts";

/** Signed area of a polygon (positive when counter-clockwise), shoelace formula. */
export function signedArea(poly: readonly Point2[]): number {
  let sum = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    sum += p.x * q.y - q.x * p.y;
  }
  return sum / 2;
}

/**
 * Intersection of two convex polygons, both counter-clockwise (Sutherland–Hodgman: the subject is
 * clipped by each edge of the clip polygon in turn). Degenerate inputs give a degenerate (zero-area) result.
 */
export function clipConvex(subject: readonly Point2[], clip: readonly Point2[]): Point2[] {
  let output: Point2[] = subject.slice();
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    // A zero-length clip edge has no inside/outside; the neighbouring edges do the clipping.
    if (ex === 0 && ey === 0) continue;
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      // which side of the edge a→b each point is on (≥ 0: inside, to the left)
      const sp = ex * (p.y - a.y) - ey * (p.x - a.x);
      const sq = ex * (q.y - a.y) - ey * (q.x - a.x);
      if (sp >= 0) output.push(p);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        output.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
      }
    }
  }
  return output;
}

/** z of (a − o) × (b − o): positive when o→a→b turns left. */
function cross(o: Point2, a: Point2, b: Point2): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Convex hull of a point set, counter-clockwise (Andrew's monotone chain); collinear points dropped. */
export function convexHull(points: readonly Point2[]): Point2[] {
  const pts = points.slice().sort((p, q) => p.x - q.x || p.y - q.y);
  if (pts.length < 3) return pts;
  const lower: Point2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * True when `p` lies in the convex polygon (counter-clockwise) or within `tolerance` of it.
 * A polygon of fewer than three points (a segment or a point) counts as its distance to `p`.
 */
export function convexPolygonContains(poly: readonly Point2[], p: Point2, tolerance = 0): boolean {
  if (poly.length === 0) return false;
  if (poly.length < 3) {
    const a = poly[0]!;
    const b = poly[poly.length - 1]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const len2 = ex * ex + ey * ey;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2));
    return hypot2(p.x - a.x - t * ex, p.y - a.y - t * ey) <= tolerance;
  }
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const len = hypot2(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    // signed distance of p to the left of edge a→b; outside when it is right of any edge by more than tolerance
    if (((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len < -tolerance) return false;
  }
  return true;
}

/**
 * How far `p` lies inside the convex polygon (counter-clockwise): its least signed distance to the left of
 * any edge (negative when outside; edges of zero length are skipped; −∞ for fewer than three distinct points).
 */
export function insideMargin(poly: readonly Point2[], p: Point2): number {
  if (poly.length < 3) return -Infinity;
  let least = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const len = hypot2(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const d = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len;
    if (d < least) least = d;
  }
  // every edge of zero length: a point, not a polygon
  return least === Infinity ? -Infinity : least;
}

/** The point of a polygon's boundary nearest to `p` (the polygon's only point if it has one). */
export function closestPointOnBoundary(poly: readonly Point2[], p: Point2): Point2 {
  let best: Point2 = poly[0] ?? p;
  let bestD = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const len2 = ex * ex + ey * ey;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2));
    const q = { x: a.x + t * ex, y: a.y + t * ey };
    const d = hypot2(p.x - q.x, p.y - q.y);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}
