import type { Box } from "../scene/schema.ts";
import { footprintCornersInto } from "./footprint.ts";

/**
 * Scratch space for {@link footprintOverlapArea}: two polygons of (x, y) pairs, reused from call to call. The
 * area is asked for all the time (`ontop`, `inside`, every placement candidate, the goal re-check, the oracle's
 * estimates), and building it from point objects and arrays made some twenty objects a call. Clipping a
 * rectangle by the edges of another adds at most one vertex per edge in exact arithmetic (eight in all); with
 * rounding, points of a sliver on an edge's line may fall either side, and one clip can at most double the
 * vertices (each point keeps itself and adds one crossing): four edges, 4 · 2⁴ = 64.
 */
const MAX_VERTICES = 64;
let subject = new Float64Array(2 * MAX_VERTICES);
let clipped = new Float64Array(2 * MAX_VERTICES);
const clip = new Float64Array(8);

/**
 * Area (m²) where the two boxes' footprints overlap. Symmetric, and never more than either footprint.
 *
 * The footprint of `a` clipped by each edge of `b`'s in turn (Sutherland–Hodgman), then the shoelace formula:
 * the same operations, in the same order, as `signedArea(clipConvex(footprintCorners(a), footprintCorners(b)))`,
 * so the same number to the last bit (a test holds the two together), computed in scratch arrays.
 */
export function footprintOverlapArea(a: Box, b: Box): number {
  if (a.size.x * a.size.y === 0 || b.size.x * b.size.y === 0) return 0;
  footprintCornersInto(a, subject);
  footprintCornersInto(b, clip);
  let n = 4;
  for (let i = 0; i < 4 && n > 0; i++) {
    const ax = clip[2 * i]!;
    const ay = clip[2 * i + 1]!;
    const ex = clip[(2 * i + 2) % 8]! - ax;
    const ey = clip[(2 * i + 3) % 8]! - ay;
    // A zero-length clip edge has no inside/outside; the neighbouring edges do the clipping.
    if (ex === 0 && ey === 0) continue;
    const input = subject;
    const output = clipped;
    let m = 0;
    for (let j = 0; j < n; j++) {
      const px = input[2 * j]!;
      const py = input[2 * j + 1]!;
      const k = j + 1 === n ? 0 : j + 1;
      const qx = input[2 * k]!;
      const qy = input[2 * k + 1]!;
      // which side of the edge each point is on (≥ 0: inside, to the left)
      const sp = ex * (py - ay) - ey * (px - ax);
      const sq = ex * (qy - ay) - ey * (qx - ax);
      if (sp >= 0) {
        output[2 * m] = px;
        output[2 * m + 1] = py;
        m++;
      }
      if (sp >= 0 !== sq >= 0) {
        const t = sp / (sp - sq);
        output[2 * m] = px + t * (qx - px);
        output[2 * m + 1] = py + t * (qy - py);
        m++;
      }
    }
    // the output becomes the next edge's input
    subject = output;
    clipped = input;
    n = m;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const k = i + 1 === n ? 0 : i + 1;
    sum += subject[2 * i]! * subject[2 * k + 1]! - subject[2 * k]! * subject[2 * i + 1]!;
  }
  const area = Math.abs(sum / 2);
  // Rounding in the clipper can exceed the exact bound by an ulp or two.
  return Math.min(area, a.size.x * a.size.y, b.size.x * b.size.y);
}
