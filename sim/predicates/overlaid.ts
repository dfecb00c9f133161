import { footprintOverlapArea } from "../geometry/footprint-overlap.ts";
import { footprintContainsPoint } from "../geometry/footprint.ts";
import type { Box } from "../scene/schema.ts";
import { ontop } from "./ontop.ts";
import { relatable, type PredicateObject } from "./subject.ts";

/** Share of `b`'s footprint that `a` must cover (OmniGibson's `Overlaid`: `OVERLAP_AREA_PERCENTAGE`). */
export const OVERLAID_COVER = 0.5;

/**
 * `overlaid(a, b)`: a cloth `a` spread over `b` (a tablecloth on a table, a sheet on a bed, a napkin over a
 * knife). As OmniGibson's `Overlaid`: `a` rests on `b` ({@link ontop}: OmniGibson asks for touching; lying on its
 * top is the touching a spread cloth does), its footprint covers more than {@link OVERLAID_COVER} of `b`'s, and
 * `b`'s centre lies under `a` (OmniGibson intersects the two hulls from that point). A cloth the box model makes
 * flat covers what is below it as far as its footprint reaches; how it hangs over the edges does not count.
 */
export function overlaid(a: PredicateObject, b: PredicateObject): boolean {
  return relatable(a, b) && ontop(a, b) && coversFootprint(a.box, b.box);
}

/** The coverage test of {@link overlaid}: `cloth`'s footprint covers more than {@link OVERLAID_COVER} of `thing`'s, and its centre. */
export function coversFootprint(cloth: Box, thing: Box): boolean {
  const area = thing.size.x * thing.size.y;
  return area > 0 && footprintOverlapArea(cloth, thing) > OVERLAID_COVER * area && footprintContainsPoint(cloth, thing.center, 1e-9);
}
