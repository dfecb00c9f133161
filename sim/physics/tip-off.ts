import { closestPointOnBoundary } from "../geometry/polygon.ts";
import type { Box } from "../scene/schema.ts";
import { collides, type Obstacle } from "./collision.ts";
import type { PlacementObject } from "./placement-types.ts";
import { solidParts, type PartsOf } from "./solid-parts.ts";
import { snapDown, type Snap } from "./support.ts";
import { hypot2 } from "../geometry/hypot.ts";

/** How far past its own size an object may slide when it tips off, m. */
const TIP_REACH = 0.05;

/**
 * Most spots tried. Each try is a snap and a collision check over the supports, and the count otherwise
 * grows with the object's length over its width: a thin object 1e6 m long took seconds, one 1e300 m long
 * never finished (past 2^53 steps `s += step` stops growing). Ordinary objects need fewer (a square one
 * 5 to 14, a 1 m × 8 cm board 52) and are searched exactly as before; longer, thinner ones in coarser steps.
 */
export const MAX_TIP_STEPS = 64;

/**
 * Where an object that cannot balance ends up when it tips off its support, found without physics: it
 * slides horizontally away from its support polygon (from the polygon's nearest point through its centre
 * of mass, the side it would fall to) in steps of a quarter of its smaller side (coarser if that would
 * take more than {@link MAX_TIP_STEPS}), up to its own size plus {@link TIP_REACH}, and drops at the first
 * spot where it rests balanced without cutting into an obstacle.
 * Null when there is no such spot (it is wedged in): the caller then lets physics decide.
 */
export function tipOff(
  snap: Snap,
  supports: readonly PlacementObject[],
  obstacles: readonly Obstacle[],
  partsOf: PartsOf = solidParts,
): Box | null {
  const { box, support } = snap;
  if (support.length === 0) return null;
  const edge = closestPointOnBoundary(support, box.center);
  let dx = box.center.x - edge.x;
  let dy = box.center.y - edge.y;
  let len = hypot2(dx, dy);
  if (len < 1e-9) {
    // Balanced on the very edge: fall away from the middle of the support.
    const mid = support.reduce((m, p) => ({ x: m.x + p.x / support.length, y: m.y + p.y / support.length }), { x: 0, y: 0 });
    dx = box.center.x - mid.x;
    dy = box.center.y - mid.y;
    len = hypot2(dx, dy);
    if (len < 1e-9) return null;
  }
  const reach = Math.max(box.size.x, box.size.y) + TIP_REACH;
  const step = Math.max(0.005, Math.min(box.size.x, box.size.y) / 4, reach / MAX_TIP_STEPS);
  for (let s = step, k = 0; s <= reach + 1e-9 && k < MAX_TIP_STEPS; s += step, k++) {
    const moved: Box = {
      center: { x: box.center.x + (dx / len) * s, y: box.center.y + (dy / len) * s, z: box.center.z },
      size: box.size,
      heading: box.heading,
    };
    const landed = snapDown(moved, supports, partsOf);
    if (landed.stable && !collides(landed.box, obstacles)) return landed.box;
  }
  return null;
}
