import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeEpisodeMetrics } from "../../../harness/metrics/episode-metrics.ts";
import { aggregateMetrics } from "../../../harness/metrics/aggregate.ts";
import type { EpisodeHeader, EpisodeMetrics, StepEvent, TrajectoryLine } from "../../../harness/trajectory/events.ts";
import { episode } from "../trajectory/builders.ts";

const OBJECTS = ["a", "b", "c", "d"];

/** Random episodes: any goal status at any step, objects observed at any time, done() or not. */
const trajectoryArb = fc
  .record({
    conditions: fc.array(fc.subarray(OBJECTS), { maxLength: 5 }),
    initialFlags: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    initiallyObserved: fc.subarray(OBJECTS),
    steps: fc.array(
      fc.record({
        flags: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        observed: fc.subarray(OBJECTS),
        distance: fc.double({ min: 0, max: 10, noNaN: true }),
        error: fc.constantFrom(null, "hallucination", "missing_step", "parse"),
      }),
      { maxLength: 12 },
    ),
    endsWithDone: fc.boolean(),
  })
  .map((r) => {
    const n = r.conditions.length;
    const indices = (flags: boolean[]) => flags.slice(0, n).flatMap((f, i) => (f ? [i] : []));
    const b = episode({ conditions: r.conditions, initiallySatisfied: indices(r.initialFlags), initiallyObserved: r.initiallyObserved });
    for (const s of r.steps) {
      const action = { type: "navigate", target: "kitchen" } as const;
      if (s.error) b.fail(action, s.error as "parse", { observed: s.observed, distance: s.distance });
      else b.act(action, { satisfied: indices(s.flags), observed: s.observed, distance: s.distance });
    }
    if (r.endsWithDone) b.done();
    return b.end(r.endsWithDone ? "done" : "budget").lines();
  });

/** The SPEC §5 definitions written out directly, as an independent reference. */
function reference(lines: TrajectoryLine[]) {
  const header = lines[0] as EpisodeHeader;
  const steps = lines.filter((l): l is StepEvent => l.type === "step");
  const n = header.conditions.length;
  const all = (sat: number[]) => new Set(sat).size === n;
  const doneIdx = steps.findIndex((s) => s.action.type === "done");
  const endSat = steps.at(-1)?.satisfied ?? header.initiallySatisfied;
  const seen = new Set([...header.initiallyObserved, ...steps.flatMap((s) => s.observed)]);
  const observed = header.conditions.map((c, i) => (c.objects.every((o) => seen.has(o)) ? i : -1)).filter((i) => i >= 0);
  const satObs = observed.filter((i) => endSat.includes(i)).length;
  return {
    SR: doneIdx >= 0 && all(steps[doneIdx]!.satisfied) ? 1 : 0,
    TTC: steps.some((s) => all(s.satisfied)) ? 1 : 0,
    TP: n === 0 ? 1 : new Set(endSat).size / n,
    rTP: observed.length === 0 ? 0 : satObs / observed.length,
    rTPSeedFormula: satObs / Math.max(new Set(endSat).size, 1),
  };
}

const RATES = ["SR", "TTC", "TP", "rTP", "rTPSeedFormula"] as const;

describe("episode metric properties", () => {
  it("agree with the definitions written out directly", () => {
    fc.assert(
      fc.property(trajectoryArb, (lines) => {
        const m = computeEpisodeMetrics(lines);
        const ref = reference(lines);
        for (const k of RATES) expect(m[k]).toBeCloseTo(ref[k], 12);
      }),
    );
  });

  it("rates lie in [0, 1]; SR ≤ TTC; SR = 1 ⇒ TP = 1; counts are consistent", () => {
    fc.assert(
      fc.property(trajectoryArb, (lines) => {
        const m = computeEpisodeMetrics(lines);
        for (const k of RATES) {
          expect(m[k]).toBeGreaterThanOrEqual(0);
          expect(m[k]).toBeLessThanOrEqual(1);
        }
        expect(m.SR).toBeLessThanOrEqual(m.TTC);
        if (m.SR === 1) expect(m.TP).toBe(1);
        expect(m.SR + m.prematureDone).toBe(m.doneCalled ? 1 : 0);
        expect(m.stepsAfterCompletion).toBeLessThanOrEqual(m.steps);
        if (m.TTC === 0) expect(m.stepsAfterCompletion).toBe(0);
        expect(m.conditions.satisfied).toBeLessThanOrEqual(m.conditions.total);
        expect(m.conditions.observed).toBeLessThanOrEqual(m.conditions.total);
      }),
    );
  });

  it("rTP = 0 when no condition is observed", () => {
    fc.assert(
      fc.property(trajectoryArb, (lines) => {
        const m = computeEpisodeMetrics(lines);
        if (m.conditions.observed === 0) expect(m.rTP).toBe(0);
      }),
    );
  });

  it("run means stay in [0, 1] with SR ≤ TTC, and equal the plain mean without repeats", () => {
    fc.assert(
      fc.property(fc.array(trajectoryArb, { minLength: 1, maxLength: 6 }), (runs) => {
        const rows: (EpisodeMetrics & { id: string })[] = runs.map((l, i) => ({ id: `e${i}`, ...computeEpisodeMetrics(l) }));
        const agg = aggregateMetrics(rows);
        expect(agg.SR).toBeLessThanOrEqual(agg.TTC + 1e-12);
        for (const k of RATES) {
          expect(agg[k]).toBeGreaterThanOrEqual(0);
          expect(agg[k]).toBeLessThanOrEqual(1 + 1e-12);
          expect(agg[k]).toBeCloseTo(rows.reduce((s, r) => s + r[k], 0) / rows.length, 12);
        }
      }),
    );
  });
});
