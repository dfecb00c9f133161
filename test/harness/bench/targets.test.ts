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

  it("with the repetitions' range, says whether they fall on both sides of the bound", () => {
    const checks = evaluateTargets(
      { ...passing, stepsPerSecond: 51_000, workersSpeedup: 1.6, loadMs1k: 40 },
      {
        stepsPerSecond: { min: 48_000, max: 55_000 }, // some below 50,000, some above
        workersSpeedup: { min: 1.2, max: 1.69 }, // all below 1.7
        loadMs1k: { min: 40, max: 40 }, // one value: no range to speak of
        placeMsP50: { min: 0.5, max: 1 }, // on the bound counts as meeting it
        scaling10kOver100: { min: 2.9, max: 3.01 },
      },
    );
    const by = new Map(checks.map((c) => [c.metric, c]));
    expect(by.get("stepsPerSecond")).toMatchObject({ met: true, unsettled: true, range: { min: 48_000, max: 55_000 } });
    expect(by.get("workersSpeedup")).toMatchObject({ met: false, unsettled: false });
    expect(by.get("loadMs1k")!.range).toBeUndefined();
    expect(by.get("loadMs1k")!.unsettled).toBeUndefined();
    expect(by.get("placeMsP50")!.unsettled).toBe(false);
    expect(by.get("scaling10kOver100")!.unsettled).toBe(true);
    // figures with no range given are checked as before
    expect(by.get("peakRssMB10k")).toEqual({ ...TARGETS.find((t) => t.metric === "peakRssMB10k"), value: 400, met: true });
  });

  it("names a missing figure instead of passing it", () => {
    const { loadMs1k: _, ...rest } = passing;
    expect(() => evaluateTargets(rest)).toThrow(/loadMs1k/);
  });
});
