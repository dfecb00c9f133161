/**
 * VLA-3D objects → objects of our scenes. The label rule:
 * - walls, floors and ceilings (NYU40 `wall`, `floor`, `ceiling`) are not objects: rooms stand for them;
 * - carryable: NYU40 classes of loose things (`pillow`, `clothes`, `books`, `paper`, `towel`, `box`,
 *   `bag`, `otherprop`) no longer than 1 m on any side; everything else is fixed furniture;
 * - without an NYU40 class (`object_list.txt` only) the class is guessed from the label: a label that is
 *   an NYU40 class is that class; else its WordNet synset's ancestors name one (lamps, pictures, mirrors,
 *   blinds, televisions, tables, cabinets, …, see `GUESSES`); else `otherprop` when the category lookup
 *   (sim/categories) says a person carries such a thing, `otherfurniture` when it says it is fixed, and
 *   `otherfurniture` for labels WordNet does not know;
 * - fixed furniture is shaped for placement: tables and desks are `table` (on top and under);
 *   cabinets, dressers, night stands and refrigerators are openable `container`s; others `solid`;
 *   tables, desks, counters, shelves, beds, sofas, cabinets, dressers and night stands are surfaces;
 *   lamps and televisions are toggleable;
 * - category: the WordNet synset of the raw label's head phrase (then of the NYU label's) in `lemma.n.NN`
 *   form, via probes/labels/concepts.ts. The head phrase is the label spelled in ASCII (slug.ts) up to
 *   its first comma, without parentheses or a trailing "for …"/"with …"/"on …" phrase: "table, round"
 *   is a table (not round.n.01), "chair for office" a chair. Labels WordNet does not know become
 *   `<head phrase slug>.n.01` (counted as unmapped).
 * Ids are `<label slug>_<object id>` (`sofa_0`), so VLA-3D object ids stay readable in them.
 */
import type { Ability, ObjectSpec, Shape } from "../../../../sim/scene/schema.ts";
import { conceptOf } from "../../labels/concepts.ts";
import { categoryProfile } from "../../../../sim/categories/index.ts";
import { isA, synsetByName } from "../../../../sim/categories/wordnet.ts";
import type { Vla3dObject } from "./read.ts";
import { asciiLabel, labelSlug } from "./slug.ts";

export { labelSlug } from "./slug.ts";

const STRUCTURE = new Set(["wall", "floor", "ceiling"]);
/** NYU40 classes of loose things (carryable when no side is longer than 1 m). */
export const LOOSE_CLASSES: ReadonlySet<string> = new Set(["pillow", "clothes", "books", "paper", "towel", "box", "bag", "otherprop"]);
const TABLE = new Set(["table", "desk"]);
const CONTAINER = new Set(["cabinet", "dresser", "night stand", "refridgerator", "refrigerator"]);
const SURFACE = new Set(["table", "desk", "counter", "shelves", "bookshelf", "bed", "sofa", "cabinet", "dresser", "night stand"]);
const TOGGLEABLE = new Set(["lamp", "television"]);

/** NYU40 classes (lower case) a raw label may already be. */
const NYU40 = new Set([
  "wall", "floor", "cabinet", "bed", "chair", "sofa", "table", "door", "window", "bookshelf", "picture", "counter", "blinds", "desk",
  "shelves", "curtain", "dresser", "pillow", "mirror", "floor mat", "clothes", "ceiling", "books", "refridgerator", "refrigerator",
  "television", "paper", "towel", "shower curtain", "box", "whiteboard", "person", "night stand", "toilet", "sink", "lamp", "bathtub",
  "bag", "otherstructure", "otherfurniture", "otherprop",
]);

