import { ERROR_CATEGORIES, type ErrorCategory } from "../../../sim/actions.ts";
import type { Measure } from "../measure.ts";
import { measureKey } from "../measure.ts";
import { COMPLETION } from "./goal-status.ts";

export const STEPS = measureKey<number>("steps");
export const STEPS_AFTER_COMPLETION = measureKey<number>("stepsAfterCompletion");
export const PATH_LENGTH = measureKey<number>("pathLength");
export const ACTION_ERRORS = measureKey<Partial<Record<ErrorCategory, number>>>("actionErrors");

/** `steps`: actions taken, `done()` and failed actions included (each costs a step of the budget). */
export function stepsMeasure(): Measure<number> {
  let n = 0;
  return {
    id: STEPS.id,
    dependsOn: [],
    reset() {
      n = 0;
    },
    update() {
      n++;
    },
    finish() {},
    value: () => n,
  };
}

/**
 * `stepsAfterCompletion`: actions taken after the first step at which every condition held,
 * not counting `done()` itself — an agent that completes the task and then says done scores 0;
 * what it counts is wasted work (and undoing) after the goal was reached.
 */
export function stepsAfterCompletionMeasure(): Measure<number> {
  let n = 0;
  return {
    id: STEPS_AFTER_COMPLETION.id,
    dependsOn: [COMPLETION.id, STEPS.id],
    reset() {
      n = 0;
    },
    update(step, deps) {
      const first = deps.get(COMPLETION).firstCompleteStep;
      if (first !== null && deps.get(STEPS) > first && step.action.type !== "done") n++;
    },
    finish() {},
    value: () => n,
  };
}

/** `pathLength`: metres walked, the sum of every step's `distance`. */
export function pathLengthMeasure(): Measure<number> {
  let total = 0;
  return {
    id: PATH_LENGTH.id,
    dependsOn: [],
    reset() {
      total = 0;
    },
    update(step) {
      total += step.distance;
    },
    finish() {},
    value: () => total,
  };
}

/**
 * `actionErrors`: failed (or `additional_step`) actions by Embodied Agent Interface category.
 * Only categories that occurred appear, in the taxonomy's order so the JSON is stable.
 */
export function actionErrorsMeasure(): Measure<Partial<Record<ErrorCategory, number>>> {
  let counts = new Map<ErrorCategory, number>();
  return {
    id: ACTION_ERRORS.id,
    dependsOn: [],
    reset() {
      counts = new Map();
    },
    update(step) {
      const category = step.feedback.error;
      if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
    },
    finish() {},
    value() {
      const out: Partial<Record<ErrorCategory, number>> = {};
      for (const c of ERROR_CATEGORIES) if (counts.has(c)) out[c] = counts.get(c)!;
      return out;
    },
  };
}
