import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hypot2 } from "../../../sim/geometry/hypot.ts";

const sameDouble = (a: number, b: number) => Object.is(a, b);

describe("hypot2", () => {
  it("is Math.hypot of two numbers to the last bit, over arbitrary doubles", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (x, y) => {
        expect(sameDouble(hypot2(x, y), Math.hypot(x, y))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it("is Math.hypot over the coordinate differences the simulator takes (metres, centimetre grids)", () => {
    const coordinate = fc.integer({ min: -4000, max: 4000 }).map((c) => c / 100);
    fc.assert(
      fc.property(coordinate, coordinate, coordinate, coordinate, (ax, ay, bx, by) => {
        expect(sameDouble(hypot2(ax - bx, ay - by), Math.hypot(ax - bx, ay - by))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it("follows Math.hypot on infinities, NaN, signed zeros, subnormals and the overflow range", () => {
    const special = [0, -0, Number.NaN, Infinity, -Infinity, Number.MIN_VALUE, -Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-310, 1e308, 3, -4, 1, 2 ** -1074];
    for (const x of special) for (const y of special) expect(sameDouble(hypot2(x, y), Math.hypot(x, y)), `hypot2(${x}, ${y})`).toBe(true);
    expect(hypot2(Number.NaN, -Infinity)).toBe(Infinity);
    expect(hypot2(1e308, 1e308)).toBe(Math.hypot(1e308, 1e308));
    expect(Number.isFinite(hypot2(1e308, 1e308))).toBe(true);
  });

  it("is not the naive square root where the naive one is off", () => {
    // the naive formula overflows or rounds differently: hypot2 must not have fallen back to it
    expect(Math.sqrt(1e200 * 1e200 + 1)).toBe(Infinity);
    expect(hypot2(1e200, 1)).toBe(1e200);
    let differs = 0;
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (x, y) => {
        if (Math.sqrt(x * x + y * y) !== hypot2(x, y)) differs++;
      }),
      { numRuns: 5000 },
    );
    expect(differs).toBeGreaterThan(0);
  });
});
