import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxDistance, footprintsIntersect, horizontalGap } from "../../../sim/geometry/gap.ts";
import { footprintBounds } from "../../../sim/geometry/footprint.ts";
import { footprintOverlapArea } from "../../../sim/geometry/polygon.ts";
import { arbBox } from "./arbitraries.ts";
import { box } from "./fixtures.ts";

describe("horizontalGap", () => {
  it("matches hand-computed gaps", () => {
    expect(horizontalGap(box(0, 0, 0, 1, 1, 1), box(2, 0, 0, 1, 1, 1))).toBeCloseTo(1, 12);
    expect(horizontalGap(box(0, 0, 0, 1, 1, 1), box(2, 2, 0, 1, 1, 1))).toBeCloseTo(Math.SQRT2, 12);
    // a diamond's corner points at the square: gap = 2 − √2/2 − 0.5
    expect(horizontalGap(box(0, 0, 0, 1, 1, 1), box(2, 0, 0, 1, 1, 1, Math.PI / 4))).toBeCloseTo(1.5 - Math.SQRT1_2, 12);
    expect(horizontalGap(box(0, 0, 0, 1, 1, 1), box(0.9, 0, 5, 1, 1, 1))).toBe(0);
  });

  it("is ≥ 0, symmetric, and 0 exactly when the footprints meet", () => {
    fc.assert(
      fc.property(arbBox, arbBox, (a, b) => {
        const g = horizontalGap(a, b);
        expect(g).toBeGreaterThanOrEqual(0);
        expect(horizontalGap(b, a)).toBeCloseTo(g, 9);
        if (footprintOverlapArea(a, b) > 1e-9) expect(g).toBe(0);
        expect(g === 0).toBe(footprintsIntersect(a, b));
      }),
    );
  });

  it("lies between the bounds' gap and the centre distance", () => {
    fc.assert(
      fc.property(arbBox, arbBox, (a, b) => {
        const g = horizontalGap(a, b);
        const ra = footprintBounds(a);
        const rb = footprintBounds(b);
        const boundsGap = Math.hypot(Math.max(0, rb.minX - ra.maxX, ra.minX - rb.maxX), Math.max(0, rb.minY - ra.maxY, ra.minY - rb.maxY));
        expect(g).toBeGreaterThanOrEqual(boundsGap - 1e-9);
        expect(g).toBeLessThanOrEqual(Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) + 1e-9);
      }),
    );
  });
});

describe("boxDistance", () => {
  it("combines horizontal and vertical gaps", () => {
    expect(boxDistance(box(0, 0, 0, 1, 1, 1), box(0, 0, 1.5, 1, 1, 1))).toBeCloseTo(0.5, 12);
    expect(boxDistance(box(0, 0, 0, 1, 1, 1), box(1.3, 0, 1.4, 1, 1, 1))).toBeCloseTo(0.5, 12);
    expect(boxDistance(box(0, 0, 0, 1, 1, 1), box(0.2, 0, 0.2, 1, 1, 1))).toBe(0);
  });
});
