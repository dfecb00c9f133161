import type { Box } from "../scene/schema.ts";

/** Height of the box's bottom face, m. */
export function bottomZ(box: Box): number {
  return box.center.z - box.size.z / 2;
}

/** Height of the box's top face, m. */
export function topZ(box: Box): number {
  return box.center.z + box.size.z / 2;
}

/** Length of the overlap of the two boxes' z-intervals (0 when they are apart). */
export function zOverlap(a: Box, b: Box): number {
  return Math.max(0, Math.min(topZ(a), topZ(b)) - Math.max(bottomZ(a), bottomZ(b)));
}

/** Vertical distance between the two boxes' z-intervals (0 when they overlap or touch). */
export function zGap(a: Box, b: Box): number {
  return Math.max(0, Math.max(bottomZ(a), bottomZ(b)) - Math.min(topZ(a), topZ(b)));
}
