import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { compareRuns, isRegression } from "../../../harness/compare/compare-runs.ts";
import { loadComparableRun } from "../../../harness/compare/load-run.ts";
import { episode } from "../trajectory/builders.ts";
import { failed, ids, runDir, solved } from "./fixtures.ts";

const dirs: string[] = [];
const run = (...args: Parameters<typeof runDir>) => {
  const d = runDir(...args);
  dirs.push(d);
  return loadComparableRun(d);
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const TWELVE = ids(12);
const good = run(TWELVE.map((id) => solved(id)));
/** Half of the episodes now fail. */
const worse = run(TWELVE.map((id, i) => (i % 2 === 0 ? failed(id) : solved(id))));

describe("compareRuns", () => {
  it("finds no regression comparing a run with itself", () => {
    const report = compareRuns(good, good, { seed: 1, iterations: 500 });
    expect(report.regressions).toEqual([]);
    expect(report.paired).toBe(12);
    for (const d of report.aggregate) {
      expect(d).toMatchObject({ delta: 0, ci: [0, 0], regressed: false, improved: false });
    }
    expect(report.episodes.every((e) => e.verdict === "same" && e.divergence === null)).toBe(true);
    expect(report.actionErrors).toEqual([]);
  });

  it("detects a worse run and lists the episodes that regressed, with their first divergence", () => {
    const report = compareRuns(good, worse, { seed: 1, iterations: 2000 });
    expect(report.regressions).toEqual(["SR", "TTC", "TP", "rTP"]);
    const sr = report.aggregate.find((d) => d.metric === "SR")!;
    expect(sr).toMatchObject({ base: 1, cand: 0.5, delta: -0.5 });
    expect(sr.ci[1]).toBeLessThan(0);
    expect(sr.ci[0]).toBeGreaterThanOrEqual(-1);
    const regressed = report.episodes.filter((e) => e.verdict === "worse");
    expect(regressed.map((e) => e.id)).toEqual(TWELVE.filter((_, i) => i % 2 === 0));
    expect(regressed.every((e) => e.successToFailure)).toBe(true);
    expect(regressed[0]!.divergence).toEqual({
      t: 3,
      base: { t: 3, action: "place(obj_1, inside, fridge)", feedback: "ok" },
      cand: { t: 3, action: "place(obj_1, inside, fridge)", feedback: "missing_step: failed: missing_step" },
    });
    expect(report.actionErrors).toEqual([{ category: "missing_step", base: 0, cand: 6, delta: 6 }]);
  });

  it("calls the better run an improvement, not a regression", () => {
    const report = compareRuns(worse, good, { seed: 1, iterations: 2000 });
    expect(report.regressions).toEqual([]);
    expect(report.aggregate.find((d) => d.metric === "SR")!.improved).toBe(true);
    expect(report.episodes.filter((e) => e.failureToSuccess)).toHaveLength(6);
  });

  it("lists one worse episode out of twelve, but its interval reaches 0: no regression", () => {
    const oneWorse = run(TWELVE.map((id, i) => (i === 3 ? failed(id) : solved(id))));
    const report = compareRuns(good, oneWorse, { seed: 5, iterations: 4000 });
    expect(report.episodes.filter((e) => e.verdict === "worse").map((e) => e.id)).toEqual(["ep03"]);
    const sr = report.aggregate.find((d) => d.metric === "SR")!;
    expect(sr.delta).toBeCloseTo(-1 / 12, 12);
    expect(sr.ci[1]).toBe(0);
    expect(report.regressions).toEqual([]);
  });

  it("is deterministic for a seed, and the seed matters", () => {
    // Episodes of 1..12 conditions with about half met: TP deltas take many values.
    const partial = (id: string, i: number) =>
      episode({ id, conditions: i + 1 }).act({ type: "done" }, { satisfied: Array.from({ length: Math.ceil(i / 2) }, (_, k) => k) }).end("done");
    const mixed = run(TWELVE.map(partial));
    const a = compareRuns(good, mixed, { seed: 42, iterations: 300 });
    const b = compareRuns(good, mixed, { seed: 42, iterations: 300 });
    const c = compareRuns(good, mixed, { seed: 43, iterations: 300 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const tp = (r: typeof a) => r.aggregate.find((d) => d.metric === "TP")!.ci;
    expect(tp(a)).not.toEqual(tp(c));
    expect(tp(a)[0]).toBeLessThan(tp(a)[1]);
  });

  it("pairs repeats by episode id and compares their means", () => {
    const base = run([solved("a", 0), failed("a", 1), solved("b")]);
    const cand = run([solved("a", 0), solved("a", 1), solved("b"), solved("c")]);
    const report = compareRuns(base, cand, { iterations: 200 });
    const a = report.episodes.find((e) => e.id === "a")!;
    expect(a.base).toMatchObject({ SR: 0.5, repeats: 2 });
    expect(a.cand).toMatchObject({ SR: 1, repeats: 2 });
    expect(a).toMatchObject({ verdict: "better", successToFailure: false, failureToSuccess: false });
    expect(report.aggregate.find((d) => d.metric === "SR")!.delta).toBe(0.25);
    expect(report.candOnly).toEqual(["c"]);
    expect(report.paired).toBe(2);
  });

  it("compares results.json files alone, without divergence steps", () => {
    const report = compareRuns(loadComparableRun(`${good.path}/results.json`), worse, { iterations: 200 });
    expect(report.episodes[0]!.divergence).toBeUndefined();
    expect(report.notes.join("\n")).toMatch(/trajectories missing/);
  });

  it("refuses runs with no episode in common", () => {
    const other = run([solved("zzz")]);
    expect(() => compareRuns(good, other)).toThrow(/no episode in common/);
  });
});

describe("isRegression", () => {
  it("needs the whole interval below 0", () => {
    expect(isRegression([-0.3, -0.01])).toBe(true);
    expect(isRegression([-0.3, 0])).toBe(false);
    expect(isRegression([-0.3, 0.1])).toBe(false);
    expect(isRegression([-1e-15, -1e-15])).toBe(false);
  });
});
