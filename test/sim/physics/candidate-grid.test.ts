import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintBounds } from "../../../sim/geometry/footprint.ts";
import { besidePoses, gridPoses, type PoseList } from "../../../sim/physics/candidate-grid.ts";
import { box } from "../geometry/fixtures.ts";

const area = fc.record({
  x: fc.double({ min: -5, max: 5, noNaN: true }),
  y: fc.double({ min: -5, max: 5, noNaN: true }),
  sx: fc.double({ min: 0, max: 3, noNaN: true }),
  sy: fc.double({ min: 0, max: 3, noNaN: true }),
  heading: fc.double({ min: -4, max: 4, noNaN: true }),
});
const size = fc.record({ x: fc.double({ min: 0.001, max: 1, noNaN: true }), y: fc.double({ min: 0.001, max: 1, noNaN: true }), z: fc.double({ min: 0.001, max: 1, noNaN: true }) });

/** Every pose's footprint lies within the list's bounds, and the bounds are no bigger than the poses need. */
function expectTightBounds(list: PoseList): void {
  const poses = list.toArray();
  if (poses.length === 0) return expect(list.bounds).toBeNull();
  const b = list.bounds!;
  const union = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of poses) {
    const r = footprintBounds(p);
    expect(r.minX).toBeGreaterThanOrEqual(b.minX);
    expect(r.minY).toBeGreaterThanOrEqual(b.minY);
    expect(r.maxX).toBeLessThanOrEqual(b.maxX);
    expect(r.maxY).toBeLessThanOrEqual(b.maxY);
    union.minX = Math.min(union.minX, r.minX);
    union.minY = Math.min(union.minY, r.minY);
    union.maxX = Math.max(union.maxX, r.maxX);
    union.maxY = Math.max(union.maxY, r.maxY);
  }
  // the search leaves out objects by these bounds: they must not be padded by more than rounding
  for (const k of ["minX", "minY", "maxX", "maxY"] as const) expect(Math.abs(b[k] - union[k])).toBeLessThan(1e-5);
}

describe("pose lists' bounds", () => {
  it("hold every pose of a grid over an area (contained or centred)", () => {
    fc.assert(
      fc.property(area, size, fc.constantFrom<"contain" | "centre">("contain", "centre"), (a, s, fit) => {
        expectTightBounds(gridPoses(box(a.x, a.y, 0.5, a.sx, a.sy, 0.1, a.heading), 0.55, s, fit));
      }),
      { numRuns: 200 },
    );
  });

  it("hold every pose beside a target", () => {
    fc.assert(
      fc.property(area, size, fc.double({ min: 0, max: 0.05, noNaN: true }), (a, s, gap) => {
        expectTightBounds(besidePoses(box(a.x, a.y, 0.5, a.sx, a.sy, 1, a.heading), 0, s, gap));
      }),
      { numRuns: 200 },
    );
  });
});
