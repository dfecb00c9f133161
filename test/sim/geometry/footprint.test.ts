import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  footprintBounds,
  footprintContainsPoint,
  footprintCorners,
  fromBoxFrame,
  toBoxFrame,
} from "../../../sim/geometry/footprint.ts";
import { signedArea } from "../../../sim/geometry/polygon.ts";
import { arbBox } from "./arbitraries.ts";
import { box } from "./fixtures.ts";

describe("footprintCorners", () => {
  it("turns the rectangle by the heading about its centre", () => {
    const corners = footprintCorners(box(1, 2, 0, 2, 1, 1, Math.PI / 2));
    const rounded = corners.map((p) => [Number(p.x.toFixed(9)), Number(p.y.toFixed(9))]);
    // local (-1,-0.5) turned by 90° is (0.5,-1)
    expect(rounded).toEqual([
      [1.5, 1],
      [1.5, 3],
      [0.5, 3],
      [0.5, 1],
    ]);
  });

  it("lists corners counter-clockwise with the footprint's area", () => {
    fc.assert(
      fc.property(arbBox, (b) => {
        const area = signedArea(footprintCorners(b));
        expect(area).toBeGreaterThanOrEqual(-1e-9);
        expect(area).toBeCloseTo(b.size.x * b.size.y, 6);
      }),
    );
  });

  it("keeps every corner inside the footprint bounds", () => {
    fc.assert(
      fc.property(arbBox, (b) => {
        const r = footprintBounds(b);
        for (const p of footprintCorners(b)) {
          expect(p.x).toBeGreaterThanOrEqual(r.minX - 1e-9);
          expect(p.x).toBeLessThanOrEqual(r.maxX + 1e-9);
          expect(p.y).toBeGreaterThanOrEqual(r.minY - 1e-9);
          expect(p.y).toBeLessThanOrEqual(r.maxY + 1e-9);
        }
      }),
    );
  });
});

describe("box frame", () => {
  it("round-trips points", () => {
    fc.assert(
      fc.property(arbBox, fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (b, x, y) => {
        const back = fromBoxFrame(b, toBoxFrame(b, { x, y }));
        expect(back.x).toBeCloseTo(x, 9);
        expect(back.y).toBeCloseTo(y, 9);
      }),
    );
  });

  it("tests containment in the turned rectangle, not its bounds", () => {
    const turned = box(0, 0, 0, 1, 1, 1, Math.PI / 4);
    expect(footprintContainsPoint(turned, { x: 0.6, y: 0 })).toBe(true); // the corner reaches 0.707
    expect(footprintContainsPoint(turned, { x: 0.45, y: 0.45 })).toBe(false); // inside the bounds, outside the diamond
    expect(footprintContainsPoint(turned, { x: 0.45, y: 0.45 }, 0.2)).toBe(true);
  });
});

describe("footprintBounds against the plain formula", () => {
  it("is the formula with cos and sin called for each use, bit for bit", () => {
    fc.assert(
      fc.property(arbBox, (b) => {
        const hx = (Math.abs(Math.cos(b.heading)) * b.size.x + Math.abs(Math.sin(b.heading)) * b.size.y) / 2;
        const hy = (Math.abs(Math.sin(b.heading)) * b.size.x + Math.abs(Math.cos(b.heading)) * b.size.y) / 2;
        const got = footprintBounds(b);
        expect(Object.is(got.minX, b.center.x - hx) && Object.is(got.maxX, b.center.x + hx)).toBe(true);
        expect(Object.is(got.minY, b.center.y - hy) && Object.is(got.maxY, b.center.y + hy)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
