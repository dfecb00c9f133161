/**
 * Category knowledge: sizes, kinds, shapes and abilities of object categories (synsets), from a table
 * of household categories with WordNet-hypernym defaults for the rest.
 */
import type { Ability } from "../scene/schema.ts";
import { CATEGORY_TABLE, categoryProfile } from "./lookup.ts";
import type { CategoryProfile } from "./profile.ts";

export { categoryProfile, isTabled, wordnetOffset, resolvedWordnetName, CATEGORY_TABLE } from "./lookup.ts";
export { labelOf, lemmaOf } from "./profile.ts";
export type { CategoryProfile, ProfileEntry, Siting, Size3 } from "./profile.ts";

/** Tabled categories of one kind that usually stand in a room type, sorted by synset. */
export function categoriesForRoom(roomType: string, kind: "fixed" | "carryable"): string[] {
  return Object.keys(CATEGORY_TABLE)
    .filter((s) => {
      const p = categoryProfile(s);
      return p.kind === kind && p.shape !== "floor" && p.rooms.includes(roomType);
    })
    .sort();
}

/**
 * The category the sampler adds when an activity needs an ability that none of its objects has
 * (a stove to cook on, a rag to clean with, …).
 */
export const PROVIDER_OF: Readonly<Partial<Record<Ability, string>>> = {
  heat_source: "stove.n.01",
  cold_source: "electric_refrigerator.n.01",
  water_source: "sink.n.01",
  cleaning_tool: "rag.n.01",
  cleaner: "detergent.n.02",
  slicer: "carving_knife.n.01",
  dryer: "towel.n.01",
};

/** True when the profile has the ability. */
export function can(profile: CategoryProfile, ability: Ability): boolean {
  return profile.abilities.includes(ability);
}
