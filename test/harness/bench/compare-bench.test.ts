import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareBench, poolResults, verdictOf, type ComparableBench } from "../../../harness/bench/compare-bench.ts";
import { median } from "../../../harness/bench/stats.ts";
import { formatComparison } from "../../../harness/bench/format-comparison.ts";
import type { Spread } from "../../../harness/bench/stats.ts";

/** A bench result with the given figures and ranges (made up: the comparison only reads them). */
function bench(figures: Record<string, number>, spread: Record<string, Spread> = {}, more: Partial<ComparableBench> = {}): ComparableBench {
  return {
    machine: { cpus: 2, cpuModel: "Test CPU", node: "v20.0.0", platform: "linux-x64", totalMemMB: 1024, loadAverage: [0.5, 0.5, 0.5] },
    quick: false,
    repetitions: 5,
    details: {},
    spread,
    ...figures,
    ...more,
  } as ComparableBench;
}

const range = fc.tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true })).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
const direction = fc.constantFrom("higher" as const, "lower" as const);
const flip = { improved: "regressed", regressed: "improved", "within the noise": "within the noise", "too few to tell": "too few to tell" } as const;

describe("verdictOf", () => {
  it("calls a change within the noise exactly when the two ranges share a value", () => {
    fc.assert(
      fc.property(range, range, direction, (a, b, d) => {
        const overlap = a.min <= b.max && b.min <= a.max;
        expect(verdictOf(a, b, d) === "within the noise").toBe(overlap);
      }),
    );
  });

  it("gives the opposite verdict with the sides swapped, and with the better direction turned round", () => {
    fc.assert(
      fc.property(range, range, direction, (a, b, d) => {
        const v = verdictOf(a, b, d);
        expect(verdictOf(b, a, d)).toBe(flip[v]);
        expect(verdictOf(a, b, d === "higher" ? "lower" : "higher")).toBe(flip[v]);
      }),
    );
  });

  it("calls a candidate whose every repetition is better improved, whichever way is better", () => {
    expect(verdictOf({ min: 10, max: 12 }, { min: 13, max: 15 }, "higher")).toBe("improved");
    expect(verdictOf({ min: 10, max: 12 }, { min: 13, max: 15 }, "lower")).toBe("regressed");
    // ranges that touch overlap
    expect(verdictOf({ min: 10, max: 12 }, { min: 12, max: 15 }, "higher")).toBe("within the noise");
  });
});

