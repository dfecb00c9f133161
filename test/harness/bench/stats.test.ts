import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { median, percentile, roundSig, spreadOf, warmupCount } from "../../../harness/bench/stats.ts";

const samples = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 });

describe("bench statistics", () => {
  it("a percentile is one of the samples, and grows with p", () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (xs, p, q) => {
        const a = percentile(xs, Math.min(p, q));
        const b = percentile(xs, Math.max(p, q));
        expect(xs).toContain(a);
        expect(a).toBeLessThanOrEqual(b);
      }),
    );
  });

  it("P0 is the minimum, P100 the maximum, the median splits the samples in half", () => {
    fc.assert(
      fc.property(samples, (xs) => {
        expect(percentile(xs, 0)).toBe(Math.min(...xs));
        expect(percentile(xs, 100)).toBe(Math.max(...xs));
        const m = median(xs);
        expect(xs.filter((x) => x < m).length).toBeLessThanOrEqual(Math.floor(xs.length / 2));
        expect(xs.filter((x) => x > m).length).toBeLessThanOrEqual(Math.ceil(xs.length / 2));
      }),
    );
    expect(median([5, 1, 3])).toBe(3);
    expect(percentile([10, 20, 30, 40], 95)).toBe(40);
  });

  it("refuses an empty list", () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => spreadOf([])).toThrow(RangeError);
  });

  it("a spread is the smallest and largest sample, with the median between them", () => {
    fc.assert(
      fc.property(samples, (xs) => {
        const s = spreadOf(xs);
        expect(s).toEqual({ min: percentile(xs, 0), max: percentile(xs, 100) });
        expect(xs).toContain(s.min);
        expect(xs).toContain(s.max);
        expect(s.min).toBeLessThanOrEqual(median(xs));
        expect(median(xs)).toBeLessThanOrEqual(s.max);
      }),
    );
  });

  it("rounds to significant figures within half a unit of the last kept digit", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), (x) => {
        const r = roundSig(x, 3);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(x * 5e-3 + 1e-12);
      }),
    );
    expect(roundSig(123456)).toBe(123000);
    expect(roundSig(0.0012345)).toBe(0.00123);
  });

  it("a warm-up count is the one asked for, but at least one, and one when none is asked for", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 50 }), (n) => {
        expect(warmupCount(n)).toBe(n >= 1 ? n : 1);
      }),
    );
    expect(warmupCount(undefined)).toBe(1);
  });
});
