import { footprintBounds, footprintContainsPoint, footprintCorners, type Point2 } from "../geometry/footprint.ts";
import { clipConvex, convexHull, convexPolygonContains } from "../geometry/polygon.ts";
import { bottomZ } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import { GROUND_Z, type PlacementObject } from "./placement-types.ts";
import { solidParts, type PartsOf, type SolidPart } from "./solid-parts.ts";
import { hypot2 } from "../geometry/hypot.ts";

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
  const rested: Box = { center: { x: box.center.x, y: box.center.y, z: level + box.size.z / 2 }, size: box.size, heading: box.heading };
  const holding = faces.filter((f) => f.top >= level - SUPPORT_LEVEL_TOLERANCE);
  if (holding.length === 0) return { box: rested, stable: true, support: [] };
  const support = convexHull(holding.flatMap((f) => f.contact));
  return { box: rested, stable: convexPolygonContains(support, box.center, BALANCE_TOLERANCE), support };
}

/** Scratch for {@link restsInPlace}: the contact polygons of the faces under a box, and their tops (it never calls itself). */
const scratchContacts: Point2[][] = [];
const scratchTops: number[] = [];
/** A face's contact polygon holds the centre when it lies left of every edge by more than this, m (rounding only). */
const CLEAR_INSIDE = 1e-9;

/**
 * Whether {@link snapDownOnParts} would leave `box` where it is (its centre height within `tolerance`) and stable:
 * the question a placement search asks of every candidate, answered without building the snap. The level
 * and the faces under the box are found as it finds them; the support polygon (the convex hull of where
 * the footprint meets the faces at that level) is only built when no single face's contact clearly holds
 * the centre. When one does, the centre lies inside the hull, so it is within the balance tolerance of it.
 */
export function restsInPlace(box: Box, parts: readonly SolidPart[], tolerance = 1e-9): boolean {
  // a box with no footprint area is tested by its centre: rare, left to the full snap
  if (box.size.x * box.size.y === 0) {
    const snap = snapDownOnParts(box, parts);
    return snap.stable && Math.abs(snap.box.center.z - box.center.z) <= tolerance;
  }
  const limit = bottomZ(box) + Math.max(box.size.z / 2, MIN_RISE);
  const bounds = footprintBounds(box);
  let corners: Point2[] | null = null;
  let n = 0;
  let level = -Infinity;
  let hasFloor = false;
  for (const p of parts) {
    if (p.top > limit) continue;
    const b = p.bounds;
    if (b.minX >= bounds.maxX || bounds.minX >= b.maxX || b.minY >= bounds.maxY || bounds.minY >= b.maxY) continue;
    const contact = clipConvex((corners ??= footprintCorners(box)), p.corners);
    if (contact.length < 3) continue;
    scratchContacts[n] = contact;
    scratchTops[n] = p.top;
    n++;
    level = Math.max(level, p.top);
    if (p.floor) hasFloor = true;
  }
  if (!hasFloor && level < GROUND_Z) level = GROUND_Z;
  const stays = Math.abs(level + box.size.z / 2 - box.center.z) <= tolerance;
  let holding = 0;
  let clear = false;
  if (stays) {
    for (let i = 0; i < n; i++) {
      if (!(scratchTops[i]! >= level - SUPPORT_LEVEL_TOLERANCE)) continue;
      holding++;
      if (!clear && clearlyInside(scratchContacts[i]!, box.center)) clear = true;
    }
  }
  let result = stays && (holding === 0 || clear);
  if (stays && !result) {
    const points: Point2[] = [];
    for (let i = 0; i < n; i++) if (scratchTops[i]! >= level - SUPPORT_LEVEL_TOLERANCE) for (const q of scratchContacts[i]!) points.push(q);
    result = convexPolygonContains(convexHull(points), box.center, BALANCE_TOLERANCE);
  }
  for (let i = 0; i < n; i++) scratchContacts[i] = EMPTY;
  return result;
}

const EMPTY: Point2[] = [];

/** True when `p` lies left of every edge of the polygon (of non-zero length) by more than {@link CLEAR_INSIDE}. */
function clearlyInside(poly: readonly Point2[], p: Point2): boolean {
  let edges = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const len = hypot2(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    if (((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len <= CLEAR_INSIDE) return false;
    edges++;
  }
  return edges >= 3;
}

/** Owners' footprint bounds may be this much tighter than their parts' own bounds (rounding only), m. */
const PART_SLACK = 1e-6;

/**
 * {@link restsInPlace} on the parts of `supports` ({@link snapDown}'s question: stable, and within
 * `tolerance` of where it is), looking up the parts only of supports whose footprint bounds come near
 * the box's: a part lies within its owner's footprint, so the others have no part under the box.
 */
export function staysOn(box: Box, supports: readonly PlacementObject[], partsOf: PartsOf, tolerance: number): boolean {
  const r = footprintBounds(box);
  const parts: SolidPart[] = [];
  for (const s of supports) {
    const b = s.box;
    // footprintBounds(b), inlined: no rectangle per support
    const c = Math.abs(Math.cos(b.heading));
    const sn = Math.abs(Math.sin(b.heading));
    const hx = (c * b.size.x + sn * b.size.y) / 2;
    const hy = (sn * b.size.x + c * b.size.y) / 2;
    if (b.center.x - hx - r.maxX > PART_SLACK || r.minX - (b.center.x + hx) > PART_SLACK) continue;
    if (b.center.y - hy - r.maxY > PART_SLACK || r.minY - (b.center.y + hy) > PART_SLACK) continue;
    for (const p of partsOf(s)) parts.push(p);
  }
  return restsInPlace(box, parts, tolerance);
}
