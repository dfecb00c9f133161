/**
 * footprintOverlapArea as it was before it clipped in scratch arrays (sim/geometry/footprint-overlap.ts):
 * corners as point objects, `clipConvex`, `signedArea`. The reference footprint-overlap.test.ts holds it to.
 */
import { footprintCorners } from "../../../../sim/geometry/footprint.ts";
import { clipConvex, signedArea } from "../../../../sim/geometry/polygon.ts";
import type { Box } from "../../../../sim/scene/schema.ts";

export function footprintOverlapAreaV1(a: Box, b: Box): number {
  if (a.size.x * a.size.y === 0 || b.size.x * b.size.y === 0) return 0;
  const area = Math.abs(signedArea(clipConvex(footprintCorners(a), footprintCorners(b))));
  return Math.min(area, a.size.x * a.size.y, b.size.x * b.size.y);
}
