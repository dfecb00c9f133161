import { LAZY_DERIVED as LAZY, derivedMeasure, measureKey } from "../measure.ts";
import { DONE } from "./done.ts";
import { COMPLETION } from "./goal-status.ts";

export const SR = measureKey<number>("SR");
export const TTC = measureKey<number>("TTC");

/** SR (SPEC §5): 1 if `done()` was called and every condition held at that moment, else 0. */
export const successMeasure = () =>
  derivedMeasure(SR, [DONE], (d) => (d.get(DONE).allHeldAtDone ? 1 : 0), () => 0, LAZY);

/**
 * TTC (SPEC §5): 1 if every condition held after some step, whether or not `done()` was called.
 * Only states after a step count, never the initial state alone: an episode with no step scores 0.
 */
export const timeToCompletionMeasure = () =>
  derivedMeasure(TTC, [COMPLETION], (d) => (d.get(COMPLETION).firstCompleteStep !== null ? 1 : 0), () => 0, LAZY);
