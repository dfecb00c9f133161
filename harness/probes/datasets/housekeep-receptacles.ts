/**
 * The fixed receptacles of a Housekeep house as boxes. Episodes give each receptacle's position only — its
 * model's origin, which is the centre of some models, the base of others (chests sit at z ≈ 0) and the top of
 * others (counters at 0.9 m) — and the start positions of the objects on it, which are where Habitat drops
 * them from (a bed "at" 0.8 m with things 1.5 m up). So the size comes from the category, not from the numbers:
 * - height: the category's usual height ({@link HEIGHT}); an unknown category twice its position's height,
 *   kept within 0.3 – 2 m. Things standing on a counter (microwave, coffee machine, cooktop) are centred at their
 *   position; wall-mounted ones (top cabinets) hang 0.7 m tall around it; everything else stands on the floor;
 * - footprint: the category's usual footprint ({@link FOOTPRINT}), grown to cover every object any episode
 *   starts on it (plus 0.15 m), centred on its position;
 * - then boxes that cut into each other (a counter and the cabinet beside it, both grown from their usual size)
 *   are cut back to meet halfway across the overlap, along the axis that costs less, never so far that an object
 *   starting on one would leave it; where that cannot be, a counter or a wall cabinet starts at the top of what
 *   it overlaps (a counter top over the dishwasher); carpets are left out of this (things stand on them).
 * Objects are then set on (or in) their start receptacle by the scene: see housekeep-scenes.ts.
 */
import type { ObjectSpec, Vec3 } from "../../../sim/scene/schema.ts";
import { housekeepReceptacleCategory, housekeepRoomType, type HousekeepEpisode } from "./housekeep.ts";
import { conceptOf } from "../labels/concepts.ts";
import { HousekeepHouseIds, housekeepRoomName } from "./housekeep-house-ids.ts";

/** Habitat (y-up) → ours (z-up): (x, y, z) becomes (x, −z, y), a proper rotation (handedness kept). */
export function habitatToZUp([x, y, z]: readonly [number, number, number]): Vec3 {
  return { x, y: -z, z: y };
}

/** Side of the cube every episode object becomes, m. */
export const OBJECT_SIZE = 0.15;
/** Receptacles that are not imported: nothing is put on or in them as furniture. */
const SKIPPED = new Set(["picture", "mirror", "window", "door"]);
/** Receptacles with an interior, open so that what is in them can be seen. */
const CONTAINERS = new Set(["fridge", "oven", "dishwasher", "bottom_cabinet", "top_cabinet", "washer", "dryer", "microwave", "basket"]);
/** Hung on a wall: 0.7 m tall around their position. */
const WALL_MOUNTED = new Set(["top_cabinet"]);
/** Stand on a counter or table: centred at their position. */
const ON_FURNITURE = new Set(["microwave", "coffee_machine", "cooktop"]);
/** Usual height of a category (the top of its top surface above its base), m. */
const HEIGHT: Record<string, number> = {
  basket: 0.35,
  bathtub: 0.55,
  bed: 0.6,
  bottom_cabinet: 0.85,
  carpet: 0.02,
  chair: 0.45,
  chest: 0.8,
  coffee_machine: 0.35,
  coffee_table: 0.45,
  console_table: 0.8,
  cooktop: 0.06,
  counter: 0.9,
  dishwasher: 0.85,
  dryer: 0.85,
  floor_lamp: 1.6,
  fridge: 1.8,
  heater: 0.6,
  loudspeaker: 0.8,
  microwave: 0.3,
  office_chair: 0.5,
  oven: 0.9,
  piano: 1.0,
  shelf: 1.8,
  shower: 2.0,
  sink: 0.9,
  sofa: 0.45,
  sofa_chair: 0.45,
  speaker_system: 0.8,
  stool: 0.5,
  stove: 0.9,
  table: 0.75,
  toilet: 0.45,
  top_cabinet: 0.7,
  treadmill: 0.3,
  washer: 0.85,
};
/** Usual footprint (x, y) of a category, m; others 0.6 × 0.5. */
const FOOTPRINT: Record<string, [number, number]> = {
  bed: [2, 1.6],
  bathtub: [1.7, 0.8],
  carpet: [2, 1.4],
  table: [1.2, 0.8],
  coffee_table: [1, 0.6],
  counter: [0.6, 0.6],
  sofa: [2, 0.9],
  sofa_chair: [0.9, 0.9],
  chair: [0.5, 0.5],
  office_chair: [0.6, 0.6],
  stool: [0.4, 0.4],
  fridge: [0.8, 0.7],
  shower: [0.9, 0.9],
  piano: [1.5, 0.6],
  treadmill: [1.8, 0.8],
  microwave: [0.5, 0.35],
  coffee_machine: [0.3, 0.3],
  basket: [0.4, 0.4],
};
/** Narrowest a receptacle is cut back to along an axis, m. */
const MIN_SIDE = 0.2;

