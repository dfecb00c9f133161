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
/**
 * Thickness of a cloth spread over something, m: within the predicates' resting tolerance (1.5 cm), so that a
 * pillow on the blanket on a bed is still `ontop` the bed, as in BEHAVIOR, where cloth has no thickness to speak of.
 */
const SPREAD_CLOTH_THICKNESS = 0.005;
/** Least height left to furniture hung on the wall to make room under it (a sink's basin), m. */
const HUNG_MIN_HEIGHT = 0.3;

/** What rests in, on and under each receptacle (draft ids). */
export type Loads = Map<string, Load>;
export interface Load {
  inside: Set<string>;
  ontop: Set<string>;
  under: Set<string>;
  /** Of those, the items only the goal brings there (unknown when absent: then all are there at once). */
  arrives?: Set<string>;
  /** Of those, the items there at the start that the goal puts somewhere else. */
  leaves?: Set<string>;
}

/** A load with nothing in it yet, its arrivals and departures known (empty). */
export function emptyLoad(): Load {
  return { inside: new Set(), ontop: new Set(), under: new Set(), arrives: new Set(), leaves: new Set() };
}

/** Grows the drafts in place; receptacles deeper in the stack first. */
export function fitLoads(drafts: ReadonlyMap<string, DraftObject>, loads: Loads): void {
  const original = new Map([...loads.keys()].map((id) => [id, { ...drafts.get(id)!.size }]));
  for (let round = 0; round < 3; round++) {
    for (const [id, load] of loads) {
      const d = drafts.get(id);
      if (!d || d.shape === "floor") continue;
      const items = (ids: Set<string>) => [...ids].map((i) => drafts.get(i)).filter((x): x is DraftObject => !!x);
      if (load.inside.size && isContainer(d)) {
        standUpright(d, items(load.inside), original.get(id)!);
        // what goes on top of what is inside must fit between the walls too (wax paper over a steak in a box)
        const onThem = items(new Set([...load.inside].flatMap((i) => [...(loads.get(i)?.ontop ?? [])])));
        fitInside(d, items(load.inside), onThem);
      }
      if (load.under.size && d.shape === "table") fitUnder(d, items(load.under));
      else if (load.under.size && d.kind === "fixed") hangOver(d, items(load.under));
      if (load.ontop.size && d.kind === "fixed") fitOnTop(d, items(load.ontop));
      else if (load.ontop.size) {
        // what rests on it at the start, then what rests on it once the goal holds: never all of it at once
        // (a notebook under a keyboard that the goal puts a pen on holds one of them at a time)
        const phases = load.arrives?.size || load.leaves?.size ? [load.arrives, load.leaves] : [undefined];
        for (const phase of phases) fitCarryableTop(d, items(without(load.ontop, phase)), original.get(id)!);
      }
      clampGrowth(d, original.get(id)!);
    }
  }
}

/** `ids` less `drop` (all of `ids` when `drop` is absent). */
function without(ids: Set<string>, drop: Set<string> | undefined): Set<string> {
  return drop?.size ? new Set([...ids].filter((i) => !drop.has(i))) : ids;
}

/**
 * Makes each cloth at least as large as what it is to be spread over, side for side (a sheet the size of its bed,
 * a napkin over a plate): `overlaid` asks the cloth's footprint to cover more than half of the thing's and its
 * centre, and a flat box covers only as far as it reaches. Cloth drapes, so no growth limit applies: a ribbon
 * tied round a vase is, as a box, as wide as the vase. Only grows the cloth (and thins it: spread out, it is
 * {@link SPREAD_CLOTH_THICKNESS} thick); the things themselves keep their size.
 */
