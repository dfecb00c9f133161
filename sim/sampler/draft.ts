import type { CategoryProfile, Siting } from "../categories/index.ts";
import type { PredicateObject } from "../predicates/subject.ts";
import type { Ability, Box, ObjectSpec, Shape, StateName, Vec3 } from "../scene/schema.ts";
import type { SupportPred } from "./activity.ts";

/** An object of the scene being sampled: its size may still grow and its pose is set once placed. */
export interface DraftObject {
  id: string;
  /** The BDDL instance bound to it, if any. */
  instance?: string;
  /** For an extra member of a `_*` wildcard: the wildcard instance. */
  wildcardOf?: string;
  /** Why it is in the scene. */
  origin: "declared" | "wildcard" | "provider" | "distractor" | "floor";
  category: string;
  label: string;
  kind: "fixed" | "carryable";
  shape: Shape;
  abilities: Ability[];
  wall?: number;
  size: Vec3;
  siting: Siting;
  /** Room types it usually stands in (for where to put providers and distractors). */
  rooms: readonly string[];
  /** Room id it is assigned to (furniture) or ends up in (items, from its centre). */
  room?: string;
  box?: Box;
  states: Partial<Record<StateName, boolean>>;
  /** What it rests on or in (a draft id); absent for furniture on the floor. */
  support?: { pred: SupportPred; target: string };
  /** Binary init literals with this object first, with the other argument as a draft id. */
  facts: { pred: string; other: string; positive: boolean }[];
  /** Room id a piece of furniture must reach into (something under it lies on that room's floor). */
  straddle?: string;
  /**
   * Height of a piece of furniture's bottom above the floor, m: hung on the wall (a sink, a cabinet) so that
   * what the activity puts under it fits there. Absent: it stands on the floor.
   */
  elevation?: number;
  /** Furniture placed by room (its kind stays `fixed` while the house is planned) that the scene lets a person carry. */
  movable?: boolean;
}

/** A draft made from a category profile. */
export function draftFromProfile(id: string, profile: CategoryProfile, origin: DraftObject["origin"], kind = profile.kind): DraftObject {
  return {
    id,
    origin,
    category: profile.synset,
    label: profile.label,
    kind,
    shape: profile.shape,
    abilities: [...profile.abilities],
    ...(profile.wall !== undefined ? { wall: profile.wall } : {}),
    size: { x: profile.size[0], y: profile.size[1], z: profile.size[2] },
    siting: profile.siting,
    rooms: profile.rooms,
    states: defaultStates(profile.abilities),
    facts: [],
  };
}

/** Openable things start closed and switches start off, unless the activity says otherwise. */
function defaultStates(abilities: readonly Ability[]): Partial<Record<StateName, boolean>> {
  const s: Partial<Record<StateName, boolean>> = {};
  if (abilities.includes("openable")) s.open = false;
  if (abilities.includes("toggleable")) s.toggled_on = false;
  return s;
}

/** The draft as the predicates and physics read it (it must be placed). */
export function asPredicateObject(d: DraftObject, box: Box = d.box!): PredicateObject {
  return {
    id: d.id,
    box,
    shape: d.shape,
    wall: d.wall ?? 0.02,
    abilities: new Set(d.abilities),
    held: false,
    states: d.states,
    room: d.room ?? "",
  };
}

/** The scene-file object of a placed draft (numbers rounded to micrometres). */
export function toObjectSpec(d: DraftObject): ObjectSpec {
  const b = d.box!;
  return {
    id: d.id,
    category: d.category,
    label: d.label,
    room: d.room!,
    box: {
      center: { x: round6(b.center.x), y: round6(b.center.y), z: round6(b.center.z) },
      size: { x: round6(b.size.x), y: round6(b.size.y), z: round6(b.size.z) },
      heading: round6(b.heading),
    },
    kind: d.movable ? "carryable" : d.kind,
    shape: d.shape,
    abilities: [...new Set(d.abilities)].sort(),
    states: Object.fromEntries(Object.entries(d.states).sort(([a], [b]) => (a < b ? -1 : 1))),
    controls: [],
    ...(d.wall !== undefined ? { wall: d.wall } : {}),
  };
}

/** Rounds to micrometres so files hold short numbers (and -0 never appears). */
export function round6(x: number): number {
  const r = Math.round(x * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}

/** True when the draft starts as a cloth spread over `target` (an init `overlaid`): it covers it, it takes no room on it. */
export function spreadOver(d: DraftObject, target: string): boolean {
  return d.facts.some((f) => f.positive && f.pred === "overlaid" && f.other === target);
}
