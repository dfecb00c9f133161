import type { ConditionInfo } from "../../trajectory/events.ts";
import type { Measure } from "../measure.ts";
import { measureKey } from "../measure.ts";

/** What the agent has seen so far. */
export interface ObservedConditions {
  /** Scene objects observed so far: `initiallyObserved` plus every step's `observed`. */
  objects: ReadonlySet<string>;
  /**
   * Indices of observed conditions: a condition is observed once all the objects it names are
   * observed (SPEC §5). A condition naming no object is observed from the start (vacuously).
   */
  conditions: ReadonlySet<number>;
}

export const OBSERVED = measureKey<ObservedConditions>("observed");

export function observedMeasure(): Measure<ObservedConditions> {
  let conditions: readonly ConditionInfo[] = [];
  let objects = new Set<string>();
  let observed = new Set<number>();
  const refresh = () => {
    conditions.forEach((c, i) => {
      if (!observed.has(i) && c.objects.every((o) => objects.has(o))) observed.add(i);
    });
  };
  return {
    id: OBSERVED.id,
    dependsOn: [],
    reported: false,
    reset(header) {
      conditions = header.conditions;
      objects = new Set(header.initiallyObserved);
      observed = new Set();
      refresh();
    },
    update(step) {
      if (step.observed.length === 0) return;
      for (const o of step.observed) objects.add(o);
      refresh();
    },
    finish() {},
    value: () => ({ objects, conditions: observed }),
  };
}
