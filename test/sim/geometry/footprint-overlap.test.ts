import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintOverlapArea } from "../../../sim/geometry/footprint-overlap.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { arbBox } from "./arbitraries.ts";
import { box } from "./fixtures.ts";
import { footprintOverlapAreaV1 } from "./reference/footprint-overlap-v1.ts";

/** A box turned by a multiple of a quarter turn, or nearly (the cases where clip edges graze corners). */
const nearAxis = fc.record({ k: fc.integer({ min: -4, max: 4 }), eps: fc.constantFrom(0, 1e-15, -1e-12, 1e-9) }).map(({ k, eps }) => (k * Math.PI) / 2 + eps);

/** Pairs of boxes that share edges, corners, centres or sizes: where rounding decides the clip. */
const arbPair: fc.Arbitrary<[Box, Box]> = fc.oneof(
  fc.tuple(arbBox, arbBox),
  fc.tuple(arbBox, nearAxis, fc.constantFrom(0, 0.5, 1), fc.constantFrom(0, 0.5, 1)).map(([a, h, fx, fy]): [Box, Box] => [
    a,
    { center: { x: a.center.x + fx * a.size.x, y: a.center.y + fy * a.size.y, z: a.center.z }, size: a.size, heading: a.heading + h },
  ]),
  fc.tuple(arbBox, fc.double({ min: 1e-12, max: 1e-6, noNaN: true })).map(([a, w]): [Box, Box] => [a, { ...a, size: { x: w, y: a.size.y, z: a.size.z } }]),
);

describe("footprintOverlapArea (scratch arrays) = the point-object clipper it replaced", () => {
  it("gives the same number, to the last bit, for any two boxes", () => {
    fc.assert(
      fc.property(arbPair, ([a, b]) => {
        expect(Object.is(footprintOverlapArea(a, b), footprintOverlapAreaV1(a, b))).toBe(true);
        expect(Object.is(footprintOverlapArea(b, a), footprintOverlapAreaV1(b, a))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("the same in the usual cases: nested, crossing, touching, apart, turned", () => {
    const table = box(0, 0, 0.4, 1.2, 0.8, 0.05);
    const cases: Box[] = [
      box(0, 0, 0.5, 0.2, 0.2, 0.1),
      box(0.6, 0.4, 0.5, 0.2, 0.2, 0.1),
      box(0.7, 0, 0.5, 0.2, 0.2, 0.1),
      box(3, 3, 0.5, 0.2, 0.2, 0.1),
      box(0.55, 0.35, 0.5, 0.3, 0.3, 0.1, Math.PI / 4),
      box(0, 0, 0.5, 2, 2, 0.1, 0.3),
    ];
    for (const c of cases) expect(Object.is(footprintOverlapArea(c, table), footprintOverlapAreaV1(c, table))).toBe(true);
    expect(footprintOverlapArea(cases[0]!, table)).toBeCloseTo(0.04, 12);
    expect(footprintOverlapArea(cases[3]!, table)).toBe(0);
  });
});
