import { boxDistance } from "../geometry/gap.ts";
import { partsOf } from "../geometry/shape-model.ts";
import { TOUCH_TOLERANCE } from "./tolerances.ts";
import { relatable, type PredicateObject } from "./subject.ts";

/**
 * `touching(a, b)`: some solid part of `a` is within {@link TOUCH_TOLERANCE} of some solid part of `b`
 * (iGibson `Touching` is a physics contact). Parts follow the shape model, so an apple floating in the
 * middle of a cabinet does not touch it, while one resting on its base does.
 */
export function touching(a: PredicateObject, b: PredicateObject): boolean {
  if (!relatable(a, b)) return false;
  if (boxDistance(a.box, b.box) > TOUCH_TOLERANCE) return false;
  const partsB = partsOf(b);
  return partsOf(a).some((pa) => partsB.some((pb) => boxDistance(pa, pb) <= TOUCH_TOLERANCE));
}
