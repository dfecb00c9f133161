import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxDistance, footprintSeparation, footprintsIntersect, horizontalGap } from "../../../sim/geometry/gap.ts";
import { footprintBounds, footprintCorners } from "../../../sim/geometry/footprint.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { footprintOverlapArea } from "../../../sim/geometry/footprint-overlap.ts";
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

/** footprintSeparation as it was written before it ran on scratch arrays: corners and axes as objects. */
function plainSeparation(a: Box, b: Box): number {
  const axesOf = (x: Box) => [
    { x: Math.cos(x.heading), y: Math.sin(x.heading) },
    { x: -Math.sin(x.heading), y: Math.cos(x.heading) },
  ];
  const project = (corners: { x: number; y: number }[], axis: { x: number; y: number }) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of corners) {
      const d = p.x * axis.x + p.y * axis.y;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    return [lo, hi] as const;
  };
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

describe("footprintSeparation", () => {
  it("is the plain separating-axis computation, to the last bit", () => {
    // near ones too: touching and barely overlapping footprints are where a rounding difference would show
    const near = fc.tuple(arbBox, fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.constantFrom(0, Math.PI / 2, 0.3)).map(([b, dx, dy, turn]) => [b, { ...b, center: { ...b.center, x: b.center.x + dx, y: b.center.y + dy }, heading: b.heading + turn }] as const);
    fc.assert(
      fc.property(fc.oneof(fc.tuple(arbBox, arbBox), near), ([a, b]) => {
        expect(Object.is(footprintSeparation(a, b), plainSeparation(a, b))).toBe(true);
        expect(Object.is(footprintSeparation(b, a), plainSeparation(b, a))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
