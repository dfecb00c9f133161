/**
 * 3D grounding questions generated from a scene of ours, in seed 003's ground-truth format.
 * Numerical: "How many <label>s are in <room id>?" for the most frequent labels of each room (the
 * answer counts the scene's objects with that label whose room is that room). Object reference:
 * "Find the <label> in <room id>." for labels that occur once in a room (the answer is that object).
 * The object list numbers objects by their position in the scene (or by `numberOf`).
 */
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { GroundingTruth } from "../types.ts";
import { formatObjectList } from "./object-list.ts";

type SceneObject = SceneFile["objects"][number];

export interface SceneQuestionOptions {
  /** Scene name written in each line (default the scene id). */
  scene?: string;
  /** Numerical questions per room (default 3). */
  perRoom?: number;
  /** Object-list number of an object (default its index in the scene). */
  numberOf?: (o: SceneObject, index: number) => number;
  /** Object list text to use instead of the scene's objects (e.g. a source list with more objects). */
  objectList?: string;
  /** The label an object has in `objectList` (default {@link readableLabel}): questions name objects as the list does. */
  labelOf?: (o: SceneObject) => string | undefined;
}

/** A readable label of an object: its label, or its synset's lemma. */
export function readableLabel(o: SceneObject): string {
  return (o.label ?? o.category.replace(/\.n\.\d+$/, "").replace(/_/g, " ")).toLowerCase();
}

/**
 * Naive English plural (enough for generated questions). A label already in the plural (`clothes`, `shelves`,
 * `stairs`: NYU labels often are) stays as it is; `-ss` and `-us` words take `-es`; a shelf, a knife: shelves, knives.
 */
export function plural(label: string): string {
  if (/(ss|us|x|z|ch|sh)$/.test(label)) return `${label}es`;
  if (/s$/.test(label)) return label;
  if (/lf$/.test(label)) return `${label.slice(0, -1)}ves`;
  if (/ife$/.test(label)) return `${label.slice(0, -2)}ves`;
  if (/[^aeiou]y$/.test(label)) return `${label.slice(0, -1)}ies`;
  return `${label}s`;
}

/** Generates numerical and object-reference questions for a scene (see module comment). */
export function groundingFromScene(scene: SceneFile, options: SceneQuestionOptions = {}): GroundingTruth[] {
  const numberOf = options.numberOf ?? ((_o: SceneObject, i: number) => i);
  const objectList =
    options.objectList ??
    formatObjectList(scene.objects.map((o, i) => ({ id: numberOf(o, i), box: o.box, label: readableLabel(o) })));
  const name = options.scene ?? scene.id;
  const labelOf = (o: SceneObject) => options.labelOf?.(o) ?? readableLabel(o);
  const out: GroundingTruth[] = [];
  for (const room of scene.rooms) {
    const inRoom = scene.objects.map((o, i) => ({ o, i })).filter(({ o }) => o.room === room.id);
    const byLabel = new Map<string, Array<{ o: SceneObject; i: number }>>();
    for (const x of inRoom) byLabel.set(labelOf(x.o), [...(byLabel.get(labelOf(x.o)) ?? []), x]);
    const labels = [...byLabel.keys()].sort((a, b) => byLabel.get(b)!.length - byLabel.get(a)!.length || (a < b ? -1 : 1));
    for (const label of labels.slice(0, options.perRoom ?? 3))
      out.push({ scene: name, type: "numerical", question: `How many ${plural(label)} are in ${room.id}?`, answer: byLabel.get(label)!.length, object_list: objectList });
    for (const label of labels.filter((l) => byLabel.get(l)!.length === 1)) {
      const { o, i } = byLabel.get(label)![0]!;
      out.push({ scene: name, type: "object_reference", question: `Find the ${label} in ${room.id}.`, answer: numberOf(o, i), object_list: objectList });
    }
  }
  return out;
}
