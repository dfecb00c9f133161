import type { Measure } from "../measure.ts";
import { LAZY_DERIVED as LAZY, derivedMeasure, measureKey } from "../measure.ts";
import { GOAL_STATUS } from "./goal-status.ts";

/** Whether and when the agent called `done()`. */
export interface DoneStatus {
  called: boolean;
  /** Steps taken including the `done()` step, or null. */
  atStep: number | null;
  /** Every condition held when `done()` was called (false when it was not called). */
  allHeldAtDone: boolean;
}

export const DONE = measureKey<DoneStatus>("done");
export const DONE_CALLED = measureKey<boolean>("doneCalled");
export const PREMATURE_DONE = measureKey<number>("prematureDone");

/**
 * Watches for the first `done` action. The goal status "at that moment" is the status after the
 * done step: `done()` changes nothing in the world, so it equals the status before it.
 */
export function doneMeasure(): Measure<DoneStatus> {
  let status: DoneStatus;
  return {
    id: DONE.id,
    dependsOn: [GOAL_STATUS.id],
    reported: false,
    reset() {
      status = { called: false, atStep: null, allHeldAtDone: false };
    },
    update(step, deps) {
      if (status.called || step.action.type !== "done") return;
      const goal = deps.get(GOAL_STATUS);
      status = { called: true, atStep: goal.stepsTaken, allHeldAtDone: goal.allHeld };
    },
    finish() {},
    value: () => status,
  };
}

/** `doneCalled`: the agent ended the episode itself. */
export const doneCalledMeasure = () =>
  derivedMeasure(DONE_CALLED, [DONE], (d) => d.get(DONE).called, () => false, LAZY);

/** `prematureDone`: 1 when `done()` was called while some condition did not hold, else 0. */
export const prematureDoneMeasure = () =>
  derivedMeasure(PREMATURE_DONE, [DONE], (d) => {
    const done = d.get(DONE);
    return done.called && !done.allHeldAtDone ? 1 : 0;
  }, () => 0, LAZY);
