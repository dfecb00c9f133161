import { footprintOverlapArea } from "../geometry/footprint-overlap.ts";
import { bottomZ, topZ } from "../geometry/vertical.ts";
import { MIN_FOOTPRINT_OVERLAP, REST_TOLERANCE } from "./tolerances.ts";
import { relatable, type PredicateObject } from "./subject.ts";

/**
 * `ontop(a, b)`: `a` rests on `b`'s top face — `a`'s bottom is within {@link REST_TOLERANCE} of `b`'s top
 * and their footprints overlap by at least {@link MIN_FOOTPRINT_OVERLAP} of the smaller one
 * (iGibson `OnTop`: touching, with `b` below and not above). Contact decides, so in a stack of three
 * the top is on the middle and not on the bottom, and an object straddling two surfaces of the same
 * height is on both. Things in a container's cavity rest on its base, not its top: they are `inside`.
 * Any shape has a top face, the floor included (BEHAVIOR-1K writes `ontop x floor`).
 */
export function ontop(a: PredicateObject, b: PredicateObject): boolean {
  if (!relatable(a, b)) return false;
  if (Math.abs(bottomZ(a.box) - topZ(b.box)) > REST_TOLERANCE) return false;
  return overlapsEnough(a, b);
}

/** Footprints overlap by at least {@link MIN_FOOTPRINT_OVERLAP} of the smaller footprint (and by something). */
export function overlapsEnough(a: PredicateObject, b: PredicateObject): boolean {
  const overlap = footprintOverlapArea(a.box, b.box);
  const smaller = Math.min(a.box.size.x * a.box.size.y, b.box.size.x * b.box.size.y);
  return overlap > 0 && overlap >= MIN_FOOTPRINT_OVERLAP * smaller;
}
