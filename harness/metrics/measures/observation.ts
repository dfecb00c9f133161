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
  let objects = new Set<string>();
  let observed = new Set<number>();
  // per condition, how many of the distinct objects it names are not observed yet; per object, the
  // conditions still waiting for it: a step costs its newly observed objects, not every condition again
  let missing: number[] = [];
  let waiting = new Map<string, number[]>();
  return {
    id: OBSERVED.id,
    dependsOn: [],
    reported: false,
    reset(header) {
      objects = new Set(header.initiallyObserved);
      observed = new Set();
      missing = [];
      waiting = new Map();
      header.conditions.forEach((c: ConditionInfo, i) => {
        let n = 0;
        for (const o of new Set(c.objects)) {
          if (objects.has(o)) continue;
          n++;
          const list = waiting.get(o);
          if (list) list.push(i);
          else waiting.set(o, [i]);
        }
        missing.push(n);
        if (n === 0) observed.add(i);
      });
    },
    update(step) {
      if (step.observed.length === 0) return;
      let completed: number[] | null = null;
      for (const o of step.observed) {
        if (objects.has(o)) continue;
        objects.add(o);
        const list = waiting.get(o);
        if (!list) continue;
        waiting.delete(o);
        for (const i of list) if (--missing[i]! === 0) (completed ??= []).push(i);
      }
      // in condition order, as a pass over every condition adds them
      if (completed) for (const i of completed.length > 1 ? completed.sort((a, b) => a - b) : completed) observed.add(i);
    },
    finish() {},
    value: () => ({ objects, conditions: observed }),
  };
}
