import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Box } from "../../../sim/scene/schema.ts";
import {
  bottom,
  boxesIntersect,
  footprintPenetration,
  footprintWithin,
  footprintsOverlap,
  restsIn,
  restsOn,
  toLocal,
  toWorld,
  top,
} from "../../../scenes/builder/geometry.ts";

function box(x: number, y: number, z: number, sx: number, sy: number, sz: number, heading = 0): Box {
  return { center: { x, y, z }, size: { x: sx, y: sy, z: sz }, heading };
}

const arbBox = fc
  .record({
    x: fc.double({ min: -3, max: 3, noNaN: true }),
    y: fc.double({ min: -3, max: 3, noNaN: true }),
    sx: fc.double({ min: 0.05, max: 2, noNaN: true }),
    sy: fc.double({ min: 0.05, max: 2, noNaN: true }),
    heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  })
  .map((r) => box(r.x, r.y, 0.5, r.sx, r.sy, 1, r.heading));

/** Point-in-oriented-rectangle, the slow obvious way. */
function containsPoint(b: Box, p: { x: number; y: number }): boolean {
  const l = toLocal(p, b);
  return Math.abs(l.x) < b.size.x / 2 && Math.abs(l.y) < b.size.y / 2;
}

describe("geometry", () => {
  it("reads tops and bottoms", () => {
    const b = box(0, 0, 0.45, 1, 1, 0.9);
    expect(top(b)).toBeCloseTo(0.9, 12);
    expect(bottom(b)).toBeCloseTo(0, 12);
  });

  it("toWorld undoes toLocal for any heading", () => {
    fc.assert(
      fc.property(arbBox, fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), (b, x, y) => {
        const back = toWorld(toLocal({ x, y }, b), b);
        expect(back.x).toBeCloseTo(x, 9);
        expect(back.y).toBeCloseTo(y, 9);
      }),
    );
  });

  it("footprint overlap is symmetric and agrees with sampled interior points", () => {
    fc.assert(
      fc.property(arbBox, arbBox, fc.array(fc.tuple(fc.double({ min: 0.02, max: 0.98, noNaN: true }), fc.double({ min: 0.02, max: 0.98, noNaN: true })), { minLength: 1, maxLength: 8 }), (a, b, samples) => {
        expect(footprintsOverlap(a, b)).toBe(footprintsOverlap(b, a));
        // any interior point of `a` that also lies inside `b` proves an overlap
        const witness = samples
          .map(([u, v]) => toWorld({ x: (u - 0.5) * a.size.x, y: (v - 0.5) * a.size.y }, a))
          .some((p) => containsPoint(b, p) && footprintPenetration(a, b) > 1e-6);
        if (witness) expect(footprintsOverlap(a, b)).toBe(true);
      }),
    );
  });

  it("separated, touching and crossing footprints", () => {
    const a = box(0, 0, 0.5, 1, 1, 1);
    expect(footprintsOverlap(a, box(2, 0, 0.5, 1, 1, 1))).toBe(false);
    expect(footprintsOverlap(a, box(1, 0, 0.5, 1, 1, 1))).toBe(false); // shared edge only
    expect(footprintsOverlap(a, box(0.9, 0, 0.5, 1, 1, 1))).toBe(true);
    // a diamond whose corner pokes into the square
    expect(footprintsOverlap(a, box(1.2, 0, 0.5, 1, 1, 1, Math.PI / 4))).toBe(true);
    expect(footprintsOverlap(a, box(1.3, 0, 0.5, 1, 1, 1, Math.PI / 4))).toBe(false);
  });

  it("a box lies within itself and within any larger box around the same centre", () => {
    fc.assert(
      fc.property(arbBox, fc.double({ min: 0, max: 1, noNaN: true }), (b, grow) => {
        expect(footprintWithin(b, b)).toBe(true);
        const bigger = { ...b, size: { x: b.size.x + grow, y: b.size.y + grow, z: b.size.z } };
        expect(footprintWithin(b, bigger)).toBe(true);
        // a growth within floating-point rounding of zero may go either way; clear growth must not fit
        if (grow === 0) expect(footprintWithin(bigger, b, 0)).toBe(true);
        if (grow > 1e-5) expect(footprintWithin(bigger, b, 0)).toBe(false);
      }),
    );
  });

  it("boxes stacked face to face do not intersect; sunk by a millimetre they do", () => {
    const table = box(0, 0, 0.375, 1, 1, 0.75);
    expect(boxesIntersect(table, box(0, 0, 0.8, 0.1, 0.1, 0.1))).toBe(false);
    expect(boxesIntersect(table, box(0, 0, 0.799, 0.1, 0.1, 0.1))).toBe(true);
  });

  it("restsOn needs equal heights and overlapping footprints", () => {
    const counter = box(0, 0, 0.45, 2, 0.6, 0.9);
    expect(restsOn(box(0.5, 0, 0.94, 0.08, 0.08, 0.08), counter)).toBe(true);
    expect(restsOn(box(0.5, 0, 0.95, 0.08, 0.08, 0.08), counter)).toBe(false);
    expect(restsOn(box(1.2, 0, 0.94, 0.08, 0.08, 0.08), counter)).toBe(false);
  });

  it("restsIn needs the interior base and walls, also when the container is turned", () => {
    const cabinet = box(1, 1, 0.45, 1, 0.5, 0.9, Math.PI / 2);
    // local (0.3, 0) of a cabinet turned a quarter is world (1, 1.3)
    expect(restsIn(box(1, 1.3, 0.02 + 0.05, 0.1, 0.1, 0.1, Math.PI / 2), cabinet, 0.02)).toBe(true);
    expect(restsIn(box(1, 1.3, 0.05, 0.1, 0.1, 0.1), cabinet, 0.02)).toBe(false); // on the floor, not the base
    expect(restsIn(box(1.2, 1, 0.07, 0.1, 0.1, 0.1), cabinet, 0.02)).toBe(false); // through the side wall
  });
});
