import { describe, expect, it } from "vitest";
import { evaluateTargets, TARGETS } from "../../../harness/bench/targets.ts";

const passing = { stepsPerSecond: 50_000, placeMsP50: 1, scaling10kOver100: 3, loadMs1k: 500, workersSpeedup: 1.7, peakRssMB10k: 400, fractionOfLimit: 0.2 };

describe("bench targets", () => {
  it("a figure exactly on its bound meets the target", () => {
    expect(evaluateTargets(passing).every((t) => t.met)).toBe(true);
  });

  it("each figure on the wrong side of its bound fails only its own target", () => {
    for (const t of TARGETS) {
      const off = { ...passing, [t.metric]: t.op === ">=" ? t.bound * 0.99 : t.bound * 1.01 };
      const failed = evaluateTargets(off).filter((c) => !c.met).map((c) => c.metric);
      expect(failed).toEqual([t.metric]);
    }
  });

  it("names a missing figure instead of passing it", () => {
    const { loadMs1k: _, ...rest } = passing;
    expect(() => evaluateTargets(rest)).toThrow(/loadMs1k/);
  });
});
