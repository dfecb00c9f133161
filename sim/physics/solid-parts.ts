import { footprintBounds, footprintCorners, type Point2, type Rect2 } from "../geometry/footprint.ts";
import { effectiveShape, partsOf } from "../geometry/shape-model.ts";
import { topZ } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import type { PlacementObject } from "./placement-types.ts";

/** One solid part of an object with what the searches test it by, computed once. */
export interface SolidPart {
  ownerId: string;
  /** True when the owner is a floor. */
  floor: boolean;
  part: Box;
  bounds: Rect2;
  corners: Point2[];
  top: number;
}

/** How a search gets an object's solid parts (fresh, or from a {@link PartCache}). */
export type PartsOf = (o: PlacementObject) => readonly SolidPart[];

/** The object's solid parts ({@link partsOf}), prepared. */
export const solidParts: PartsOf = (o) => {
  const floor = effectiveShape(o) === "floor";
  return partsOf(o).map((part) => ({ ownerId: o.id, floor, part, bounds: footprintBounds(part), corners: footprintCorners(part), top: topZ(part) }));
};

/**
 * Remembers each object's prepared parts while its box stays the same object. Valid for code that
 * replaces boxes rather than editing them in place (settling and placement do), within one call.
 */
export class PartCache {
  private readonly entries = new Map<string, { box: Box; parts: readonly SolidPart[] }>();

  /** Bound {@link PartsOf} for passing to searches. */
  readonly of: PartsOf = (o) => {
    const hit = this.entries.get(o.id);
    if (hit && hit.box === o.box) return hit.parts;
    const parts = solidParts(o);
    this.entries.set(o.id, { box: o.box, parts });
    return parts;
  };
}
