import { horizontalGap } from "../geometry/gap.ts";
import { effectiveShape } from "../geometry/shape-model.ts";
import { zGap } from "../geometry/vertical.ts";
import { inside } from "./inside.ts";
import { ontop } from "./ontop.ts";
import { under } from "./under.ts";
import { NEXTTO_GAP_RATIO, TOUCH_TOLERANCE } from "./tolerances.ts";
import { relatable, type PredicateObject } from "./subject.ts";
import type { Box } from "../scene/schema.ts";

/** Largest horizontal gap (m) at which `a` and `b` still count as next to each other. */
export function nexttoThreshold(a: PredicateObject, b: PredicateObject): number {
  return nexttoGapFor(a.box, b.box);
}

/** {@link nexttoThreshold} of two boxes (an agent reads it off the boxes it observed). */
export function nexttoGapFor(a: Box, b: Box): number {
  // the sums written out, not a local arrow: tsx names each closure it makes (keepNames) at a call's cost
  const p = a.size;
  const q = b.size;
  return ((p.x + p.y + p.z + (q.x + q.y + q.z)) / 3) * NEXTTO_GAP_RATIO;
}

/**
 * `nextto(a, b)`: side by side — the horizontal gap between the oriented footprints is at most
 * {@link nexttoThreshold} (iGibson `NextTo`: a sixth of the mean extent), their height ranges overlap
 * (or meet within {@link TOUCH_TOLERANCE}), and neither is on, in or under the other. Symmetric.
 * Nothing is next to a floor.
 */
export function nextto(a: PredicateObject, b: PredicateObject): boolean {
  if (!relatable(a, b) || effectiveShape(a) === "floor" || effectiveShape(b) === "floor") return false;
  if (zGap(a.box, b.box) > TOUCH_TOLERANCE) return false;
  if (horizontalGap(a.box, b.box) > nexttoThreshold(a, b)) return false;
  return !(ontop(a, b) || ontop(b, a) || inside(a, b) || inside(b, a) || under(a, b) || under(b, a));
}
