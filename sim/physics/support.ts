import { footprintBounds, footprintContainsPoint, footprintCorners, type Point2 } from "../geometry/footprint.ts";
import { clipConvex, convexHull, convexPolygonContains } from "../geometry/polygon.ts";
import { bottomZ } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import { GROUND_Z, type PlacementObject } from "./placement-types.ts";
import { solidParts, type PartsOf, type SolidPart } from "./solid-parts.ts";

/** Surfaces above an object's centre are never its support (it is beside or under them), m. */
const MIN_RISE = 0.002;
/** Support faces within this of the highest one hold the object up together, m. */
const SUPPORT_LEVEL_TOLERANCE = 0.002;
/** The centre may lie this far outside the support polygon and still count as held, m. */
const BALANCE_TOLERANCE = 1e-3;

/** Where a box comes to rest dropped straight down, and whether it stays there. */
export interface Snap {
  /** The box moved vertically so that it rests on the highest support under it. */
  box: Box;
  /** True when its centre is over the support polygon (or it rests on the bare floor plane). */
  stable: boolean;
  /** The support polygon: hull of where its footprint meets the faces it rests on; empty on the floor plane. */
  support: Point2[];
}

/**
 * Drops `box` straight down (or lifts it, if it is sunk into a support by less than half its height) onto
 * the highest solid part of `supports` under its footprint, or onto the floor plane at {@link GROUND_Z}
 * where no floor object is under it. It is statically stable when its centre lies over the convex hull
 * of where its footprint meets the faces it rests on: a box then cannot tip.
 */
export function snapDown(box: Box, supports: readonly PlacementObject[], partsOf: PartsOf = solidParts): Snap {
  const parts: SolidPart[] = [];
  for (const s of supports) for (const p of partsOf(s)) parts.push(p);
  return snapDownOnParts(box, parts);
}

/**
 * {@link snapDown} onto a list of prepared solid parts (the supports' parts, in order, as
 * `obstaclesOf` lists them): a search that snaps many candidates onto the same supports lists them once.
 */
export function snapDownOnParts(box: Box, parts: readonly SolidPart[]): Snap {
  const limit = bottomZ(box) + Math.max(box.size.z / 2, MIN_RISE);
  const bounds = footprintBounds(box);
  const pointLike = box.size.x * box.size.y === 0;
  // made when a part first overlaps the box's bounds: most parts near a candidate do not
  let corners: Point2[] | null = null;
  const faces: { top: number; contact: Point2[] }[] = [];
  let hasFloor = false;
  for (const p of parts) {
    if (p.top > limit) continue;
    const b = p.bounds;
    if (b.minX >= bounds.maxX || bounds.minX >= b.maxX || b.minY >= bounds.maxY || bounds.minY >= b.maxY) continue;
    const contact = pointLike ? null : clipConvex((corners ??= footprintCorners(box)), p.corners);
    if (pointLike ? !footprintContainsPoint(p.part, box.center) : contact!.length < 3) continue;
    faces.push({ top: p.top, contact: contact ?? [box.center] });
    if (p.floor) hasFloor = true;
  }
  let level = faces.reduce((m, f) => Math.max(m, f.top), -Infinity);
  // The floor plane holds up anything that has no floor object under it.
  if (!hasFloor && level < GROUND_Z) level = GROUND_Z;
  const rested: Box = { center: { ...box.center, z: level + box.size.z / 2 }, size: box.size, heading: box.heading };
  const holding = faces.filter((f) => f.top >= level - SUPPORT_LEVEL_TOLERANCE);
  if (holding.length === 0) return { box: rested, stable: true, support: [] };
  const support = convexHull(holding.flatMap((f) => f.contact));
  return { box: rested, stable: convexPolygonContains(support, box.center, BALANCE_TOLERANCE), support };
}
