import type { Box } from "../scene/schema.ts";
import { footprintCorners, type Point2 } from "./footprint.ts";

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
    const side = (p: Point2) => ex * (p.y - a.y) - ey * (p.x - a.x);
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) output.push(p);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        output.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
      }
    }
  }
  return output;
}

/** Area (m²) where the two boxes' footprints overlap. Symmetric, and never more than either footprint. */
export function footprintOverlapArea(a: Box, b: Box): number {
  if (a.size.x * a.size.y === 0 || b.size.x * b.size.y === 0) return 0;
  const area = Math.abs(signedArea(clipConvex(footprintCorners(a), footprintCorners(b))));
  // Rounding in the clipper can exceed the exact bound by an ulp or two.
  return Math.min(area, a.size.x * a.size.y, b.size.x * b.size.y);
}
