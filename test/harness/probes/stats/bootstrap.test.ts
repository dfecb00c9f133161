import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bootstrapMeanInterval, mean, quantileSorted } from "../../../../harness/probes/stats/bootstrap.ts";

describe("percentile bootstrap of the mean", () => {
  it("gives the same interval for the same seed and a different one for another seed", () => {
    const values = Array.from({ length: 50 }, (_, i) => (i * 37) % 11);
    expect(bootstrapMeanInterval(values, { seed: 3 })).toEqual(bootstrapMeanInterval(values, { seed: 3 }));
    expect(bootstrapMeanInterval(values, { seed: 3 })).not.toEqual(bootstrapMeanInterval(values, { seed: 4 }));
  });

  it("has zero width for identical values and is null for none", () => {
    const [lo, hi] = bootstrapMeanInterval([0.4, 0.4, 0.4])!;
    expect(lo).toBeCloseTo(0.4, 12);
    expect(hi).toBe(lo);
    expect(bootstrapMeanInterval([])).toBeNull();
  });

  it("narrows as the sample grows", () => {
    const draw = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 0 : 1));
    const [a, b] = bootstrapMeanInterval(draw(20))!;
    const [c, d] = bootstrapMeanInterval(draw(2000))!;
    expect(d - c).toBeLessThan((b - a) / 4);
  });

  it("brackets the sample mean and stays within the sample's range", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 40 }), fc.nat(), (values, seed) => {
        const [lo, hi] = bootstrapMeanInterval(values, { seed, resamples: 400 })!;
        const m = mean(values)!;
        return lo <= m + 1e-9 && m <= hi + 1e-9 && lo >= Math.min(...values) - 1e-12 && hi <= Math.max(...values) + 1e-12;
      }),
      { numRuns: 50 },
    );
  });

  it("interpolates quantiles linearly", () => {
    expect(quantileSorted([0, 10], 0.25)).toBe(2.5);
    expect(quantileSorted([1, 2, 3], 0.5)).toBe(2);
  });
});
