/**
 * Boxes of a VLA-3D scan that are no objects, left out of the scenes and of the grounding questions:
 * - placeholders: NYU40 `void` (raw label `remove`: annotators' marks for scan debris to delete), and
 *   unlabelled boxes (raw label `unknown`, empty or `none`, with no NYU label saying more). In Matterport
 *   the `unknown` boxes are room envelopes (9.35 × 5.09 × 3.27 m): imported as furniture they enclose
 *   the tables, so nothing can be placed on them;
 * - implausibly large boxes: a box whose footprint is more than {@link LARGER_THAN_ROOM} times its room's
 *   (its region's box, else the largest floor slab under its centre); a small-object class (sink,
 *   toilet, lamp, pillow, …) with a side longer than {@link SMALL_MAX} m (Matterport's 27.8 × 9 × 9.5 m
 *   "washbasin"); a loose-thing class (`otherprop`, `box`, …) whose box is as tall as a room and covers
 *   half of it or more.
 * Furniture of ordinary size stays even when it is big (a 5 m counter, a 6 m carpet): only boxes no
 * object of their class could have are taken out.
 */
import type { Vla3dObject, Vla3dRegion } from "./read.ts";
import { isFloorSlab } from "./rooms.ts";
import { LOOSE_CLASSES, isStructure, nyu40Of } from "./objects.ts";

/** A box left out, with why (for the import summary's notes). */
export interface LeftOut {
  object: Vla3dObject;
  kind: "placeholder" | "oversized";
  reason: string;
}

/** How many times its room's footprint a box may cover before it is "larger than its room". */
export const LARGER_THAN_ROOM = 1.5;
/** Longest side (m) of a thing of a small-object class. */
export const SMALL_MAX = 3;

const VOID_LABELS = new Set(["void", "remove"]);
const UNLABELLED = new Set(["", "unknown", "unlabeled", "unlabelled", "none", "null", "n/a", "_"]);
const SMALL = new Set(["sink", "toilet", "lamp", "television", "pillow", "towel", "box", "bag", "books", "paper", "clothes", "night stand", "chair"]);

const lower = (s: string | undefined) => (s ?? "").trim().toLowerCase();

/** Why the object is a placeholder (see module comment), or null when it is an object. */
export function placeholderReason(o: Vla3dObject): string | null {
  if (VOID_LABELS.has(lower(o.rawLabel)) || lower(o.nyuLabel) === "void" || lower(o.nyu40Label) === "void")
    return `void (label "${o.rawLabel}"${o.nyu40Label ? `, NYU40 ${o.nyu40Label}` : ""})`;
  if (UNLABELLED.has(lower(o.rawLabel)) && UNLABELLED.has(lower(o.nyuLabel))) return `unlabelled ("${o.rawLabel}")`;
  return null;
}

const size = (o: Vla3dObject) => `${o.box.size.x.toFixed(2)} × ${o.box.size.y.toFixed(2)} × ${o.box.size.z.toFixed(2)} m`;
const area = (b: Vla3dObject["box"]) => b.size.x * b.size.y;

/** True when (x, y) lies over the box's turned footprint. */
function over(b: Vla3dObject["box"], x: number, y: number): boolean {
  const c = Math.cos(-b.heading);
  const s = Math.sin(-b.heading);
  const dx = x - b.center.x;
  const dy = y - b.center.y;
  return Math.abs(c * dx - s * dy) <= b.size.x / 2 && Math.abs(s * dx + c * dy) <= b.size.y / 2;
}

/** The object's room for the size checks: its region's box, else the largest floor slab under its centre. */
function roomBoxOf(o: Vla3dObject, regions: ReadonlyMap<string, Vla3dRegion>, slabs: readonly Vla3dObject[]): { box: Vla3dObject["box"]; name: string } | null {
  const region = o.regionId !== null ? regions.get(o.regionId) : undefined;
  if (region) return { box: region.box, name: `region ${region.id}` };
  const under = slabs.filter((s) => s !== o && over(s.box, o.box.center.x, o.box.center.y)).sort((a, b) => area(b.box) - area(a.box))[0];
  return under ? { box: under.box, name: `the floor under it (object ${under.id})` } : null;
}

/** Why the object's box is implausibly large (see module comment), or null. */
export function oversizeReason(o: Vla3dObject, regions: ReadonlyMap<string, Vla3dRegion>, slabs: readonly Vla3dObject[]): string | null {
  const nyu = nyu40Of(o);
  const longest = Math.max(o.box.size.x, o.box.size.y, o.box.size.z);
  if (SMALL.has(nyu) && longest > SMALL_MAX) return `${size(o)}: no ${nyu} has a side longer than ${SMALL_MAX} m`;
  const room = roomBoxOf(o, regions, slabs);
  if (!room || area(room.box) <= 0) return null;
  const ratio = area(o.box) / area(room.box);
  if (ratio > LARGER_THAN_ROOM) return `${size(o)}: ${ratio.toFixed(1)} times the floor area of its room (${room.name}, ${room.box.size.x.toFixed(2)} × ${room.box.size.y.toFixed(2)} m)`;
  if (LOOSE_CLASSES.has(nyu) && ratio >= 0.5 && o.box.size.z >= 2) return `${size(o)}: a room-sized box (${Math.round(ratio * 100)}% of ${room.name}) for class ${nyu}`;
  return null;
}

/**
 * Splits the objects into those imported and those left out (walls, floors and ceilings are not judged
 * here: rooms stand for them). Objects keep their order.
 */
export function leaveOutPlaceholders(objects: readonly Vla3dObject[], regions: readonly Vla3dRegion[]): { kept: Vla3dObject[]; leftOut: LeftOut[] } {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const slabs = objects.filter(isFloorSlab);
  const kept: Vla3dObject[] = [];
  const leftOut: LeftOut[] = [];
  for (const o of objects) {
    if (isStructure(o)) {
      kept.push(o);
      continue;
    }
    const placeholder = placeholderReason(o);
    const oversized = placeholder === null ? oversizeReason(o, byId, slabs) : null;
    if (placeholder !== null) leftOut.push({ object: o, kind: "placeholder", reason: placeholder });
    else if (oversized !== null) leftOut.push({ object: o, kind: "oversized", reason: oversized });
    else kept.push(o);
  }
  return { kept, leftOut };
}
