import { describe, expect, it } from "vitest";
import { FULL_PLAN, planWithReps, QUICK_PLAN } from "../../../harness/bench/run-bench.ts";

describe("planWithReps (rearrange bench --reps N)", () => {
  it("repeats every figure N times, the one- and two-worker runs (and the two-process lanes) included", () => {
    for (const base of [FULL_PLAN, QUICK_PLAN]) {
      const plan = planWithReps(base, 7);
      expect(plan.repetitions).toBe(7);
      expect(plan.workerReps).toBe(7);
      // nothing else moves
      expect({ ...plan, repetitions: base.repetitions, workerReps: base.workerReps }).toEqual(base);
    }
  });

  it("without --reps keeps the plan's own counts (fewer of the long worker runs)", () => {
    expect(planWithReps(FULL_PLAN, undefined)).toEqual(FULL_PLAN);
    expect(FULL_PLAN.workerReps).toBeLessThan(FULL_PLAN.repetitions);
  });
});
