/**
 * soleSupportIndex as it was at e7f02ee (every static copied into one list by the caller; the exact distance
 * tested before the side-on test), kept to hold the current version to it; with the rule added since, written
 * plainly: a face level with the pose's bottom beside its footprint does not count against a footprint wholly
 * on its support.
 */
import { footprintWithin } from "../../../../sim/geometry/containment.ts";
import { footprintBounds } from "../../../../sim/geometry/footprint.ts";
import { boxDistance, footprintSeparation } from "../../../../sim/geometry/gap.ts";
import { bottomZ, topZ, zOverlap } from "../../../../sim/geometry/vertical.ts";
import { CONTACT_DISTANCE, MIN_BALANCE_MARGIN, overhangHolds, type StaticPart } from "../../../../sim/physics/analytic-drop.ts";
import type { Box } from "../../../../sim/scene/schema.ts";

const LEVEL_TOLERANCE = 1e-9;
const WITHIN_TOLERANCE = 1e-9;
const PLAN_TOLERANCE = 1e-9;
const SIDE_BAND = CONTACT_DISTANCE;

export function soleSupportIndexV1(pose: Box, statics: readonly StaticPart[]): number {
  if (Math.min(pose.size.x, pose.size.y) / 2 < MIN_BALANCE_MARGIN) return -1;
  const bottom = bottomZ(pose);
  const top = topZ(pose);
  const r = footprintBounds(pose);
  // Bounds further apart than the contact distance (with room for rounding) cannot hold boxes within it.
  const reach = CONTACT_DISTANCE + 1e-9;
  let support = -1;
  const levelBeside: number[] = [];
  for (let i = 0; i < statics.length; i++) {
    const { part, bounds: b } = statics[i]!;
    if (bottomZ(part) - top > reach || bottom - topZ(part) > reach) continue;
    if (b.minX - r.maxX > reach || r.minX - b.maxX > reach || b.minY - r.maxY > reach || r.minY - b.maxY > reach) continue;
    if (Math.abs(topZ(part) - bottom) <= LEVEL_TOLERANCE) {
      if (footprintWithin(pose, part, WITHIN_TOLERANCE) || overhangHolds(pose, part)) {
        if (support >= 0) return -1;
        support = i;
        continue;
      }
      if (footprintSeparation(part, pose) >= -PLAN_TOLERANCE) {
        levelBeside.push(i);
        continue;
      }
    }
    if (boxDistance(part, pose) <= CONTACT_DISTANCE && !touchesSideOn(pose, part)) return -1;
  }
  if (levelBeside.length > 0 && support >= 0 && !footprintWithin(pose, statics[support]!.part, WITHIN_TOLERANCE)) return -1;
  return support;
}

function touchesSideOn(pose: Box, part: Box): boolean {
  return footprintSeparation(part, pose) >= -PLAN_TOLERANCE && zOverlap(part, pose) > SIDE_BAND;
}