export function coverWithCloth(drafts: ReadonlyMap<string, DraftObject>, pairs: readonly (readonly [string, string])[]): void {
  for (const [clothId, thingId] of pairs) {
    const cloth = drafts.get(clothId);
    const thing = drafts.get(thingId);
    if (!cloth || !thing || thing.shape === "floor") continue;
    const [long, short] = [Math.max(thing.size.x, thing.size.y), Math.min(thing.size.x, thing.size.y)];
    const [big, small] = cloth.size.x >= cloth.size.y ? (["x", "y"] as const) : (["y", "x"] as const);
    cloth.size[big] = Math.max(cloth.size[big], round3(long));
    cloth.size[small] = Math.max(cloth.size[small], round3(short));
    // spread out, a cloth is thin: what is set on it still stands on the thing below (a pillow on the bed)
    cloth.size.z = Math.min(cloth.size.z, SPREAD_CLOTH_THICKNESS);
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

/**
 * Interior footprint at least the load's area and as long as the longest item or thing set on one (`onThem`);
 * lidded ones tall enough.
 */
function fitInside(d: DraftObject, items: DraftObject[], onThem: DraftObject[] = []): void {
  const w = wallOf(d);
  const lid = d.abilities.includes("openable") ? w : 0;
  const all = [...items, ...onThem];
  growFootprint(d, area(items), longest(all), shortest(all), 2 * w);
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

/**
 * Hangs furniture that has no leg space (a sink, a cabinet) on the wall, high enough for what goes under it,
 * its top where it was: BEHAVIOR puts detergent under the sink. Standing on the floor, nothing would fit.
 */
function hangOver(d: DraftObject, items: DraftObject[]): void {
  const need = round3(Math.max(...items.map((i) => i.size.z)) + HEADROOM);
  const elevation = d.elevation ?? 0;
  if (elevation >= need) return;
  const top = elevation + d.size.z;
  d.elevation = need;
  d.size.z = round3(Math.max(top - need, HUNG_MIN_HEIGHT));
}

/**
 * Stands up the carryable items too long to lie in the container even grown as far as its kind allows (a
 * toothbrush in a cup, a candle in a jar): their longest side becomes their height, as people stand such
 * things in a cup. The container then stays its own size, not a cup twenty centimetres wide.
 */
function standUpright(d: DraftObject, items: DraftObject[], from: Vec3): void {
  const lim = growthLimits(d);
  const inset = 2 * wallOf(d) + 0.02;
  const roomy = Math.max(from.x * lim.x, from.y * lim.y) - inset;
  const narrow = Math.min(from.x * lim.x, from.y * lim.y) - inset;
  for (const i of items) {
    if (i.kind !== "carryable") continue;
    const [short, mid, long] = [i.size.x, i.size.y, i.size.z].sort((a, b) => a - b) as [number, number, number];
    const lying = Math.max(i.size.x, i.size.y) <= roomy && Math.min(i.size.x, i.size.y) <= narrow;
    if (lying || i.size.z === long || mid > narrow) continue;
    i.size = { x: mid, y: short, z: long };
  }
}

/** A top at least the load's area (things larger than the top may overhang it, centred). */
function fitOnTop(d: DraftObject, items: DraftObject[]): void {
  growFootprint(d, area(items, PACKING_ONTOP), 0, 0, 0);
}

/**
 * Room on a carryable thing's top. Several things smaller than it go side by side (cookies on a plate): a top of
 * their packed area. Otherwise it grows no more than to take the largest thing set on it that it can grow to take
 * (a folder the size of the notebook on it): a stack of five newspapers on a letter, each layer grown for its area
 * four times over, had become 2.5 times larger at every layer and fitted no bookcase.
 */
function fitCarryableTop(d: DraftObject, items: DraftObject[], from: Vec3): void {
  const fits = (i: DraftObject, long: number, short: number) => Math.max(i.size.x, i.size.y) <= long && Math.min(i.size.x, i.size.y) <= short;
  const smaller = items.filter((i) => fits(i, Math.max(d.size.x, d.size.y), Math.min(d.size.x, d.size.y)));
  if (smaller.length > 1) return fitOnTop(d, smaller);
  const lim = growthLimits(d);
  const [long, short] = [Math.max(from.x * lim.x, from.y * lim.y), Math.min(from.x * lim.x, from.y * lim.y)];
  const larger = items.filter((i) => !smaller.includes(i) && fits(i, long, short));
  if (!larger.length) return;
  // as large as what rests on it, no larger: each layer of a stack the size of the one above, not a size more
  const [big, small] = d.size.x >= d.size.y ? (["x", "y"] as const) : (["y", "x"] as const);
  d.size[big] = Math.max(d.size[big], longest(larger));
  d.size[small] = Math.max(d.size[small], shortest(larger));
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

/** How far the draft may grow along each axis, as a factor of its category size. */
function growthLimits(d: DraftObject): Vec3 {
  return d.kind === "fixed" ? { x: MAX_GROWTH.fixedX, y: MAX_GROWTH.fixedY, z: MAX_GROWTH.fixedZ } : { x: MAX_GROWTH.carryable, y: MAX_GROWTH.carryable, z: MAX_GROWTH.carryable };
}

function clampGrowth(d: DraftObject, from: Vec3): void {
  const lim = growthLimits(d);
  d.size.x = Math.min(d.size.x, round3(from.x * lim.x));
  d.size.y = Math.min(d.size.y, round3(from.y * lim.y));
  d.size.z = Math.min(d.size.z, round3(from.z * lim.z));
}

function round3(x: number): number {
  return Math.ceil(x * 1000) / 1000;
}
