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
  const make = (total: number, satisfied: readonly number[], stepsTaken: number, previous?: ReadonlySet<number>): GoalStatus => {
    // most steps leave the satisfied conditions as they were: the previous set then serves again (nobody edits it)
    const set = previous !== undefined && sameMembers(previous, satisfied) ? previous : new Set(satisfied);
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
      status = make(status.total, step.satisfied, status.stepsTaken + 1, status.satisfied);
    },
    finish() {},
    value: () => status,
  };
}

/** Whether `set` holds exactly the values of `list` (a list of distinct values, as a step's `satisfied` is). */
function sameMembers(set: ReadonlySet<number>, list: readonly number[]): boolean {
  if (set.size !== list.length) return false;
  for (let i = 0; i < list.length; i++) if (!set.has(list[i]!)) return false;
  return true;
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
  // one value object per change (it changes at most once an episode), not one per read: dependants read it every step
  let value: Completion = { firstCompleteStep: null };
  return {
    id: COMPLETION.id,
    dependsOn: [GOAL_STATUS.id],
    reported: false,
    reset() {
      value = { firstCompleteStep: null };
    },
    update(_step, deps) {
      if (value.firstCompleteStep !== null) return;
      const status = deps.get(GOAL_STATUS);
      if (status.allHeld) value = { firstCompleteStep: status.stepsTaken };
    },
    finish() {},
    value: () => value,
  };
}
