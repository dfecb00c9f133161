import type { Box, Vec3 } from "../scene/schema.ts";
import { copyBox, copyVec3 } from "../geometry/copy.ts";
import { besidePoses, gridPoses, type PoseList } from "./candidate-grid.ts";

/** Most keys remembered; past this the cache starts over (a bound, not a tuning knob). */
const KEY_LIMIT = 4096;
/** Lists remembered per key, most recent first: a target gets objects of a few sizes, on top and inside. */
const PER_KEY = 8;

/** How a list was made: its kind and every number it was made from. */
interface Entry {
  /** 0: gridPoses "contain", 1: gridPoses "centre", 2: besidePoses. */
  kind: number;
  cx: number;
  cy: number;
  cz: number;
  ax: number;
  ay: number;
  az: number;
  heading: number;
  surfaceZ: number;
  sx: number;
  sy: number;
  sz: number;
  gap: number;
  poses: PoseList;
}

const cache = new Map<string, Entry[]>();

function madeFrom(e: Entry, kind: number, area: Box, surfaceZ: number, size: Vec3, gap: number): boolean {
  return (
    e.kind === kind &&
    Object.is(e.cx, area.center.x) &&
    Object.is(e.cy, area.center.y) &&
    Object.is(e.cz, area.center.z) &&
    Object.is(e.ax, area.size.x) &&
    Object.is(e.ay, area.size.y) &&
    Object.is(e.az, area.size.z) &&
    Object.is(e.heading, area.heading) &&
    Object.is(e.surfaceZ, surfaceZ) &&
    Object.is(e.sx, size.x) &&
    Object.is(e.sy, size.y) &&
    Object.is(e.sz, size.z) &&
    Object.is(e.gap, gap)
  );
}

function remembered(key: string, kind: number, area: Box, surfaceZ: number, size: Vec3, gap: number, make: (area: Box, size: Vec3) => PoseList): PoseList {
  let entries = cache.get(key);
  if (entries) {
    for (const e of entries) if (madeFrom(e, kind, area, surfaceZ, size, gap)) return e.poses;
  } else {
    if (cache.size >= KEY_LIMIT) cache.clear();
    cache.set(key, (entries = []));
  }
  // made from copies: the list keeps them, and must not change if the caller's boxes are edited later
  const poses = make(copyBox(area), copyVec3(size));
  entries.unshift({ kind, cx: area.center.x, cy: area.center.y, cz: area.center.z, ax: area.size.x, ay: area.size.y, az: area.size.z, heading: area.heading, surfaceZ, sx: size.x, sy: size.y, sz: size.z, gap, poses });
  if (entries.length > PER_KEY) entries.pop();
  return poses;
}

/**
 * {@link gridPoses}, remembered across calls and episodes under `key` (the id of the object whose box or
 * interior `area` is) by every number it is made from: equal inputs make equal lists, and a list is
 * immutable (it makes a new box for every pose asked for). Fixed furniture never moves and objects start
 * every episode where they were, so a search rarely builds a grid anew.
 */
export function cachedGridPoses(key: string, area: Box, surfaceZ: number, size: Vec3, fit: "contain" | "centre"): PoseList {
  return remembered(key, fit === "contain" ? 0 : 1, area, surfaceZ, size, 0, (a, s) => gridPoses(a, surfaceZ, s, fit));
}

/** {@link besidePoses}, remembered like {@link cachedGridPoses} (`key`: the target's id). */
export function cachedBesidePoses(key: string, target: Box, surfaceZ: number, size: Vec3, gap: number): PoseList {
  return remembered(key, 2, target, surfaceZ, size, gap, (t, s) => besidePoses(t, surfaceZ, s, gap));
}
