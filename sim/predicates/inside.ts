import { footprintFraction } from "../geometry/containment.ts";
import { interiorInto } from "../geometry/shape-model.ts";
import type { Box } from "../scene/schema.ts";
import { bottomZ, topZ } from "../geometry/vertical.ts";
import { INSIDE_FOOTPRINT_SHARE, INSIDE_TOLERANCE } from "./tolerances.ts";
import { relatable, type PredicateObject } from "./subject.ts";

/** The interior of the container under test ({@link interiorInto}): read only within one call, never kept. */
const scratchInterior: Box = { center: { x: 0, y: 0, z: 0 }, size: { x: 0, y: 0, z: 0 }, heading: 0 };

/**
 * `inside(a, b)`: `a` is in `b`'s interior ({@link interiorOf}: only containers have one — never a
 * table, solid or floor). `a`'s bottom lies in the cavity (from {@link INSIDE_TOLERANCE} below the
 * interior's floor to that much below its top, so an object on the rim of an open basket is not in it)
 * and at least {@link INSIDE_FOOTPRINT_SHARE} of `a`'s footprint is over the interior (oriented: a rotated
 * container's interior is turned with it). A tall bottle standing in a shallow basket is inside it.
 * Open or closed does not matter: what can be seen is decided elsewhere.
 */
export function inside(a: PredicateObject, b: PredicateObject): boolean {
  if (!relatable(a, b)) return false;
  const interior = interiorInto(b, scratchInterior);
  return interior !== null && insideInterior(a, b, interior);
}

/**
 * `inside(a, b)` with `b`'s interior already made (`interiorOf(b)`, not null): the placement search asks it of
 * every object near a container without making the interior again for each.
 */
export function insideInterior(a: PredicateObject, b: PredicateObject, interior: Box): boolean {
  if (!relatable(a, b)) return false;
  const bottom = bottomZ(a.box);
  if (bottom < bottomZ(interior) - INSIDE_TOLERANCE || bottom > topZ(interior) - INSIDE_TOLERANCE) return false;
  return footprintFraction(a.box, interior) >= INSIDE_FOOTPRINT_SHARE;
}