/** Synset of a Housekeep category (`coffee_table` → `coffee_table.n.01`), `<category>.n.01` when unknown. */
export function housekeepSynset(category: string): string {
  return conceptOf(category)?.synset ?? `${category.toLowerCase().replace(/[^a-z0-9]+/g, "_")}.n.01`;
}

interface Sized {
  key: string;
  category: string;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  bottom: number;
  top: number;
  /** The footprint the objects starting on it need: cutting back stops there. */
  keep: { minX: number; maxX: number; minY: number; maxY: number } | null;
}

/**
 * Fixed receptacles of a house, sized from every episode of it (see module comment), under the house's ids
 * (clean and unique: housekeep-house-ids.ts).
 */
export function housekeepReceptacles(episodes: readonly HousekeepEpisode[], ids: HousekeepHouseIds = HousekeepHouseIds.of(episodes)): Map<string, ObjectSpec> {
  const keys = new Map<string, { category: string; at: Vec3 }>();
  const resting = new Map<string, Vec3[]>();
  for (const ep of episodes) {
    for (const r of ep.receptacles) if (r.position) keys.set(r.key, { category: housekeepReceptacleCategory(r.category), at: habitatToZUp(r.position) });
    for (const o of ep.objects) if (o.position) resting.set(o.start_receptacle, [...(resting.get(o.start_receptacle) ?? []), habitatToZUp(o.position)]);
  }
  const sized: Sized[] = [];
  for (const [key, { category, at }] of keys) {
    if (housekeepRoomType(key) === "none" || SKIPPED.has(category)) continue;
    const on = resting.get(key) ?? [];
    const [fx, fy] = FOOTPRINT[category] ?? [0.6, 0.5];
    const xs = [at.x - fx / 2, at.x + fx / 2, ...on.flatMap((p) => [p.x - OBJECT_SIZE, p.x + OBJECT_SIZE])];
    const ys = [at.y - fy / 2, at.y + fy / 2, ...on.flatMap((p) => [p.y - OBJECT_SIZE, p.y + OBJECT_SIZE])];
    const height = HEIGHT[category] ?? Math.min(2, Math.max(0.3, 2 * at.z));
    const bottom = WALL_MOUNTED.has(category) || ON_FURNITURE.has(category) ? Math.max(0, at.z - height / 2) : 0;
    const keep = on.length === 0 ? null : { minX: Math.min(...on.map((p) => p.x)) - OBJECT_SIZE / 2, maxX: Math.max(...on.map((p) => p.x)) + OBJECT_SIZE / 2, minY: Math.min(...on.map((p) => p.y)) - OBJECT_SIZE / 2, maxY: Math.max(...on.map((p) => p.y)) + OBJECT_SIZE / 2 };
    sized.push({ key, category, minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys), bottom, top: bottom + height, keep });
  }
  separate(sized.filter((s) => s.category !== "carpet"));
  const out = new Map<string, ObjectSpec>();
  for (const s of sized) {
    const container = CONTAINERS.has(s.category);
    out.set(s.key, {
      id: ids.receptacles.get(s.key)!,
      category: housekeepSynset(s.category),
      label: s.category.replace(/_/g, " "),
      room: ids.rooms.get(housekeepRoomName(s.key))!,
      box: { center: { x: (s.minX + s.maxX) / 2, y: (s.minY + s.maxY) / 2, z: (s.bottom + s.top) / 2 }, size: { x: s.maxX - s.minX, y: s.maxY - s.minY, z: s.top - s.bottom }, heading: 0 },
      kind: "fixed",
      shape: container ? "container" : s.category === "table" || s.category === "coffee_table" || s.category === "console_table" ? "table" : "solid",
      abilities: container ? ["container", "openable"] : ["surface"],
      states: container ? { open: true } : {},
      controls: [],
    });
  }
  return out;
}