/** WordNet ancestor → NYU40 class, most specific first (the first ancestor the label's synset has wins). */
const GUESSES: ReadonlyArray<readonly [string, string]> = [
  ["night_table.n.01", "night stand"],
  ["desk.n.01", "desk"],
  ["table.n.02", "table"],
  ["worktop.n.01", "counter"],
  ["counter.n.01", "counter"],
  ["bookcase.n.01", "bookshelf"],
  ["shelf.n.01", "shelves"],
  ["chest_of_drawers.n.01", "dresser"],
  ["chest.n.02", "otherfurniture"],
  ["refrigerator.n.01", "refrigerator"],
  ["cabinet.n.01", "cabinet"],
  ["bed.n.01", "bed"],
  ["sofa.n.01", "sofa"],
  ["chair.n.01", "chair"],
  ["pillow.n.01", "pillow"],
  ["source_of_illumination.n.01", "lamp"],
  ["reflector.n.01", "mirror"],
  ["picture.n.01", "picture"],
  ["photograph.n.01", "picture"],
  ["graphic_art.n.01", "picture"],
  ["television.n.01", "television"],
  ["television_receiver.n.01", "television"],
  ["window_blind.n.01", "blinds"],
  ["screen.n.04", "blinds"],
  ["curtain.n.01", "curtain"],
  ["window.n.01", "window"],
  ["door.n.01", "door"],
  ["toilet.n.02", "toilet"],
  ["bidet.n.01", "toilet"],
  ["sink.n.01", "sink"],
  ["bathtub.n.01", "bathtub"],
  ["plumbing_fixture.n.01", "otherstructure"],
  ["conduit.n.01", "otherstructure"],
  ["opening.n.10", "otherstructure"],
  ["paneling.n.01", "otherstructure"],
  ["book.n.02", "books"],
  ["towel.n.01", "towel"],
  ["clothing.n.01", "clothes"],
  ["bag.n.01", "bag"],
  ["box.n.01", "box"],
];

const guessCache = new Map<string, string>();

/** The NYU40 class a raw label most likely has (see module comment). */
export function guessNyu40(label: string): string {
  const key = label.trim().toLowerCase();
  const cached = guessCache.get(key);
  if (cached !== undefined) return cached;
  const head = headPhrase(label).toLowerCase();
  let guess: string;
  if (NYU40.has(key)) guess = key;
  else if (NYU40.has(head)) guess = head;
  else {
    const concept = conceptOfHead(label);
    const offset = concept ? concept.offset : null;
    const hit = offset === null ? undefined : GUESSES.find(([ancestor]) => synsetByName(ancestor) !== null && isA(offset, ancestor));
    if (hit) guess = hit[1];
    else if (concept) guess = categoryProfile(concept.synset).kind === "carryable" ? "otherprop" : "otherfurniture";
    else guess = "otherfurniture";
  }
  guessCache.set(key, guess);
  return guess;
}

/** Lower-case NYU40 class (guessed from the raw label when the file has none, see module comment). */
export function nyu40Of(o: Vla3dObject): string {
  return o.nyu40Label !== undefined && o.nyu40Label.trim() !== "" ? o.nyu40Label.trim().toLowerCase() : guessNyu40(o.rawLabel);
}

/** True for walls, floors and ceilings, which are not imported as objects. */
export function isStructure(o: Vla3dObject): boolean {
  return STRUCTURE.has(nyu40Of(o)) || STRUCTURE.has(o.rawLabel.trim().toLowerCase());
}

/** True when the label rule makes the object carryable. */
export function isCarryable(o: Vla3dObject): boolean {
  return LOOSE_CLASSES.has(nyu40Of(o)) && Math.max(o.box.size.x, o.box.size.y, o.box.size.z) <= 1.0;
}

/**
 * The part of a label that names what the thing is (see module comment): ASCII spelling, up to the first
 * comma or semicolon, quoted names, parentheses and a trailing prepositional phrase dropped. Empty when
 * nothing is left (a label in a script without an ASCII spelling).
 */
export function headPhrase(label: string): string {
  // a quoted part is a name ('book "Dune"' is a book, not a dune), a parenthesis an aside
  const head = asciiLabel(label).text.replace(/"[^"]*"|\([^)]*\)/g, " ").split(/[,;]/)[0]!.trim();
  // "of" is the lookup's own business (concepts.ts keeps "chest of drawers" whole where WordNet has it)
  const cut = head.replace(/\s+(?:for|with|on|from|under|near)\s.*$/i, "").trim();
  return (cut || head).replace(/\s+/g, " ");
}

/** The WordNet concept of a label's head phrase, or null. */
function conceptOfHead(label: string) {
  const head = headPhrase(label);
  return head === "" ? null : conceptOf(head);
}

/** The category synset of an object and whether WordNet knew it. */
export function categoryOf(o: Vla3dObject): { synset: string; mapped: boolean } {
  const concept = conceptOfHead(o.rawLabel) ?? (o.nyuLabel ? conceptOfHead(o.nyuLabel) : null);
  if (concept && /^[A-Za-z0-9_'.-]+\.n\.\d+$/.test(concept.synset)) return { synset: concept.synset, mapped: true };
  const head = headPhrase(o.rawLabel);
  return { synset: `${labelSlug(head === "" ? o.rawLabel : head)}.n.01`, mapped: false };
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