describe("compareBench", () => {
  it("compares each figure both sides measured: ratio of the medians, verdict from the ranges, the target on each side", () => {
    const base = bench({ stepsPerSecond: 40_000, loadMs1k: 40 }, { stepsPerSecond: { min: 36_000, max: 44_000 }, loadMs1k: { min: 38, max: 45 } });
    const cand = bench({ stepsPerSecond: 52_000, loadMs1k: 60 }, { stepsPerSecond: { min: 50_000, max: 55_000 }, loadMs1k: { min: 55, max: 70 } });
    const c = compareBench(base, cand);
    expect(c.figures.map((f) => f.figure)).toEqual(["stepsPerSecond", "loadMs1k"]);
    const [sps, load] = c.figures;
    expect(sps).toMatchObject({ better: "higher", base: 40_000, cand: 52_000, verdict: "improved", target: { op: ">=", bound: 50_000, baseMet: false, candMet: true } });
    expect(sps!.ratio).toBeCloseTo(1.3, 12);
    // loading took longer: worse, though the number went up
    expect(load).toMatchObject({ better: "lower", verdict: "regressed", target: { baseMet: true, candMet: true } });
    expect(c.regressions).toEqual(["loadMs1k"]);
    // five repetitions a side: chance alone puts all five of one side above the other's 1 time in C(10, 5)
    expect(sps!.chance).toBeCloseTo(1 / 252, 12);
    // two figures that could each come out either way 1 time in 252 by chance
    expect(c.expectedByChance).toBeCloseTo(4 / 252, 12);
  });

  it("lists figures only one side measured instead of comparing them, house sizes in increasing order", () => {
    const base = bench({ stepsPerSecond: 1, stepMs: { "1000": 0.02, "50": 0.01 } } as never);
    const cand = bench({ workersSpeedup: 1.5, stepMs: { "50": 0.01, "200": 0.03 } } as never);
    const c = compareBench(base, cand);
    expect(c.figures.map((f) => f.figure)).toEqual(["stepMs[50]"]);
    expect(c.missing).toEqual([
      { figure: "stepsPerSecond", measuredIn: "base" },
      { figure: "stepMs[200]", measuredIn: "cand" },
      { figure: "stepMs[1000]", measuredIn: "base" },
      { figure: "workersSpeedup", measuredIn: "cand" },
    ]);
  });

  it("gives no verdict for a side measured once: a --quick run, or the peak memory", () => {
    const one = { stepsPerSecond: { min: 40_000, max: 40_000 } };
    const base = bench({ stepsPerSecond: 40_000, peakRssMB10k: 150 }, one, { quick: true, repetitions: 1 });
    const cand = bench({ stepsPerSecond: 90_000, peakRssMB10k: 300 }, { stepsPerSecond: { min: 85_000, max: 95_000 } });
    const c = compareBench(base, cand);
    expect(c.figures.map((f) => [f.figure, f.verdict])).toEqual([
      ["stepsPerSecond", "too few to tell"],
      ["peakRssMB10k", "too few to tell"],
    ]);
    expect(c.quick).toEqual(["base"]);
    expect(c.regressions).toEqual([]);
  });

  it("takes the worker figures' repetitions from details.workerRepetitions, and calls no change an ordering that is not rare", () => {
    const spread = (lo: number) => ({ workersSpeedup: { min: lo, max: lo + 0.1 } });
    const side = (lo: number, details: Record<string, number>) => bench({ workersSpeedup: lo + 0.05 }, spread(lo), { details });
    // results from before the count was recorded: how rare the ordering is cannot be said
    const old = compareBench(side(1.4, {}), side(1.8, {})).figures[0]!;
    expect(old.chance).toBeUndefined();
    expect(old.verdict).toBe("too few to tell");
    // three runs a side order so 1 time in 20 by chance: too often to call it a change
    const three = compareBench(side(1.4, { workerRepetitions: 3 }), side(1.8, { workerRepetitions: 3 })).figures[0]!;
    expect(three.chance).toBeCloseTo(1 / 20, 12);
    expect(three.verdict).toBe("too few to tell");
    const five = compareBench(side(1.4, { workerRepetitions: 5 }), side(1.8, { workerRepetitions: 5 }));
    expect(five.figures[0]!.verdict).toBe("improved");
    expect(five.expectedByChance).toBeCloseTo(2 / 252, 12);
  });

  it("names what differs between the two machines", () => {
    const base = bench({ loadMs1k: 40 });
    const cand = bench({ loadMs1k: 40 }, {}, { machine: { ...base.machine, cpus: 4, node: "v22.1.0", loadAverage: [3, 3, 3] } });
    expect(compareBench(base, cand).machineDifferences).toEqual(["cpus: 2 → 4", "node: v20.0.0 → v22.1.0"]);
    expect(compareBench(base, base).machineDifferences).toEqual([]);
    // runs written to another kind of filesystem are a difference; a result that does not say where it wrote is not
    const onExt4 = bench({ loadMs1k: 40 }, {}, { machine: { ...base.machine, scratch: { filesystem: "ext4" } } });
    const onTmpfs = bench({ loadMs1k: 40 }, {}, { machine: { ...base.machine, scratch: { filesystem: "tmpfs" } } });
    expect(compareBench(onExt4, onTmpfs).machineDifferences).toEqual(["scratch filesystem: ext4 → tmpfs"]);
    expect(compareBench(onExt4, onExt4).machineDifferences).toEqual([]);
    expect(compareBench(base, onTmpfs).machineDifferences).toEqual([]);
    // so is V8 run with other options; a result that does not say is not
    const tuned = bench({ loadMs1k: 40 }, {}, { machine: { ...base.machine, v8Flags: ["--no-allocation-site-pretenuring"] } });
    const plain = bench({ loadMs1k: 40 }, {}, { machine: { ...base.machine, v8Flags: [] } });
    expect(compareBench(plain, tuned).machineDifferences).toEqual(["V8 options: (none) → --no-allocation-site-pretenuring"]);
    expect(compareBench(tuned, tuned).machineDifferences).toEqual([]);
    expect(compareBench(base, tuned).machineDifferences).toEqual([]);
  });

  it("is the mirror image with base and candidate swapped", () => {
    const figure = fc.record({ median: fc.double({ min: 0.001, max: 1e5, noNaN: true }), spread: fc.option(range, { nil: undefined }) });
    fc.assert(
      fc.property(figure, figure, fc.constantFrom("stepsPerSecond", "placeMsP50", "workersSpeedup", "loadMs1k"), (a, b, name) => {
        const side = (f: typeof a) => bench({ [name]: f.median }, f.spread ? { [name]: f.spread } : {}, { details: { workerRepetitions: 3 } });
        const ab = compareBench(side(a), side(b)).figures[0]!;
        const ba = compareBench(side(b), side(a)).figures[0]!;
        expect(ba.verdict).toBe(flip[ab.verdict]);
        expect(ab.ratio * ba.ratio).toBeCloseTo(1, 9);
        const overlap = !!a.spread && !!b.spread && a.spread.min <= b.spread.max && b.spread.min <= a.spread.max;
        // three worker runs a side are too few for an ordering to be rare; five repetitions are enough
        const rare = name !== "workersSpeedup";
        expect(ab.verdict === "too few to tell").toBe(!a.spread || !b.spread || (!overlap && !rare));
      }),
    );
  });
});

