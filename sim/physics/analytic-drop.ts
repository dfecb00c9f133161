import { footprintWithin } from "../geometry/containment.ts";
import { footprintBounds, type Rect2 } from "../geometry/footprint.ts";
import { boxDistance, footprintSeparation } from "../geometry/gap.ts";
import { bottomZ, topZ, zOverlap } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import { COLLISION_MARGIN } from "./physics-constants.ts";

/**
 * A solid other than the support closer than this to the pose leaves the outcome to physics, m. It is the
 * distance the placement search itself treats as resting contact ({@link COLLISION_MARGIN}).
 */
export const CONTACT_DISTANCE = COLLISION_MARGIN;
/** The support face must be level with the pose's bottom within this (rounding only), m. */
const LEVEL_TOLERANCE = 1e-9;
/** The footprint may stick out of the support face by this (rounding only), m. */
const WITHIN_TOLERANCE = 1e-9;
/**
 * A box within contact distance may overlap the pose's footprint by this in plan view and still count as
 * beside it (rounding only: the search tolerates more, `SIDE_MARGIN` in collision.ts, but that is a
 * penetration physics would push apart), m.
 */
const PLAN_TOLERANCE = 1e-9;
/**
 * A box within contact distance is side-on when it shares more than this of the pose's height (a band of
 * vertical face, so the contact normal is horizontal); one only level with the pose's bottom or top edge,
 * or just below or above it, is left to physics, m.
 */
const SIDE_BAND = CONTACT_DISTANCE;
/**
 * The centre of mass must lie at least this far inside the support face's edges, m. With the whole footprint
 * on the face the centre is at least half the smaller side inside it, so this only turns away boxes with a
 * side under 2 mm (degenerate slivers, which physics rejects or accepts by jitter).
 */
export const MIN_BALANCE_MARGIN = 1e-3;

/** A fixed box and its footprint bounds (an obstacle part of the placement search satisfies it). */
export interface StaticPart {
  part: Box;
  bounds: Rect2;
}

/** A fixed box with its bounds computed. */
export function staticPart(part: Box): StaticPart {
  return { part, bounds: footprintBounds(part) };
}

/**
 * When dropping `pose` onto the fixed boxes `statics` has a certain outcome, the index of the one box it
 * rests on; else -1 (physics must decide). The outcome is certain when:
 *
 * - exactly one box has its top face level with the pose's bottom under the pose, and the pose's whole
 *   footprint lies on that face (not straddling an edge or two faces), so its centre of mass is over the
 *   face with a margin of at least half its smaller side, and at least {@link MIN_BALANCE_MARGIN};
 * - every other box is farther than {@link CONTACT_DISTANCE} from the pose, or touches it only side-on
 *   ({@link touchesSideOn}: a neighbour or container wall flush against it or within contact distance,
 *   its footprint not overlapping the pose's, sharing a band of its vertical sides). A lid or shelf over
 *   the footprint, a second face or step under or beside its bottom edge, or anything cutting into it
 *   leaves the outcome to physics.
 *
 * Boxes only turn about +z, so the face is level, the pose upright and its sides vertical by construction:
 * dropped from just above, a perfect solver leaves it exactly where it is (resting at the face's top plus
 * half its height, heading unchanged). A side-on contact against a fixed box that does not cut into it
 * carries no load: its normal is horizontal (no vertical force), and nothing pushes the pose into it, so
 * friction on the face holds it. Whether the support itself stays put is the caller's question.
 */
export function soleSupportIndex(pose: Box, statics: readonly StaticPart[]): number {
  if (Math.min(pose.size.x, pose.size.y) / 2 < MIN_BALANCE_MARGIN) return -1;
  const bottom = bottomZ(pose);
  const top = topZ(pose);
  const r = footprintBounds(pose);
  // Bounds further apart than the contact distance (with room for rounding) cannot hold boxes within it.
  const reach = CONTACT_DISTANCE + 1e-9;
  let support = -1;
  for (let i = 0; i < statics.length; i++) {
    const { part, bounds: b } = statics[i]!;
    if (bottomZ(part) - top > reach || bottom - topZ(part) > reach) continue;
    if (b.minX - r.maxX > reach || r.minX - b.maxX > reach || b.minY - r.maxY > reach || r.minY - b.maxY > reach) continue;
    if (Math.abs(topZ(part) - bottom) <= LEVEL_TOLERANCE && footprintWithin(pose, part, WITHIN_TOLERANCE)) {
      if (support >= 0) return -1;
      support = i;
      continue;
    }
    if (boxDistance(part, pose) <= CONTACT_DISTANCE && !touchesSideOn(pose, part)) return -1;
  }
  return support;
}

/**
 * True when `part` (within contact distance of `pose`) can touch it only on its vertical sides: their
 * footprints do not overlap (beyond rounding), so nothing of it is above or below the pose's footprint,
 * and it shares more than {@link SIDE_BAND} of the pose's height, so the contact is face to face, not at
 * the pose's bottom or top edge.
 */
function touchesSideOn(pose: Box, part: Box): boolean {
  return footprintSeparation(part, pose) >= -PLAN_TOLERANCE && zOverlap(part, pose) > SIDE_BAND;
}
