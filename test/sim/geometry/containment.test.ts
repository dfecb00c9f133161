import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boxWithin,
  containedFraction,
  footprintFraction,
  intersectionVolume,
} from "../../../sim/geometry/containment.ts";
import { zGap, zOverlap } from "../../../sim/geometry/vertical.ts";
import { arbBox } from "./arbitraries.ts";
import { box } from "./fixtures.ts";

describe("z intervals", () => {
  it("measures overlap and gap", () => {
    expect(zOverlap(box(0, 0, 0, 1, 1, 1), box(5, 0, 0.5, 1, 1, 0.5))).toBeCloseTo(0.25, 12);
    expect(zGap(box(0, 0, 0, 1, 1, 1), box(0, 0, 2, 1, 1, 1))).toBeCloseTo(1, 12);
    expect(zGap(box(0, 0, 0, 1, 1, 1), box(0, 0, 0.5, 1, 1, 1))).toBe(0);
  });
});

describe("containment", () => {
  it("computes the shared volume of turned boxes", () => {
    const a = box(0, 0, 0, 1, 1, 1);
    expect(intersectionVolume(a, box(0, 0, 0.5, 1, 1, 1, Math.PI / 4))).toBeCloseTo(2 * (Math.SQRT2 - 1) * 0.5, 9);
    expect(containedFraction(box(0.25, 0, 0, 0.5, 1, 1), a)).toBeCloseTo(1, 12);
    expect(containedFraction(box(0.5, 0, 0, 1, 1, 1), a)).toBeCloseTo(0.5, 12);
    expect(footprintFraction(box(0.5, 0, 7, 1, 1, 1), a)).toBeCloseTo(0.5, 12);
  });

  it("tells whether a box lies within another", () => {
    const outer = box(0, 0, 0, 1, 1, 1, Math.PI / 4);
    expect(boxWithin(box(0, 0, 0, 0.5, 0.5, 0.5, Math.PI / 4), outer)).toBe(true);
    // same size, axis-aligned: its corners stick out of the turned box
    expect(boxWithin(box(0, 0, 0, 0.8, 0.8, 0.5), outer)).toBe(false);
    expect(boxWithin(box(0, 0, 0, 0.7, 0.7, 0.5), outer)).toBe(true);
    expect(boxWithin(box(0, 0, 0.4, 0.5, 0.5, 0.5, Math.PI / 4), outer)).toBe(false);
  });

  it("keeps fractions within [0, 1] and gives 1 for a box in itself", () => {
    fc.assert(
      fc.property(arbBox, arbBox, (a, b) => {
        const f = containedFraction(a, b);
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThanOrEqual(1);
        if (a.size.x * a.size.y * a.size.z > 1e-6) expect(containedFraction(a, a)).toBeCloseTo(1, 6);
      }),
    );
  });
});
