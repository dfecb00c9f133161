import type { Box } from "../scene/schema.ts";

/** A point on the floor plane (x, y), metres. */
export interface Point2 {
  x: number;
  y: number;
}

/** Axis-aligned bounds on the floor plane. */
export interface Rect2 {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The four corners of a box's footprint (its projection on the floor plane), counter-clockwise.
 * Boxes only turn about +z, so every box is a vertical prism over this rectangle.
 */
export function footprintCorners(box: Box): Point2[] {
  const c = Math.cos(box.heading);
  const s = Math.sin(box.heading);
  const hx = box.size.x / 2;
  const hy = box.size.y / 2;
  const cx = box.center.x;
  const cy = box.center.y;
  // centre + rotation of (u, v) for (u, v) = (−hx, −hy), (hx, −hy), (hx, hy), (−hx, hy), written out: a
  // list of offset pairs mapped over made five arrays per call, and placement asks for corners all the time
  return [
    { x: cx + c * -hx - s * -hy, y: cy + s * -hx + c * -hy },
    { x: cx + c * hx - s * -hy, y: cy + s * hx + c * -hy },
    { x: cx + c * hx - s * hy, y: cy + s * hx + c * hy },
    { x: cx + c * -hx - s * hy, y: cy + s * -hx + c * hy },
  ];
}

/**
 * The corners {@link footprintCorners} makes, as x0 y0 … x3 y3 into `out` (the same arithmetic, so the same
 * numbers), for code that reads them in a loop without making points. `c` and `s` are the heading's cosine and
 * sine, for a caller that has them already.
 */
export function footprintCornersInto(box: Box, out: Float64Array, c = Math.cos(box.heading), s = Math.sin(box.heading)): void {
  const hx = box.size.x / 2;
  const hy = box.size.y / 2;
  const cx = box.center.x;
  const cy = box.center.y;
  out[0] = cx + c * -hx - s * -hy;
  out[1] = cy + s * -hx + c * -hy;
  out[2] = cx + c * hx - s * -hy;
  out[3] = cy + s * hx + c * -hy;
  out[4] = cx + c * hx - s * hy;
  out[5] = cy + s * hx + c * hy;
  out[6] = cx + c * -hx - s * hy;
  out[7] = cy + s * -hx + c * hy;
}

/** Footprint area, m². */
export function footprintArea(box: Box): number {
  return box.size.x * box.size.y;
}

/** Axis-aligned bounds of a box's footprint. */
export function footprintBounds(box: Box): Rect2 {
  // each of cos and sin once (they are pure: the same numbers as calling them twice)
  const c = Math.abs(Math.cos(box.heading));
  const s = Math.abs(Math.sin(box.heading));
  const hx = (c * box.size.x + s * box.size.y) / 2;
  const hy = (s * box.size.x + c * box.size.y) / 2;
  return { minX: box.center.x - hx, minY: box.center.y - hy, maxX: box.center.x + hx, maxY: box.center.y + hy };
}

/** A world point expressed in the box's own frame (origin at its centre, x along its heading). */
export function toBoxFrame(box: Box, p: Point2): Point2 {
  const c = Math.cos(box.heading);
  const s = Math.sin(box.heading);
  const dx = p.x - box.center.x;
  const dy = p.y - box.center.y;
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/** A point given in the box's own frame, back in world coordinates. */
export function fromBoxFrame(box: Box, p: Point2): Point2 {
  const c = Math.cos(box.heading);
  const s = Math.sin(box.heading);
  return { x: box.center.x + c * p.x - s * p.y, y: box.center.y + s * p.x + c * p.y };
}

/** True when `p` lies in the box's footprint grown by `tolerance` on every side. */
export function footprintContainsPoint(box: Box, p: Point2, tolerance = 0): boolean {
  const q = toBoxFrame(box, p);
  return Math.abs(q.x) <= box.size.x / 2 + tolerance && Math.abs(q.y) <= box.size.y / 2 + tolerance;
}

/** True when `p` lies in the axis-aligned rectangle grown by `tolerance`. */
export function rectContainsPoint(r: Rect2, p: Point2, tolerance = 0): boolean {
  return p.x >= r.minX - tolerance && p.x <= r.maxX + tolerance && p.y >= r.minY - tolerance && p.y <= r.maxY + tolerance;
}
