/**
 * Boxes sunk below their storey's floor, and what rests on them. A scan's boxes reach a few centimetres
 * into the floor (noise, left as it is); one that reaches further is set on the floor:
 * - a box something rests on (a desk under a monitor, a carpet under a bed) keeps its top, where the scan
 *   saw the things on it, and loses the part below the floor: its bottom is what the scan got wrong
 *   (HM3D 00238's carpet box reaches 1.5 m under the upper floor, its top level with the bed's feet);
 *   raising it whole would lift it through what stands on it, or lift them all off their floor;
 * - any other box is raised onto the floor, and whatever rests on a raised box (found only when a box
 *   bearing things is too low to keep its top: at most the tolerance above the floor) rises with it.
 * "Rests on" is read from the source geometry: the object's bottom lies within {@link REST_GAP} of the
 * support's top, its centre is over the support's turned footprint, and the support starts lower.
 */
import type { ObjectSpec } from "../../../../sim/scene/schema.ts";

/** How far (m) an object's bottom may lie from a support's top and still rest on it (scan noise). */
export const REST_GAP = 0.06;

type Box = ObjectSpec["box"];
const bottom = (b: Box) => b.center.z - b.size.z / 2;
const top = (b: Box) => b.center.z + b.size.z / 2;

/** True when (x, y) lies over the box's turned footprint. */
function over(b: Box, x: number, y: number): boolean {
  const c = Math.cos(-b.heading);
  const s = Math.sin(-b.heading);
  const dx = x - b.center.x;
  const dy = y - b.center.y;
  return Math.abs(c * dx - s * dy) <= b.size.x / 2 && Math.abs(s * dx + c * dy) <= b.size.y / 2;
}

/** The support each object rests on (see module comment): the one whose top is nearest its bottom. */
export function supportsOf(objects: readonly ObjectSpec[]): Map<ObjectSpec, ObjectSpec> {
  const out = new Map<ObjectSpec, ObjectSpec>();
  for (const o of objects) {
    let best: ObjectSpec | null = null;
    for (const s of objects) {
      if (s === o || bottom(s.box) >= bottom(o.box)) continue;
      if (Math.abs(bottom(o.box) - top(s.box)) > REST_GAP || !over(s.box, o.box.center.x, o.box.center.y)) continue;
      if (!best || Math.abs(bottom(o.box) - top(s.box)) < Math.abs(bottom(o.box) - top(best.box))) best = s;
    }
    if (best) out.set(o, best);
  }
  return out;
}

/**
 * Sets every object whose bottom is more than `tolerance` below z = 0 on the floor (see module comment):
 * boxes bearing others are trimmed to the floor, the rest raised, and what rests on a raised box raised
 * with it. Changes the boxes in place; returns the ids of each group.
 */
export function raiseSunk(objects: readonly ObjectSpec[], tolerance: number): { raised: string[]; trimmed: string[]; carried: string[] } {
  const support = supportsOf(objects);
  const bearing = new Set(support.values());
  const isSunk = (o: ObjectSpec) => bottom(o.box) < -tolerance;
  const trims = (o: ObjectSpec) => isSunk(o) && bearing.has(o) && top(o.box) > tolerance;
  const shift = new Map<ObjectSpec, number>();
  // a support starts strictly lower than what rests on it, so this recursion ends
  const shiftOf = (o: ObjectSpec): number => {
    const known = shift.get(o);
    if (known !== undefined) return known;
    const own = isSunk(o) && !trims(o) ? -bottom(o.box) : 0;
    const s = support.get(o);
    const d = Math.max(own, s ? shiftOf(s) : 0);
    shift.set(o, d);
    return d;
  };
  const raised: string[] = [];
  const trimmed: string[] = [];
  const carried: string[] = [];
  for (const o of objects) {
    if (trims(o)) trimmed.push(o.id);
    else if (shiftOf(o) > 0) (isSunk(o) ? raised : carried).push(o.id);
  }
  for (const o of objects) {
    if (trims(o)) {
      const t = top(o.box);
      o.box.size.z = t;
      o.box.center.z = t / 2;
    } else o.box.center.z += shiftOf(o);
  }
  return { raised, trimmed, carried };
}
