import { conditionCountsMeasure, relativeTaskProgressMeasure, relativeTaskProgressSeedMeasure, taskProgressMeasure } from "./measures/progress.ts";
import { doneCalledMeasure, doneMeasure, prematureDoneMeasure } from "./measures/done.ts";
import { actionErrorsMeasure, pathLengthMeasure, stepsAfterCompletionMeasure, stepsMeasure } from "./measures/effort.ts";
import { completionMeasure, goalStatusMeasure } from "./measures/goal-status.ts";
import { observedMeasure } from "./measures/observation.ts";
import { successMeasure, timeToCompletionMeasure } from "./measures/success.ts";
import { MeasureRegistry } from "./registry.ts";
import { usageMeasure } from "./measures/usage.ts";

/**
 * The MORE metrics of SPEC §5 and the extras every results row carries, registered in the order of
 * `EpisodeMetrics`' fields. Returns a fresh registry: extend it with `.register(...)` freely.
 */
export function defaultMeasureRegistry(): MeasureRegistry {
  return new MeasureRegistry()
    .register(successMeasure)
    .register(timeToCompletionMeasure)
    .register(taskProgressMeasure)
    .register(relativeTaskProgressMeasure)
    .register(relativeTaskProgressSeedMeasure)
    .register(stepsMeasure)
    .register(stepsAfterCompletionMeasure)
    .register(prematureDoneMeasure)
    .register(doneCalledMeasure)
    .register(pathLengthMeasure)
    .register(conditionCountsMeasure)
    .register(actionErrorsMeasure)
    .register(usageMeasure)
    // inputs of the measures above, not reported themselves
    .register(goalStatusMeasure)
    .register(completionMeasure)
    .register(observedMeasure)
    .register(doneMeasure);
}

/**
 * The default registry, made once and frozen: the runner, replay and rescoring score every episode with it, so
 * its evaluation order is worked out once (building and ordering a registry per episode was most of a scorer's
 * set-up). For a registry of your own, {@link defaultMeasureRegistry} (or `DEFAULT_MEASURES.clone()`).
 */
export const DEFAULT_MEASURES: MeasureRegistry = defaultMeasureRegistry().freeze();
