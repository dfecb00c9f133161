import { LAZY_DERIVED as LAZY, derivedMeasure, measureKey, type MeasureValues } from "../measure.ts";
import { GOAL_STATUS } from "./goal-status.ts";
import { OBSERVED } from "./observation.ts";

export const TP = measureKey<number>("TP");
export const RTP = measureKey<number>("rTP");
export const RTP_SEED_FORMULA = measureKey<number>("rTPSeedFormula");

/** Condition counts at the end of the episode, as stored in results rows. */
export interface ConditionCounts {
  total: number;
  satisfied: number;
  observed: number;
}
export const CONDITIONS = measureKey<ConditionCounts>("conditions");

/** Conditions that hold now and are observed. */
function satisfiedAndObserved(d: MeasureValues): number {
  const observed = d.get(OBSERVED).conditions;
  let n = 0;
  for (const i of d.get(GOAL_STATUS).satisfied) if (observed.has(i)) n++;
  return n;
}

/** TP: share of conditions that hold; 1 for a task with no condition (nothing is left undone). */
export const taskProgressMeasure = () =>
  derivedMeasure(TP, [GOAL_STATUS], (d) => {
    const g = d.get(GOAL_STATUS);
    return g.total === 0 ? 1 : g.satisfied.size / g.total;
  }, (h) => (h.conditions.length === 0 ? 1 : new Set(h.initiallySatisfied).size / h.conditions.length), LAZY);

/** rTP: (conditions that hold and are observed) / (observed conditions); 0 when none is observed. */
export const relativeTaskProgressMeasure = () =>
  derivedMeasure(RTP, [GOAL_STATUS, OBSERVED], (d) => {
    const observed = d.get(OBSERVED).conditions.size;
    return observed === 0 ? 0 : satisfiedAndObserved(d) / observed;
  }, () => 0, LAZY);

/** rTPSeedFormula: the seed's literal recipe, completed-and-observed / max(completed, 1). */
export const relativeTaskProgressSeedMeasure = () =>
  derivedMeasure(RTP_SEED_FORMULA, [GOAL_STATUS, OBSERVED], (d) => {
    return satisfiedAndObserved(d) / Math.max(d.get(GOAL_STATUS).satisfied.size, 1);
  }, () => 0, LAZY);

/** `conditions`: {total, satisfied, observed} counts. */
export const conditionCountsMeasure = () =>
  derivedMeasure(CONDITIONS, [GOAL_STATUS, OBSERVED], (d) => {
    const g = d.get(GOAL_STATUS);
    return { total: g.total, satisfied: g.satisfied.size, observed: d.get(OBSERVED).conditions.size };
  }, (h) => ({ total: h.conditions.length, satisfied: new Set(h.initiallySatisfied).size, observed: 0 }), LAZY);
