import type { Box } from "../scene/schema.ts";
import type { Point2 } from "./navigation.ts";
import { hypot2 } from "../geometry/hypot.ts";

/** How far (horizontally, to its footprint) the agent can reach an object. */
export const REACH = 1.0;
/** Gap the agent keeps from an object's footprint when it navigates to it. */
export const STANDOFF = 0.4;

/**
 * The one reach rule, for every subpolicy: standing at `p`, the agent can work at (pick, place on, open,
 * toggle, …) an object when its footprint is within {@link REACH}. `navigate` only walks to points where
 * this holds, so "walked to X" always means X can be worked at.
 */
export function canReach(p: Point2, box: Box): boolean {
  return distanceToFootprint(p, box) <= REACH;
}

/** Horizontal distance from a point to an oriented box footprint (0 when inside). */
export function distanceToFootprint(p: Point2, box: Box): number {
  const c = Math.cos(-box.heading);
  const s = Math.sin(-box.heading);
  const dx = p.x - box.center.x;
  const dy = p.y - box.center.y;
  const lx = Math.abs(c * dx - s * dy) - box.size.x / 2;
  const ly = Math.abs(s * dx + c * dy) - box.size.y / 2;
  return hypot2(Math.max(lx, 0), Math.max(ly, 0));
}
