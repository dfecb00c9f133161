import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRuns } from "../../../harness/compare/compare-runs.ts";
import type { ComparableRun } from "../../../harness/compare/load-run.ts";
import type { ResultsRow } from "../../../harness/metrics/results-schema.ts";

/** Rows with arbitrary (consistent enough) scores; only what compare reads matters here. */
const rowArb = (id: string) =>
  fc.record({ SR: fc.constantFrom(0, 1), TTC: fc.constantFrom(0, 1), TP: fc.double({ min: 0, max: 1, noNaN: true }), rTP: fc.double({ min: 0, max: 1, noNaN: true }) }).map(
    (s): ResultsRow => ({ id, ...s, steps: 3, doneCalled: true, conditions: { total: 1, satisfied: 0, observed: 0 }, actionErrors: {}, error: null }),
  );
const runArb = fc.integer({ min: 1, max: 8 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArb(`e${i}`))));

const asRun = (rows: ResultsRow[], name: string): ComparableRun => ({
  path: name,
  results: { schemaVersion: 1, config: {}, agent: { name: "a" }, suite: { id: "s" }, metrics: { SR: 0, TTC: 0, TP: 0, rTP: 0, episodes: rows.length, errors: 0 }, episodes: rows },
  trajectories: new Map(),
  problems: [],
});

describe("compareRuns properties", () => {
  it("a run never regresses against itself", () => {
    fc.assert(
      fc.property(runArb, fc.integer(), (rows, seed) => {
        const r = compareRuns(asRun(rows, "a"), asRun(rows, "a"), { seed, iterations: 50 });
        expect(r.regressions).toEqual([]);
        expect(r.aggregate.every((d) => d.delta === 0 && d.ci[0] === 0 && d.ci[1] === 0)).toBe(true);
      }),
    );
  });

  it("swapping the runs negates deltas and mirrors intervals; the interval brackets the data's range", () => {
    fc.assert(
      fc.property(runArb, runArb, fc.integer(), (a, b, seed) => {
        const n = Math.min(a.length, b.length);
        const [ra, rb] = [asRun(a.slice(0, n), "a"), asRun(b.slice(0, n), "b")];
        const fwd = compareRuns(ra, rb, { seed, iterations: 50 });
        const back = compareRuns(rb, ra, { seed, iterations: 50 });
        fwd.aggregate.forEach((d, i) => {
          const e = back.aggregate[i]!;
          expect(d.delta).toBeCloseTo(-e.delta, 12);
          expect(d.ci[0]).toBeCloseTo(-e.ci[1], 12);
          expect(d.ci[1]).toBeCloseTo(-e.ci[0], 12);
          expect(d.ci[0]).toBeLessThanOrEqual(d.ci[1]);
          const deltas = a.slice(0, n).map((row, k) => b[k]![d.metric] - row[d.metric]);
          expect(d.ci[0]).toBeGreaterThanOrEqual(Math.min(...deltas) - 1e-12);
          expect(d.ci[1]).toBeLessThanOrEqual(Math.max(...deltas) + 1e-12);
        });
        expect(fwd.episodes.filter((e) => e.verdict === "worse").length).toBe(back.episodes.filter((e) => e.verdict === "better").length);
      }),
    );
  });
});
