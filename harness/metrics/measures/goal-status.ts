import type { Measure } from "../measure.ts";
import { measureKey } from "../measure.ts";

/** Which goal conditions hold right now (after the latest step, or initially). */
export interface GoalStatus {
  /** Number of goal conditions (SPEC §5 counting: flattened `and`, expanded `forall`). */
  total: number;
  /** Indices of the conditions that hold. */
  satisfied: ReadonlySet<number>;
  /** Every condition holds (vacuously true when `total` is 0). */
  allHeld: boolean;
  /** Steps taken so far: 0 for the initial state. */
  stepsTaken: number;
}

export const GOAL_STATUS = measureKey<GoalStatus>("goalStatus");

/** Goal status per step: the initial status from the header, then each step's `satisfied`. */
export function goalStatusMeasure(): Measure<GoalStatus> {
  let status: GoalStatus;
  const make = (total: number, satisfied: readonly number[], stepsTaken: number): GoalStatus => {
    const set = new Set(satisfied);
    return { total, satisfied: set, allHeld: set.size === total, stepsTaken };
  };
  return {
    id: GOAL_STATUS.id,
    dependsOn: [],
    reported: false,
    reset(header) {
      status = make(header.conditions.length, header.initiallySatisfied, 0);
    },
    update(step) {
      status = make(status.total, step.satisfied, status.stepsTaken + 1);
    },
    finish() {},
    value: () => status,
  };
}

/** When every condition first held together, counted in steps taken. */
export interface Completion {
  /**
   * Number of steps taken when every condition first held after a step, or null if that never
   * happened. The initial state is not a step: a task that already holds before the first action
   * completes at step 1 if the first action leaves it complete (see README: TTC).
   */
  firstCompleteStep: number | null;
}

export const COMPLETION = measureKey<Completion>("completion");

export function completionMeasure(): Measure<Completion> {
  let first: number | null = null;
  return {
    id: COMPLETION.id,
    dependsOn: [GOAL_STATUS.id],
    reported: false,
    reset() {
      first = null;
    },
    update(_step, deps) {
      const status = deps.get(GOAL_STATUS);
      if (first === null && status.allHeld) first = status.stepsTaken;
    },
    finish() {},
    value: () => ({ firstCompleteStep: first }),
  };
}
