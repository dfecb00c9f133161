import { tableLegSize, tableTopThickness } from "../geometry/shape-model.ts";
import type { Vec3 } from "../scene/schema.ts";
import type { DraftObject } from "./draft.ts";

/**
 * Grows receptacles so that what the activity puts in, on or under them fits: a dishwasher that must
 * take three plates, two bowls and a mug, a carton for four books. Only receptacles grow, and only as
 * far as their kind allows (a cupboard gets wider, not a room-sized box); category sizes stay the
 * default. Contents are sized first, so a grown carton in turn needs a bigger shelf.
 */

/** Free area a load needs relative to the footprints it holds (room to put things side by side). */
export const PACKING = 2.2;
/** The same on top of a surface, where goals also put things next to each other. */
export const PACKING_ONTOP = 4;
/** Clearance left above the tallest thing inside a closed container or under a table, m. */
const HEADROOM = 0.02;
/** Largest growth factor per axis: carryable receptacles, and furniture along x / y / z. */
const MAX_GROWTH = { carryable: 2.5, fixedX: 4, fixedY: 2, fixedZ: 2.5 };

/** What rests in, on and under each receptacle (draft ids). */
export type Loads = Map<string, { inside: Set<string>; ontop: Set<string>; under: Set<string> }>;

/** Grows the drafts in place; receptacles deeper in the stack first. */
export function fitLoads(drafts: ReadonlyMap<string, DraftObject>, loads: Loads): void {
  const original = new Map([...loads.keys()].map((id) => [id, { ...drafts.get(id)!.size }]));
  for (let round = 0; round < 3; round++) {
    for (const [id, load] of loads) {
      const d = drafts.get(id);
      if (!d || d.shape === "floor") continue;
      const items = (ids: Set<string>) => [...ids].map((i) => drafts.get(i)).filter((x): x is DraftObject => !!x);
      if (load.inside.size && isContainer(d)) fitInside(d, items(load.inside));
      if (load.under.size && d.shape === "table") fitUnder(d, items(load.under));
      if (load.ontop.size) fitOnTop(d, items(load.ontop));
      clampGrowth(d, original.get(id)!);
    }
  }
}

function isContainer(d: DraftObject): boolean {
  return d.shape === "container" || d.abilities.includes("container");
}

function wallOf(d: DraftObject): number {
  return d.wall ?? 0.02;
}

function area(items: DraftObject[], packing = PACKING): number {
  return items.reduce((s, i) => s + i.size.x * i.size.y, 0) * packing;
}

/** Interior footprint at least the load's area and as long as the longest item; lidded ones tall enough. */
function fitInside(d: DraftObject, items: DraftObject[]): void {
  const w = wallOf(d);
  const lid = d.abilities.includes("openable") ? w : 0;
  growFootprint(d, area(items), longest(items), shortest(items), 2 * w);
  const need = Math.max(...items.map((i) => i.size.z)) + HEADROOM;
  if (lid > 0 && d.size.z - w - lid < need) d.size.z = need + w + lid;
}

/** Leg space wide and tall enough for what goes under the table. */
function fitUnder(d: DraftObject, items: DraftObject[]): void {
  const inset = () => 2 * tableLegSize({ center: { x: 0, y: 0, z: 0 }, size: d.size, heading: 0 });
  growFootprint(d, area(items), longest(items), shortest(items), inset());
  const need = Math.max(...items.map((i) => i.size.z)) + HEADROOM;
  const slab = () => tableTopThickness({ center: { x: 0, y: 0, z: 0 }, size: d.size, heading: 0 });
  if (d.size.z - slab() < need) d.size.z = need + slab() + 0.01;
}

/** A top at least the load's area (things larger than the top may overhang it, centred). */
function fitOnTop(d: DraftObject, items: DraftObject[]): void {
  growFootprint(d, area(items, PACKING_ONTOP), 0, 0, 0);
}

/** Scales the footprint so that (x − inset)(y − inset) ≥ need and it takes an item of sides long × short. */
function growFootprint(d: DraftObject, need: number, long: number, short: number, inset: number): void {
  const s = d.size;
  let ix = s.x - inset;
  let iy = s.y - inset;
  if (ix * iy < need) {
    const f = Math.sqrt(need / Math.max(ix * iy, 1e-6));
    if (d.kind === "fixed") {
      // furniture gets longer along its wall before it gets deeper
      const fy = Math.min(f, MAX_GROWTH.fixedY ** 0.5);
      iy *= fy;
      ix = need / iy;
    } else {
      ix *= f;
      iy *= f;
    }
  }
  const [big, small] = ix >= iy ? ["x", "y"] as const : ["y", "x"] as const;
  const inner = { x: ix, y: iy };
  inner[big] = Math.max(inner[big], long + 0.02);
  inner[small] = Math.max(inner[small], short + 0.02);
  s.x = round3(inner.x + inset);
  s.y = round3(inner.y + inset);
}

function longest(items: DraftObject[]): number {
  return Math.max(0, ...items.map((i) => Math.max(i.size.x, i.size.y)));
}

/** The largest of the items' shorter sides (the narrowest opening they all pass). */
function shortest(items: DraftObject[]): number {
  return Math.max(0, ...items.map((i) => Math.min(i.size.x, i.size.y)));
}

function clampGrowth(d: DraftObject, from: Vec3): void {
  const lim = d.kind === "fixed" ? { x: MAX_GROWTH.fixedX, y: MAX_GROWTH.fixedY, z: MAX_GROWTH.fixedZ } : { x: MAX_GROWTH.carryable, y: MAX_GROWTH.carryable, z: MAX_GROWTH.carryable };
  d.size.x = Math.min(d.size.x, round3(from.x * lim.x));
  d.size.y = Math.min(d.size.y, round3(from.y * lim.y));
  d.size.z = Math.min(d.size.z, round3(from.z * lim.z));
}

function round3(x: number): number {
  return Math.ceil(x * 1000) / 1000;
}
