/**
 * Grounding ground truth of one imported VLA-3D storey: the folder's referential statements that belong to
 * it (object references answered by a VLA-3D id) and questions generated from the scene
 * (probes/grounding/from-scene.ts). The object list holds the storey's source objects (walls included,
 * placeholders not: they are no objects and no answer may be one), with VLA-3D's ids, in the scene's frame,
 * named as the statements name them.
 */
import type { ObjectSpec, SceneFile } from "../../../../sim/scene/schema.ts";
import { formatObjectList } from "../../grounding/object-list.ts";
import { groundingFromScene } from "../../grounding/from-scene.ts";
import type { GroundingTruth } from "../../types.ts";
import type { Vla3dObject, Vla3dStatement } from "./read.ts";
import type { Storey } from "./rooms.ts";

/**
 * The label of a source object in a grounding object list: the NYU label, which the referential statements use
 * ("the window above the banister" of the object whose raw label is "handrail"), else the raw label.
 */
export function statementLabel(o: { rawLabel: string; nyuLabel?: string }): string {
  const nyu = o.nyuLabel?.trim();
  return nyu && nyu !== "unknown" ? nyu : o.rawLabel;
}

/**
 * The storey's grounding lines: `statements` (already checked to target an imported object, and belonging to
 * this storey) first, then the generated questions, each question once. `sourceIdOf` gives each scene
 * object's VLA-3D id.
 */
export function groundingLines(
  scene: SceneFile,
  storey: Storey,
  members: readonly Vla3dObject[],
  statements: readonly Vla3dStatement[],
  sourceIdOf: ReadonlyMap<string, number>,
): GroundingTruth[] {
  const listedLabel = new Map(members.map((o) => [o.id, statementLabel(o)]));
  const objectList = formatObjectList(
    members.map((o) => ({
      id: o.id,
      box: { ...o.box, center: { ...o.box.center, z: o.box.center.z - storey.zShift } },
      label: listedLabel.get(o.id)!,
      ...(o.colors[0] ? { color: o.colors[0] } : {}),
    })),
  );
  const lines: GroundingTruth[] = [];
  const seen = new Set<string>();
  for (const s of statements) {
    if (seen.has(s.text)) continue;
    seen.add(s.text);
    lines.push({ scene: scene.id, type: "object_reference", question: s.text, answer: s.targetId, object_list: objectList });
  }
  const labelOf = (o: ObjectSpec) => listedLabel.get(sourceIdOf.get(o.id)!);
  for (const q of groundingFromScene(scene, { scene: scene.id, objectList, numberOf: (o) => sourceIdOf.get(o.id)!, labelOf }))
    if (!seen.has(q.question)) {
      seen.add(q.question);
      lines.push(q);
    }
  return lines;
}
