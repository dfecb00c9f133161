import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { orientedIoU, type BoxTuple } from "../../../harness/probes/oriented-iou.ts";

const unit: BoxTuple = [0, 0, 0, 1, 1, 1, 0];

describe("orientedIoU reference values (../shared/data/README.md)", () => {
  const cases: Array<[string, BoxTuple, BoxTuple, number]> = [
    ["identical unit cubes", unit, unit, 1.0],
    ["same centre, one turned 45°", unit, [0, 0, 0, 1, 1, 1, Math.PI / 4], 0.707107],
    ["shifted 0.5 along x", unit, [0.5, 0, 0, 1, 1, 1, 0], 0.333333],
    ["2×1 at π/2 vs 1×2 at 0", [0, 0, 0, 2, 1, 1, Math.PI / 2], [0, 0, 0, 1, 2, 1, 0], 1.0],
    ["2×1 at π/2 vs 2×1 at 0", [0, 0, 0, 2, 1, 1, Math.PI / 2], [0, 0, 0, 2, 1, 1, 0], 0.333333],
    ["disjoint", unit, [3, 0, 0, 1, 1, 1, 0], 0],
  ];
  for (const [name, a, b, expected] of cases) {
    it(name, () => {
      // the README gives six decimals: the exact value must round to it
      expect(Math.abs(orientedIoU(a, b) - expected)).toBeLessThan(1e-6);
    });
  }

  it("accepts {center,size,heading} boxes", () => {
    const box = (x: number) => ({ center: { x, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 }, heading: 0 });
    expect(orientedIoU(box(0), box(0.5))).toBeCloseTo(1 / 3, 12);
  });

  it("zero-volume and non-finite boxes give 0, never NaN", () => {
    expect(orientedIoU(unit, [0, 0, 0, 0, 1, 1, 0])).toBe(0);
    expect(orientedIoU([0, 0, 0, 1, 1, 0, 0], [0, 0, 0, 1, 1, 0, 0])).toBe(0);
    expect(orientedIoU(unit, [Number.NaN, 0, 0, 1, 1, 1, 0])).toBe(0);
  });

  it("only touching along a face gives 0", () => {
    expect(orientedIoU(unit, [1, 0, 0, 1, 1, 1, 0])).toBe(0);
    expect(orientedIoU(unit, [0, 0, 1, 1, 1, 1, 0])).toBe(0);
  });
});

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const extent = fc.double({ min: 0.05, max: 3, noNaN: true });
const heading = fc.double({ min: -2 * Math.PI, max: 2 * Math.PI, noNaN: true });
const boxArb = fc.tuple(coord, coord, coord, extent, extent, extent, heading) as fc.Arbitrary<BoxTuple>;

describe("orientedIoU properties", () => {
  it("is symmetric", () => {
    fc.assert(fc.property(boxArb, boxArb, (a, b) => Math.abs(orientedIoU(a, b) - orientedIoU(b, a)) < 1e-9));
  });

  it("is π-periodic in either heading", () => {
    fc.assert(
      fc.property(boxArb, boxArb, fc.integer({ min: -3, max: 3 }), (a, b, k) => {
        const turned: BoxTuple = [a[0], a[1], a[2], a[3], a[4], a[5], a[6] + k * Math.PI];
        return Math.abs(orientedIoU(turned, b) - orientedIoU(a, b)) < 1e-9;
      }),
    );
  });

  it("swapping lx and ly with a quarter turn gives the same box", () => {
    fc.assert(
      fc.property(boxArb, boxArb, (a, b) => {
        const swapped: BoxTuple = [a[0], a[1], a[2], a[4], a[3], a[5], a[6] + Math.PI / 2];
        return Math.abs(orientedIoU(swapped, b) - orientedIoU(a, b)) < 1e-9 && orientedIoU(swapped, a) > 1 - 1e-9;
      }),
    );
  });

  it("lies in [0, 1]", () => {
    fc.assert(
      fc.property(boxArb, boxArb, (a, b) => {
        const v = orientedIoU(a, b);
        return v >= 0 && v <= 1;
      }),
    );
  });

  it("IoU(a, a) = 1 for a box with volume", () => {
    fc.assert(fc.property(boxArb, (a) => Math.abs(orientedIoU(a, a) - 1) < 1e-9));
  });

  it("does not change when both boxes move and turn together about z", () => {
    fc.assert(
      fc.property(boxArb, boxArb, coord, coord, heading, (a, b, dx, dy, t) => {
        const move = (p: BoxTuple): BoxTuple => {
          const c = Math.cos(t);
          const s = Math.sin(t);
          return [c * p[0] - s * p[1] + dx, s * p[0] + c * p[1] + dy, p[2], p[3], p[4], p[5], p[6] + t];
        };
        return Math.abs(orientedIoU(move(a), move(b)) - orientedIoU(a, b)) < 1e-7;
      }),
    );
  });

  it("a box inside another scores volume ratio", () => {
    fc.assert(
      fc.property(boxArb, fc.double({ min: 0.1, max: 1, noNaN: true }), (a, f) => {
        const inner: BoxTuple = [a[0], a[1], a[2], a[3] * f, a[4] * f, a[5] * f, a[6]];
        return Math.abs(orientedIoU(a, inner) - f ** 3) < 1e-9;
      }),
    );
  });
});
