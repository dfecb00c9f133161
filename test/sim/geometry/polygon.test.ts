import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintOverlapArea } from "../../../sim/geometry/footprint-overlap.ts";
import { closestPointOnBoundary, convexHull, convexPolygonContains, signedArea } from "../../../sim/geometry/polygon.ts";
import { arbBox } from "./arbitraries.ts";
import { box } from "./fixtures.ts";

describe("footprintOverlapArea", () => {
  it("matches hand-computed overlaps", () => {
    expect(footprintOverlapArea(box(0, 0, 0, 1, 1, 1), box(0, 0, 0, 1, 1, 1))).toBeCloseTo(1, 12);
    expect(footprintOverlapArea(box(0, 0, 0, 1, 1, 1), box(0.5, 0, 0, 1, 1, 1))).toBeCloseTo(0.5, 12);
    expect(footprintOverlapArea(box(0, 0, 0, 1, 1, 1), box(0.5, 0.5, 0, 1, 1, 1))).toBeCloseTo(0.25, 12);
    // a unit square and the same square turned 45°: the octagon of area 2(√2 − 1)
    expect(footprintOverlapArea(box(0, 0, 0, 1, 1, 1), box(0, 0, 0, 1, 1, 1, Math.PI / 4))).toBeCloseTo(2 * (Math.SQRT2 - 1), 9);
    expect(footprintOverlapArea(box(0, 0, 0, 1, 1, 1), box(3, 0, 0, 1, 1, 1))).toBe(0);
    // 2×1 turned 90° is the 1×2
    expect(footprintOverlapArea(box(0, 0, 0, 2, 1, 1, Math.PI / 2), box(0, 0, 0, 1, 2, 1))).toBeCloseTo(2, 9);
  });

  it("ignores height", () => {
    expect(footprintOverlapArea(box(0, 0, 0, 1, 1, 1), box(0, 0, 10, 1, 1, 1))).toBeCloseTo(1, 12);
  });

  it("is symmetric and bounded by the smaller footprint", () => {
    fc.assert(
      fc.property(arbBox, arbBox, (a, b) => {
        const ab = footprintOverlapArea(a, b);
        const ba = footprintOverlapArea(b, a);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(Math.abs(ab - ba)).toBeLessThanOrEqual(1e-9 * Math.max(1, ab));
        expect(ab).toBeLessThanOrEqual(Math.min(a.size.x * a.size.y, b.size.x * b.size.y) + 1e-12);
      }),
    );
  });

  it("is unchanged when both boxes move together", () => {
    fc.assert(
      fc.property(arbBox, arbBox, fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (a, b, dx, dy) => {
        const shift = (x: typeof a) => ({ ...x, center: { x: x.center.x + dx, y: x.center.y + dy, z: x.center.z } });
        expect(footprintOverlapArea(shift(a), shift(b))).toBeCloseTo(footprintOverlapArea(a, b), 6);
      }),
    );
  });
});

describe("convex hull", () => {
  const arbPoint = fc.record({ x: fc.double({ min: -5, max: 5, noNaN: true }), y: fc.double({ min: -5, max: 5, noNaN: true }) });

  it("contains every point it was built from and is counter-clockwise", () => {
    fc.assert(
      fc.property(fc.array(arbPoint, { minLength: 1, maxLength: 30 }), (points) => {
        const hull = convexHull(points);
        if (hull.length >= 3) expect(signedArea(hull)).toBeGreaterThan(0);
        for (const p of points) expect(convexPolygonContains(hull, p, 1e-9)).toBe(true);
      }),
    );
  });

  it("excludes points beyond it and finds the nearest boundary point", () => {
    const square = convexHull([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
      { x: 0.5, y: 0.5 },
    ]);
    expect(square).toHaveLength(4);
    expect(convexPolygonContains(square, { x: 1.2, y: 0.5 })).toBe(false);
    expect(convexPolygonContains(square, { x: 1.2, y: 0.5 }, 0.25)).toBe(true);
    expect(closestPointOnBoundary(square, { x: 1.2, y: 0.5 })).toEqual({ x: 1, y: 0.5 });
  });
});
