import { footprintBounds } from "../geometry/footprint.ts";
import { footprintSeparation } from "../geometry/gap.ts";
import { zOverlap } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import { COLLISION_MARGIN } from "./physics-constants.ts";
import type { PlacementObject } from "./placement-types.ts";
import { solidParts, type PartsOf, type SolidPart } from "./solid-parts.ts";

/** A solid part of a nearby object that a candidate pose must not cut into. */
export type Obstacle = Pick<SolidPart, "ownerId" | "part" | "bounds">;

/** Sideways overlap tolerated between a candidate and an obstacle (rounding only), m. */
export const SIDE_MARGIN = 1e-4;

/** The solid parts of `objects`, except held ones and those whose id is in `exclude`. */
export function obstaclesOf(objects: Iterable<PlacementObject>, exclude: ReadonlySet<string>, partsOf: PartsOf = solidParts): Obstacle[] {
  const out: Obstacle[] = [];
  for (const o of objects) {
    if (o.held || exclude.has(o.id)) continue;
    out.push(...partsOf(o));
  }
  return out;
}

/** `box` shrunk by `horizontal` on each side and by `vertical` at top and bottom (never below zero). */
export function shrink(box: Box, horizontal: number, vertical: number): Box {
  const s = box.size;
  return {
    center: box.center,
    size: { x: Math.max(0, s.x - 2 * horizontal), y: Math.max(0, s.y - 2 * horizontal), z: Math.max(0, s.z - 2 * vertical) },
    heading: box.heading,
  };
}

/**
 * True when the candidate cuts into any obstacle: sideways by more than {@link SIDE_MARGIN}, vertically by
 * more than {@link COLLISION_MARGIN}, so that resting on a surface or standing flush against a wall or a
 * neighbour is not a collision, while anything the physics check would have to push apart is.
 */
export function collides(candidate: Box, obstacles: readonly Obstacle[]): boolean {
  const inner = shrink(candidate, SIDE_MARGIN, COLLISION_MARGIN);
  const r = footprintBounds(inner);
  for (const { part, bounds: b } of obstacles) {
    if (b.minX >= r.maxX || r.minX >= b.maxX || b.minY >= r.maxY || r.minY >= b.maxY) continue;
    if (zOverlap(inner, part) > 0 && footprintSeparation(inner, part) < 0) return true;
  }
  return false;
}
