/**
 * The placement rule of probe cases generated from our scenes: how plausible it is to keep an object
 * at a place `room_type|receptacle_kind` (e.g. `kitchen|fridge`, `bedroom|floor`), graded 0–3.
 *
 * gain(object, place) = the highest entry of the object's group table (placement-table.ts) that
 * matches the place: `kind` entries count only in the group's rooms — the group's own room types
 * plus the rooms its category profile lists (the prior the scene sampler uses to put objects in
 * rooms, sim/categories) — `*|kind` entries in any room, `room|kind` entries in that room; 0 when
 * nothing matches. Where the object happens to lie in the scene plays no part: the bundled houses
 * leave objects out of place on purpose (that is what their tasks are about).
 */
import { categoryProfile, labelOf, wordnetOffset } from "../../../sim/categories/index.ts";
import { hypernymClosure, synsetByName } from "../../../sim/categories/wordnet.ts";
import { FALLBACK_GROUP, FLOOR_KIND, OBJECT_GROUPS, RECEPTACLE_KINDS, type ObjectGroupRow } from "./placement-table.ts";

/** What the rule reads of an object. */
export interface RuleObject {
  category: string;
  label?: string;
  shape?: string;
}

/** Grade of the best place there is for anything (where it belongs). */
export const TOP_GAIN = 3;

const anchorCache = new Map<string, number | null>();

function anchorOffset(name: string): number | null {
  if (!anchorCache.has(name)) anchorCache.set(name, synsetByName(name));
  return anchorCache.get(name)!;
}

/** True when the category's WordNet concept is one of `anchors` or a hyponym of one. */
function isUnder(category: string, anchors: readonly string[] | undefined): boolean {
  if (!anchors?.length) return false;
  const offset = wordnetOffset(category);
  if (offset === null) return false;
  const closure = hypernymClosure(offset);
  return anchors.some((a) => {
    const o = anchorOffset(a);
    return o !== null && closure.has(o);
  });
}

/** The text label patterns are matched against: the label and the category's lemma. */
function labelText(o: RuleObject): string {
  return `${o.label ?? ""} ${labelOf(o.category)}`;
}

/** Receptacle kind of a fixed object (`fridge`, `table`, `floor`, …), or null when things are not put on or in it. */
export function receptacleKind(o: RuleObject): string | null {
  if (o.shape === "floor") return FLOOR_KIND;
  const text = labelText(o);
  for (const row of RECEPTACLE_KINDS) if (row.label?.test(text)) return row.kind;
  for (const row of RECEPTACLE_KINDS) if (isUnder(o.category, row.anchors)) return row.kind;
  return null;
}

/** The group a carryable object belongs to (label patterns first, then WordNet anchors); the fallback group when none fits. */
export function objectGroup(o: RuleObject): ObjectGroupRow {
  const text = labelText(o);
  for (const row of OBJECT_GROUPS) if (row.label?.test(text)) return row;
  for (const row of OBJECT_GROUPS) if (isUnder(o.category, row.anchors)) return row;
  return FALLBACK_GROUP;
}

/** Room types where the object is kept: its group's plus its category profile's (sorted, distinct). */
export function roomsOf(o: RuleObject): string[] {
  return [...new Set([...objectGroup(o).rooms, ...categoryProfile(o.category).rooms])].sort();
}

/** The place id of a receptacle kind in a room type. */
export function placeId(roomType: string, kind: string): string {
  return `${roomType}|${kind}`;
}

/** Splits a place id into room type and receptacle kind. */
export function splitPlace(place: string): { roomType: string; kind: string } {
  const bar = place.lastIndexOf("|");
  return { roomType: place.slice(0, bar), kind: place.slice(bar + 1) };
}

/** Gain 0–3 of keeping the object at `room_type|kind` (see the module comment). */
export function placeGain(o: RuleObject, place: string): number {
  const { roomType, kind } = splitPlace(place);
  const group = objectGroup(o);
  let gain = group.places[`${roomType}|${kind}`] ?? 0;
  gain = Math.max(gain, group.places[`*|${kind}`] ?? 0);
  if (roomsOf(o).includes(roomType)) gain = Math.max(gain, group.places[kind] ?? 0);
  return gain;
}

/** A readable noun for an object's category (`remote_control.n.01` → `remote control`). */
export function objectNoun(category: string): string {
  return labelOf(category).toLowerCase();
}
