/**
 * `footprintCorners` (the four corners written out) against the plain version it replaced: a list of
 * offset pairs mapped to centre + rotation. Same doubles, same order, for any box (signed zeros included).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintCorners, footprintCornersInto } from "../../../sim/geometry/footprint.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { arbBox } from "./arbitraries.ts";

function plainCorners(box: Box): { x: number; y: number }[] {
  const c = Math.cos(box.heading);
  const s = Math.sin(box.heading);
  const hx = box.size.x / 2;
  const hy = box.size.y / 2;
  const local: [number, number][] = [
    [-hx, -hy],
    [hx, -hy],
    [hx, hy],
    [-hx, hy],
  ];
  return local.map(([u, v]) => ({ x: box.center.x + c * u - s * v, y: box.center.y + s * u + c * v }));
}

const anyDouble = fc.double({ noNaN: false });
const wildBox: fc.Arbitrary<Box> = fc.record({
  center: fc.record({ x: anyDouble, y: anyDouble, z: anyDouble }),
  size: fc.record({ x: anyDouble, y: anyDouble, z: anyDouble }),
  heading: anyDouble,
});

describe("footprintCorners", () => {
  it("gives exactly the corners of the mapped offset pairs", () => {
    fc.assert(
      fc.property(fc.oneof(arbBox, wildBox), (box) => {
        // toEqual tells 0 from -0 and treats NaN as equal to NaN: the same doubles
        expect(footprintCorners(box)).toEqual(plainCorners(box));
      }),
      { numRuns: 2000 },
    );
  });

  it("footprintCornersInto writes the same doubles, in order, as x0 y0 … x3 y3", () => {
    fc.assert(
      fc.property(fc.oneof(arbBox, wildBox), (box) => {
        const out = new Float64Array(8);
        footprintCornersInto(box, out);
        expect([...out]).toEqual(footprintCorners(box).flatMap((p) => [p.x, p.y]));
        // with the cosine and sine given, as a caller that has them passes them
        const again = new Float64Array(8);
        footprintCornersInto(box, again, Math.cos(box.heading), Math.sin(box.heading));
        expect([...again]).toEqual([...out]);
      }),
      { numRuns: 2000 },
    );
  });
});
