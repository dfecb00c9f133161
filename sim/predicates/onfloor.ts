import { footprintContainsPoint } from "../geometry/footprint.ts";
import { effectiveShape } from "../geometry/shape-model.ts";
import { bottomZ, topZ } from "../geometry/vertical.ts";
import { REST_TOLERANCE } from "./tolerances.ts";
import { relatable, type PredicateObject } from "./subject.ts";

/**
 * `onfloor(a, floor)`: `floor` is a floor object (shape `floor`, whose footprint is its room's), `a`'s
 * bottom is within {@link REST_TOLERANCE} of the floor's top, and `a`'s centre is over that floor — so
 * an object resting on the kitchen floor is not on the living-room floor (iGibson `OnFloor`: touching
 * the floor and in the floor's room).
 */
export function onfloor(a: PredicateObject, floor: PredicateObject): boolean {
  if (!relatable(a, floor) || effectiveShape(floor) !== "floor") return false;
  if (Math.abs(bottomZ(a.box) - topZ(floor.box)) > REST_TOLERANCE) return false;
  return footprintContainsPoint(floor.box, a.box.center);
}