/** Cuts back boxes that cut into each other (see module comment), in a fixed order: the same house, the same boxes. */
function separate(boxes: Sized[]): void {
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) if (splitOverlap(boxes[i]!, boxes[j]!)) changed = true;
    }
    if (!changed) return;
  }
}

/**
 * Parts `a` and `b` when they cut into each other; true when it changed them. Mostly over one another (a counter
 * on the dishwasher's footprint), a counter or wall cabinet goes on top; else they are cut back to meet side by
 * side, and failing that (what starts on them needs the room), stacked after all.
 */
function splitOverlap(a: Sized, b: Sized): boolean {
  const oz = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
  const ox = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const oy = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  if (oz <= 1e-6 || ox <= 1e-6 || oy <= 1e-6) return false;
  const area = (s: Sized) => (s.maxX - s.minX) * (s.maxY - s.minY);
  const overOneAnother = ox * oy > 0.5 * Math.min(area(a), area(b));
  return (overOneAnother && stack(a, b)) || sideBySide(a, b, ox, oy) || stack(a, b);
}

/** Cuts the two back to meet halfway across their overlap, along the cheaper axis that leaves what starts on each. */
function sideBySide(a: Sized, b: Sized, ox: number, oy: number): boolean {
  const axes = (ox <= oy ? ["x", "y"] : ["y", "x"]) as Array<"x" | "y">;
  for (const axis of axes) {
    const [lo, hi] = centre(a, axis) <= centre(b, axis) ? [a, b] : [b, a];
    const min = axis === "x" ? "minX" : "minY";
    const max = axis === "x" ? "maxX" : "maxY";
    // where the two may meet: past what starts on the lower one, short of what starts on the upper one
    const from = Math.max(hi[min], lo.keep ? lo.keep[max] : -Infinity, lo[min] + MIN_SIDE);
    const to = Math.min(lo[max], hi.keep ? hi.keep[min] : Infinity, hi[max] - MIN_SIDE);
    if (from > to) continue;
    const meet = Math.min(to, Math.max(from, (hi[min] + lo[max]) / 2));
    lo[max] = meet;
    hi[min] = meet;
    return true;
  }
  return false;
}

/** A counter top over the cabinet or dishwasher under it, a wall cabinet over the fridge: it starts at that one's top. */
function stack(a: Sized, b: Sized): boolean {
  for (const [upper, lower] of [
    [a, b],
    [b, a],
  ] as const) {
    if (!STACKS_OVER.has(upper.category) || lower.top > upper.top - MIN_SLAB || lower.top <= upper.bottom) continue;
    upper.bottom = lower.top;
    return true;
  }
  return false;
}

/** What may rest over another receptacle when the two cannot stand side by side: it starts at that one's top. */
const STACKS_OVER = new Set(["counter", "top_cabinet"]);
/** Thinnest a receptacle stacked over another becomes, m (a counter's top). */
const MIN_SLAB = 0.03;

function centre(s: Sized, axis: "x" | "y"): number {
  return axis === "x" ? (s.minX + s.maxX) / 2 : (s.minY + s.maxY) / 2;
}
