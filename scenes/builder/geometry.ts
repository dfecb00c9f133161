/**
 * Box arithmetic the scene builder and the bundled-content tests share: tops and bottoms of oriented boxes,
 * footprint containment and overlap (separating axes), and the "rests on / rests in" tests that mirror the
 * simulator's support rules. Boxes are yaw-only (heading about +z), sizes are full extents.
 */
import { footprintCorners as simFootprintCorners, fromBoxFrame, toBoxFrame } from "../../sim/geometry/footprint.ts";
import type { Box } from "../../sim/scene/schema.ts";

/** Tolerance for "equal heights" and "touching is not overlapping". */
export const EPS = 1e-6;

/** A point on the floor plane. */
export interface XY {
  x: number;
  y: number;
}

/** Height of the box's top face. */
export function top(box: Box): number {
  return box.center.z + box.size.z / 2;
}

/** Height of the box's bottom face. */
export function bottom(box: Box): number {
  return box.center.z - box.size.z / 2;
}

/** Expresses a world floor-plane point in the box's local frame (origin at its centre, axes along its sides). */
export function toLocal(p: XY, box: Box): XY {
  return toBoxFrame(box, p);
}

/** Turns an offset given in the box's local frame into a world point. */
export function toWorld(offset: XY, box: Box): XY {
  return fromBoxFrame(box, offset);
}

/** The four corners of the box's footprint, in world coordinates (the simulator's own corner rule). */
export const footprintCorners: (box: Box) => XY[] = simFootprintCorners;

/**
 * True when `inner`'s footprint lies within `outer`'s footprint shrunk by `inset` on every side
 * (the interior of a container with walls `inset` thick).
 */
export function footprintWithin(inner: Box, outer: Box, inset = 0): boolean {
  const hx = outer.size.x / 2 - inset;
  const hy = outer.size.y / 2 - inset;
  return footprintCorners(inner).every((p) => {
    const l = toLocal(p, outer);
    return Math.abs(l.x) <= hx + EPS && Math.abs(l.y) <= hy + EPS;
  });
}

/**
 * How deep two footprints interpenetrate along the separating axis that separates them best
 * (≤ 0 when they are apart or only touch). Separating-axis test on the four side normals.
 */
export function footprintPenetration(a: Box, b: Box): number {
  const ca = footprintCorners(a);
  const cb = footprintCorners(b);
  let least = Infinity;
  for (const heading of [a.heading, a.heading + Math.PI / 2, b.heading, b.heading + Math.PI / 2]) {
    const axis = { x: Math.cos(heading), y: Math.sin(heading) };
    const pa = ca.map((p) => p.x * axis.x + p.y * axis.y);
    const pb = cb.map((p) => p.x * axis.x + p.y * axis.y);
    const overlap = Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb));
    least = Math.min(least, overlap);
  }
  return least;
}

/** True when the footprints share area (touching edges do not count). */
export function footprintsOverlap(a: Box, b: Box): boolean {
  return footprintPenetration(a, b) > EPS;
}

/** True when the two boxes share volume (faces that only touch do not count). */
export function boxesIntersect(a: Box, b: Box): boolean {
  const zOverlap = Math.min(top(a), top(b)) - Math.max(bottom(a), bottom(b));
  return zOverlap > EPS && footprintsOverlap(a, b);
}

/** The simulator's `ontop` support rule: the item's bottom is the support's top and the footprints overlap. */
export function restsOn(item: Box, support: Box): boolean {
  return Math.abs(bottom(item) - top(support)) <= EPS && footprintsOverlap(item, support);
}

/**
 * The simulator's `inside` rule for a hollow container with walls and base `wall` thick: the item lies
 * within the interior and sits on the interior base.
 */
export function restsIn(item: Box, container: Box, wall: number): boolean {
  return (
    Math.abs(bottom(item) - (bottom(container) + wall)) <= EPS &&
    top(item) <= top(container) + EPS &&
    footprintWithin(item, container, wall)
  );
}

/** Rounds to micrometres so generated files hold short, exact-looking numbers. */
export function round6(x: number): number {
  const r = Math.round(x * 1e6) / 1e6;
  return Object.is(r, -0) ? 0 : r;
}
