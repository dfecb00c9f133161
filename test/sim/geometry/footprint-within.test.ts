/**
 * `footprintWithin` (corners and tests inlined) against the plain version it replaced: every corner of
 * `footprintCorners(inner)` passes `footprintContainsPoint(outer, corner, tolerance)`. Random boxes, and
 * boxes flush with the outer one's edges (where rounding decides), at any heading and tolerance.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintWithin } from "../../../sim/geometry/containment.ts";
import { footprintContainsPoint, footprintCorners } from "../../../sim/geometry/footprint.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { arbBox } from "./arbitraries.ts";

const plain = (inner: Box, outer: Box, tolerance = 0) => footprintCorners(inner).every((p) => footprintContainsPoint(outer, p, tolerance));
const tolerance = fc.constantFrom(0, 1e-9, 1e-3, -1e-9);

/** A box inside `outer`'s frame, often flush with one or two of its edges, turned with it or across it. */
const flush = arbBox.chain((outer) =>
  fc
    .record({
      fx: fc.oneof(fc.constantFrom(-1, 1, 0), fc.double({ min: -1, max: 1, noNaN: true })),
      fy: fc.oneof(fc.constantFrom(-1, 1, 0), fc.double({ min: -1, max: 1, noNaN: true })),
      sx: fc.double({ min: 0, max: 1, noNaN: true }),
      sy: fc.double({ min: 0, max: 1, noNaN: true }),
      across: fc.boolean(),
    })
    .map(({ fx, fy, sx, sy, across }) => {
      const w = outer.size.x * sx;
      const h = outer.size.y * sy;
      const u = (fx * (outer.size.x - w)) / 2;
      const v = (fy * (outer.size.y - h)) / 2;
      const c = Math.cos(outer.heading);
      const s = Math.sin(outer.heading);
      const inner: Box = {
        center: { x: outer.center.x + c * u - s * v, y: outer.center.y + s * u + c * v, z: 0 },
        size: across ? { x: h, y: w, z: 1 } : { x: w, y: h, z: 1 },
        heading: across ? outer.heading + Math.PI / 2 : outer.heading,
      };
      return [inner, outer] as const;
    }),
);

describe("footprintWithin = every corner in the outer footprint", () => {
  it("agrees on random boxes", () => {
    fc.assert(fc.property(arbBox, arbBox, tolerance, (a, b, t) => {
      expect(footprintWithin(a, b, t)).toBe(plain(a, b, t));
    }), { numRuns: 3000 });
  });
  it("agrees on boxes flush with the outer edges", () => {
    let within = 0;
    fc.assert(
      fc.property(flush, tolerance, ([inner, outer], t) => {
        const want = plain(inner, outer, t);
        if (want) within++;
        expect(footprintWithin(inner, outer, t)).toBe(want);
        expect(footprintWithin(inner, outer)).toBe(plain(inner, outer));
      }),
      { numRuns: 3000 },
    );
    expect(within).toBeGreaterThan(300);
  });
});
