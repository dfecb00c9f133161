import { PREDICATES, evaluatePredicate } from "../predicates/index.ts";
import type { SimObject } from "./sim-object.ts";
import type { World } from "./world.ts";

/** True when the simulator can evaluate a BDDL predicate of this name. */
export function isSupportedPredicate(name: string): boolean {
  return Object.hasOwn(PREDICATES, name);
}

/** Evaluates a binary relation between two objects from their geometry (`inroom` is handled by the caller). */
export function testRelation(_world: World, pred: string, a: SimObject, b: SimObject): boolean {
  return evaluatePredicate(pred, [a, b]);
}
