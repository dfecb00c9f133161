import type { Ability, Shape } from "../scene/schema.ts";

/** Extents in the object's own frame, metres: x = width (along a wall), y = depth, z = height. */
export type Size3 = readonly [number, number, number];

/**
 * Where a fixed object stands in its room: `wall` backs onto a wall (cabinet, fridge, window),
 * `free` stands away from walls (table, bed, car), `ground` is a patch of ground with its top at floor
 * level (lawn, driveway: its shape is `floor`).
 */
export type Siting = "wall" | "free" | "ground";

/** What the simulator needs to know about a category to put one in a house. */
export interface CategoryProfile {
  /** WordNet-style synset, e.g. `apple.n.01`. */
  synset: string;
  /** Readable label. */
  label: string;
  size: Size3;
  /** Furniture and fixtures are `fixed`; everything a person carries is `carryable`. */
  kind: "fixed" | "carryable";
  shape: Shape;
  abilities: readonly Ability[];
  /** Wall/base thickness of a container, metres. */
  wall?: number;
  siting: Siting;
  /** Room types it usually stands in (first = most typical); used for distractors. */
  rooms: readonly string[];
  /** Where the profile came from: the table, a WordNet ancestor's default, or the generic default. */
  source: "table" | "hypernym" | "default";
  /** For `hypernym` profiles: the ancestor synset whose default was used. */
  via?: string;
}

/** A table entry before the synset is attached. */
export type ProfileEntry = Omit<CategoryProfile, "synset" | "source" | "via" | "label"> & { label?: string };

type Extra = Partial<Omit<ProfileEntry, "size" | "kind">>;

/** Fixed furniture standing against a wall. */
export function furniture(size: Size3, extra: Extra = {}): ProfileEntry {
  return { size, kind: "fixed", shape: "solid", abilities: [], siting: "wall", rooms: [], ...extra };
}

/** Fixed furniture standing free in the room (things go on it and, for tables, under it). */
export function freeStanding(size: Size3, extra: Extra = {}): ProfileEntry {
  return furniture(size, { siting: "free", ...extra });
}

/** A closed storage unit with a door: things go inside once it is open. */
export function cupboard(size: Size3, extra: Extra = {}): ProfileEntry {
  return furniture(size, { shape: "container", abilities: ["container", "openable"], wall: 0.02, ...extra });
}

/** Something a person carries. */
export function item(size: Size3, abilities: readonly Ability[] = [], extra: Extra = {}): ProfileEntry {
  return { size, kind: "carryable", shape: "solid", abilities, siting: "free", rooms: [], ...extra };
}

/** A carryable open container (basket, bucket, bowl). */
export function vessel(size: Size3, abilities: readonly Ability[] = [], extra: Extra = {}): ProfileEntry {
  return item(size, ["container", ...abilities], { shape: "container", wall: 0.01, ...extra });
}

/** Food: it can be cooked and frozen; fruit and vegetables can also be sliced. */
export function food(size: Size3, opts: { sliceable?: boolean } = {}, extra: Extra = {}): ProfileEntry {
  const abilities: Ability[] = ["cookable", "freezable"];
  if (opts.sliceable) abilities.push("sliceable");
  return item(size, abilities, { rooms: ["kitchen"], ...extra });
}

/** The lemma of a synset, readable: `electric_refrigerator.n.01` → `electric refrigerator`, `can__of__soda.n.01` → `can of soda`. */
export function labelOf(synset: string): string {
  return lemmaOf(synset).replace(/_+/g, " ");
}

/** The lemma part of a synset name (`apple.n.01` → `apple`). */
export function lemmaOf(synset: string): string {
  const m = /^(.*)\.n\.\d+$/.exec(synset);
  return m ? m[1]! : synset;
}