describe("poolResults", () => {
  it("takes the run as the unit: each figure all runs have is the median of their medians, its range spans them", () => {
    const run = fc.record({
      stepsPerSecond: fc.double({ min: 1, max: 1e5, noNaN: true }),
      small: fc.double({ min: 0.001, max: 1, noNaN: true }),
      big: fc.option(fc.double({ min: 0.001, max: 1, noNaN: true }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(run, { minLength: 2, maxLength: 7 }), (runs) => {
        const results = runs.map((r) =>
          bench({ stepsPerSecond: r.stepsPerSecond, stepMs: r.big === undefined ? { "100": r.small } : { "100": r.small, "10000": r.big } } as never, { stepsPerSecond: { min: r.stepsPerSecond * 0.9, max: r.stepsPerSecond * 1.1 } }),
        );
        const pooled = poolResults(results) as ComparableBench & { stepsPerSecond: number };
        const sps = runs.map((r) => r.stepsPerSecond);
        expect(pooled.stepsPerSecond).toBe(median(sps));
        expect(pooled.spread.stepsPerSecond).toEqual({ min: Math.min(...sps), max: Math.max(...sps) });
        expect(pooled.stepMs!["100"]).toBe(median(runs.map((r) => r.small)));
        // a size some run did not measure is left out
        expect("10000" in pooled.stepMs!).toBe(runs.every((r) => r.big !== undefined));
        expect(pooled.runs).toBe(runs.length);
      }),
    );
  });

  it("counts runs as the repetitions of every figure, the peak memory included", () => {
    const side = (rss: number[]) => poolResults(rss.map((x) => bench({ peakRssMB10k: x }, {}, { repetitions: 5 })));
    const c = compareBench(side([150, 152, 151, 149, 150]), side([170, 171, 173, 172]));
    expect(c.figures[0]).toMatchObject({ figure: "peakRssMB10k", base: 150, cand: 171, verdict: "regressed" });
    expect(c.figures[0]!.chance).toBeCloseTo(1 / 126, 12);
    // three runs against four order so 1 time in 35: no verdict
    expect(compareBench(side([150, 152, 151]), side([170, 171, 173, 172])).figures[0]!.verdict).toBe("too few to tell");
    // one result is itself
    const one = bench({ peakRssMB10k: 150 });
    expect(poolResults([one])).toBe(one);
  });
});

describe("formatComparison", () => {
  it("prints a row per figure with both medians, the change in per cent and the verdict, and notes what was not compared", () => {
    const base = bench({ stepsPerSecond: 40_000, loadMs1k: 40 }, { stepsPerSecond: { min: 36_000, max: 44_000 } });
    const cand = bench({ stepsPerSecond: 30_000 }, { stepsPerSecond: { min: 28_000, max: 31_000 } }, { quick: false });
    const text = formatComparison(compareBench(base, cand), { base: { name: "before.json", result: base }, cand: { name: "this run", result: cand } });
    const row = text.split("\n").find((l) => l.startsWith("stepsPerSecond "))!.trim().split(/\s{2,}/);
    expect(row).toEqual(["stepsPerSecond", "40000", "36000 – 44000", "30000", "28000 – 31000", "−25 %", "regressed (1 in 252)", "≥ 50000: no → no"]);
    expect(text).toContain("base: before.json — 2 × Test CPU");
    expect(text).toContain("note: measured in base only, not compared: loadMs1k");
    expect(text).toMatch(/regressed: stepsPerSecond$/);
  });
});
