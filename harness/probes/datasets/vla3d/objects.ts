/**
 * VLA-3D objects → objects of our scenes. The label rule:
 * - walls, floors and ceilings (NYU40 `wall`, `floor`, `ceiling`) are not objects: rooms stand for them;
 * - carryable: NYU40 classes of loose things (`pillow`, `clothes`, `books`, `paper`, `towel`, `box`,
 *   `bag`, `otherprop`) no longer than 1 m on any side; everything else is fixed furniture;
 * - fixed furniture is shaped for placement: tables and desks are `table` (on top and under);
 *   cabinets, dressers, night stands and refrigerators are openable `container`s; others `solid`;
 *   tables, desks, counters, shelves, beds, sofas, cabinets, dressers and night stands are surfaces;
 *   lamps and televisions are toggleable;
 * - category: the WordNet synset of the raw label (then of the NYU label) in `lemma.n.NN` form,
 *   via probes/labels/concepts.ts; labels WordNet does not know become `<label>.n.01` (counted as
 *   unmapped).
 * Ids are `<label>_<object id>` (`sofa_0`), so VLA-3D object ids stay readable in them.
 */
import type { Ability, ObjectSpec, Shape } from "../../../../sim/scene/schema.ts";
import { conceptOf } from "../../labels/concepts.ts";
import type { Vla3dObject } from "./read.ts";

const STRUCTURE = new Set(["wall", "floor", "ceiling"]);
const LOOSE = new Set(["pillow", "clothes", "books", "paper", "towel", "box", "bag", "otherprop"]);
const TABLE = new Set(["table", "desk"]);
const CONTAINER = new Set(["cabinet", "dresser", "night stand", "refridgerator", "refrigerator"]);
const SURFACE = new Set(["table", "desk", "counter", "shelves", "bookshelf", "bed", "sofa", "cabinet", "dresser", "night stand"]);
const TOGGLEABLE = new Set(["lamp", "television"]);

/** Lower-case NYU40 class (falls back to the raw label when the file has none). */
export function nyu40Of(o: Vla3dObject): string {
  return (o.nyu40Label ?? o.rawLabel).trim().toLowerCase();
}

/** True for walls, floors and ceilings, which are not imported as objects. */
export function isStructure(o: Vla3dObject): boolean {
  return STRUCTURE.has(nyu40Of(o)) || STRUCTURE.has(o.rawLabel.trim().toLowerCase());
}

/** True when the label rule makes the object carryable. */
export function isCarryable(o: Vla3dObject): boolean {
  return LOOSE.has(nyu40Of(o)) && Math.max(o.box.size.x, o.box.size.y, o.box.size.z) <= 1.0;
}

/** Slug used in ids and fallback synsets: lower case, `_` between words. */
export function labelSlug(label: string): string {
  return label.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "") || "object";
}

/** The category synset of an object and whether WordNet knew it. */
export function categoryOf(o: Vla3dObject): { synset: string; mapped: boolean } {
  const concept = conceptOf(o.rawLabel) ?? (o.nyuLabel ? conceptOf(o.nyuLabel) : null);
  if (concept && /^[A-Za-z0-9_'.-]+\.n\.\d+$/.test(concept.synset)) return { synset: concept.synset, mapped: true };
  return { synset: `${labelSlug(o.rawLabel)}.n.01`, mapped: false };
}

/** Converts one object (not a wall, floor or ceiling) given its room and the storey's z shift. */
export function toObjectSpec(o: Vla3dObject, room: string, zShift: number): { spec: ObjectSpec; mapped: boolean } {
  const nyu = nyu40Of(o);
  const carryable = isCarryable(o);
  const { synset, mapped } = categoryOf(o);
  const abilities: Ability[] = [];
  let shape: Shape = "solid";
  if (!carryable) {
    if (TABLE.has(nyu)) shape = "table";
    if (CONTAINER.has(nyu)) {
      shape = "container";
      abilities.push("container", "openable");
    }
    if (SURFACE.has(nyu)) abilities.push("surface");
  }
  if (TOGGLEABLE.has(nyu)) abilities.push("toggleable");
  const spec: ObjectSpec = {
    id: `${labelSlug(o.rawLabel)}_${o.id}`,
    category: synset,
    label: o.rawLabel,
    room,
    box: {
      center: { x: o.box.center.x, y: o.box.center.y, z: o.box.center.z - zShift },
      size: { ...o.box.size },
      heading: o.box.heading,
    },
    kind: carryable ? "carryable" : "fixed",
    shape,
    abilities,
    states: {},
    controls: [],
  };
  return { spec, mapped };
}
