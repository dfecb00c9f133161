import { footprintWithin } from "../geometry/containment.ts";
import { footprintBounds, footprintCorners, type Rect2 } from "../geometry/footprint.ts";
import { boxDistance, footprintSeparation } from "../geometry/gap.ts";
import { clipConvex, insideMargin } from "../geometry/polygon.ts";
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

/**
 * An overhanging box (its footprint partly off the one face it rests on) is only decided without physics
 * within the range where cannon-es was shown to accept it (`analytic-drop.test.ts`): sides of at least
 * this, m …
 */
export const OVERHANG_MIN_SIDE = 0.05;
/** … and at most this, m … */
export const OVERHANG_MAX_SIDE = 0.6;
/** … no longer than this many times its width … */
export const OVERHANG_MAX_ASPECT = 4;
/**
 * … with its centre at least this far inside where its footprint meets the face, m, and at least
 * {@link OVERHANG_MARGIN_SHARE} of its smaller side and of its height. cannon-es turned down overhangs
 * (tall boxes tipping, long boards see-sawing) only with the centre under 1 cm inside, most under 5 mm.
 */
export const OVERHANG_MIN_MARGIN = 0.012;
export const OVERHANG_MARGIN_SHARE = 0.1;

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
 *   face with a margin of at least half its smaller side, and at least {@link MIN_BALANCE_MARGIN}; or the
 *   footprint overhangs that face's edge, but the box is of a moderate size and shape (sides
 *   {@link OVERHANG_MIN_SIDE}–{@link OVERHANG_MAX_SIDE}, at most {@link OVERHANG_MAX_ASPECT}:1) and its
 *   centre lies well inside where its footprint meets the face ({@link overhangHolds});
 * - every other box is farther than {@link CONTACT_DISTANCE} from the pose, or touches it only side-on
 *   ({@link touchesSideOn}: a neighbour or container wall flush against it or within contact distance,
 *   its footprint not overlapping the pose's, sharing a band of its vertical sides), or, for a footprint
 *   wholly on its face, is a face level with that one beside the footprint (a counter flush against the
 *   stove the pose stands on, the floor of the next room), its footprint not overlapping the pose's. A lid
 *   or shelf over the footprint, a second face under it (straddled), a step beside its bottom edge, or
 *   anything cutting into it leaves the outcome to physics.
 *
 * `extra`, when given, is one more box after `statics` (index `statics.length`): a caller with a shared
 * list and one box of its own (the floor plane's slab) need not copy the list to add it.
 *
 * Boxes only turn about +z, so the face is level, the pose upright and its sides vertical by construction:
 * dropped from just above, a perfect solver leaves it exactly where it is (resting at the face's top plus
 * half its height, heading unchanged); an overhanging one too, its weight over the contact, as long as
 * nothing is within contact distance under the overhang. A side-on contact against a fixed box that does not cut into it
 * carries no load: its normal is horizontal (no vertical force), and nothing pushes the pose into it, so
 * friction on the face holds it. Whether the support itself stays put is the caller's question.
 */
export function soleSupportIndex(pose: Box, statics: readonly StaticPart[], extra?: StaticPart): number {
  if (Math.min(pose.size.x, pose.size.y) / 2 < MIN_BALANCE_MARGIN) return -1;
  const bottom = bottomZ(pose);
  const top = topZ(pose);
  const r = footprintBounds(pose);
  // Bounds further apart than the contact distance (with room for rounding) cannot hold boxes within it.
  const reach = CONTACT_DISTANCE + 1e-9;
  let support = -1;
  let supportWhole = false;
  let levelBeside = false;
  const n = statics.length;
  for (let i = 0, end = extra ? n + 1 : n; i < end; i++) {
    const { part, bounds: b } = i < n ? statics[i]! : extra!;
    if (bottomZ(part) - top > reach || bottom - topZ(part) > reach) continue;
    if (b.minX - r.maxX > reach || r.minX - b.maxX > reach || b.minY - r.maxY > reach || r.minY - b.maxY > reach) continue;
    if (Math.abs(topZ(part) - bottom) <= LEVEL_TOLERANCE) {
      const whole = footprintWithin(pose, part, WITHIN_TOLERANCE);
      if (whole || overhangHolds(pose, part)) {
        if (support >= 0) return -1;
        support = i;
        supportWhole = whole;
        continue;
      }
      // a level face beside the footprint, not under it (a counter flush against the stove, the next room's
      // floor): it meets the bottom edge in the support face's plane, so there is no step to rock on
      if (footprintSeparation(part, pose) >= -PLAN_TOLERANCE) {
        levelBeside = true;
        continue;
      }
    }
    // side-on first: both are pure, and it is the cheaper test (one separating-axis pass, where the exact
    // distance makes corner lists and measures every vertex against every edge), so walls and neighbours
    // flush against the pose skip the distance
    if (!touchesSideOn(pose, part) && boxDistance(part, pose) <= CONTACT_DISTANCE) return -1;
  }
  // the level face beside is only ruled on for a footprint wholly on its support (what cannon-es was shown to
  // keep, `analytic-drop.test.ts`); beside an overhang, physics decides
  return levelBeside && !supportWhole ? -1 : support;
}

/**
 * True when `pose`, resting level on `part`'s top face with its footprint partly off it, is a box of a
 * size and shape the overhang rule covers and its centre lies at least the overhang margin inside the
 * polygon where its footprint meets the face ({@link OVERHANG_MIN_MARGIN}, {@link OVERHANG_MARGIN_SHARE}).
 */
export function overhangHolds(pose: Box, part: Box): boolean {
  const { x, y, z } = pose.size;
  const small = Math.min(x, y);
  const large = Math.max(x, y);
  if (small < OVERHANG_MIN_SIDE || large > OVERHANG_MAX_SIDE || large > OVERHANG_MAX_ASPECT * small) return false;
  const need = Math.max(OVERHANG_MIN_MARGIN, OVERHANG_MARGIN_SHARE * small, OVERHANG_MARGIN_SHARE * z);
  const contact = clipConvex(footprintCorners(pose), footprintCorners(part));
  return contact.length >= 3 && insideMargin(contact, pose.center) >= need;
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
