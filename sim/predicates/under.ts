import { effectiveShape, undersideZ } from "../geometry/shape-model.ts";
import { topZ } from "../geometry/vertical.ts";
import { overlapsEnough } from "./ontop.ts";
import { UNDER_TOLERANCE } from "./tolerances.ts";
import { relatable, type PredicateObject } from "./subject.ts";

/**
 * `under(a, b)`: `a` is below `b` with overlapping footprints (iGibson `Under`: `b` above `a` and not below).
 * "Below" means `a`'s top is no higher than `b`'s underside (+{@link UNDER_TOLERANCE}); the underside of
 * a table is its top slab, so things in its leg space are under it, while for any other shape it is the
 * box bottom. Footprints must overlap by the same share as `ontop`. Nothing is under a floor.
 */
export function under(a: PredicateObject, b: PredicateObject): boolean {
  if (!relatable(a, b) || effectiveShape(b) === "floor") return false;
  if (topZ(a.box) > undersideZ(b) + UNDER_TOLERANCE) return false;
  return overlapsEnough(a, b);
}
