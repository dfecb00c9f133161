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

/** Most objects {@link sharedSolidParts} remembers; past this it starts over (a bound, not a tuning knob). */
const SHARED_LIMIT = 4096;
/**
 * Poses remembered per object: an object placed in an episode is back where it started in the next one,
 * so the last few poses (most recent first) cover an object that moves back and forth.
 */
const POSES_PER_OBJECT = 3;
/** What an object's parts are made from, and the parts: the box's numbers, shape, wall, the two abilities that matter. */
interface SharedEntry {
  /** The box the parts were made from (boxes are replaced, never edited in place: the same box, the same numbers). */
  box: Box;
  cx: number;
  cy: number;
  cz: number;
  sx: number;
  sy: number;
  sz: number;
  heading: number;
  shape: PlacementObject["shape"];
  wall: number;
  container: boolean;
  openable: boolean;
  parts: readonly SolidPart[];
}
const shared = new Map<string, SharedEntry[]>();

function madeFrom(e: SharedEntry, o: PlacementObject, container: boolean, openable: boolean): boolean {
  const b = o.box;
  // the object's own box again (every search after the first finds it so): no need to compare its numbers
  if (e.box === b) return e.shape === o.shape && Object.is(e.wall, o.wall) && e.container === container && e.openable === openable;
  return (
    Object.is(e.cx, b.center.x) &&
    Object.is(e.cy, b.center.y) &&
    Object.is(e.cz, b.center.z) &&
    Object.is(e.sx, b.size.x) &&
    Object.is(e.sy, b.size.y) &&
    Object.is(e.sz, b.size.z) &&
    Object.is(e.heading, b.heading) &&
    e.shape === o.shape &&
    Object.is(e.wall, o.wall) &&
    e.container === container &&
    e.openable === openable
  );
}

/**
 * {@link solidParts}, remembered across calls and episodes by object id and everything the parts are made
 * from (the box's numbers, its shape, wall and the `container` and `openable` abilities): equal inputs make
 * equal parts, so the result is the same as computing them afresh. Every episode of a scene starts from the
 * same settled boxes and the fixed furniture never moves, so a placement search rarely cuts an object anew.
 * The parts are shared: callers must not modify them.
 */
export const sharedSolidParts: PartsOf = (o) => {
  const container = o.abilities.has("container");
  const openable = o.abilities.has("openable");
  let entries = shared.get(o.id);
  if (entries) {
    for (const e of entries) if (madeFrom(e, o, container, openable)) return e.parts;
  } else {
    if (shared.size >= SHARED_LIMIT) shared.clear();
    shared.set(o.id, (entries = []));
  }
  const parts = solidParts(o);
  const b = o.box;
  entries.unshift({ box: b, cx: b.center.x, cy: b.center.y, cz: b.center.z, sx: b.size.x, sy: b.size.y, sz: b.size.z, heading: b.heading, shape: o.shape, wall: o.wall, container, openable, parts });
  if (entries.length > POSES_PER_OBJECT) entries.pop();
  return parts;
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
    const parts = sharedSolidParts(o);
    this.entries.set(o.id, { box: o.box, parts });
    return parts;
  };
}
