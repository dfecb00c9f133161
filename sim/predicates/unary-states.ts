import { STATES, type StateName } from "../scene/schema.ts";
import type { PredicateObject } from "./subject.ts";

/**
 * Unary predicates read the object's `states` map: `open`, `toggled_on`, `dusty`, `stained`, `soaked`,
 * `cooked`, `burnt`, `frozen`, `sliced`, `dirty`, `folded`, `hot`. A state absent from the map is false. These hold for
 * held objects too (an apple in hand can be sliced).
 */
export const UNARY_STATES: readonly StateName[] = STATES;

/** True when `state` is set on `a`. */
export function hasState(a: PredicateObject, state: StateName): boolean {
  return a.states[state] === true;
}
