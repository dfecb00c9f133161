/**
 * `rearrange import vla3d SRC --out DIR`: VLA-3D scene folders → scenes of ours and 3D grounding
 * ground truth. SRC is a VLA-3D tree (`<dataset>/<scene>/…`), one scene folder, or anything in
 * between; a scene folder is one holding `*_object_result.csv` or `object_list.txt`. Writes
 *   scenes/<dataset>-<scene>[-storeyN].scene.json   validated by SceneSchema (rules: probes/datasets/vla3d/*)
 *   grounding/<same id>.gt.jsonl                    seed 003 lines: the folder's referential statements
 *                                                   (object references) plus questions generated from the scene
 *   tasks/<same id>-move-<object>.task.json         a generated "put X on Y" task (rules: vla3d/task.ts), kept
 *                                                   only when the oracle solves it (vla3d/check-task.ts)
 *   vla3d.suite.json                                one episode per generated task, for `rearrange run --suite`
 *   import.json                                     this summary
 * Partial folders: without the region file, storeys come from the floor slabs and each is one room; without
 * the object CSV, NYU40 classes are guessed from the labels and regions from the region boxes (notes say so).
 * An object outside every room goes to the nearest room, which grows to hold it; one sunk more than 5 cm
 * below its storey's floor is raised onto it.
 * The object list of every grounding line holds all of the storey's source objects (walls included)
 * with VLA-3D's ids, in the scene's frame (z lowered with the storey, see rooms.ts).
 */
import path from "node:path";
import { SceneSchema, SCENE_SCHEMA_VERSION, type ObjectSpec, type SceneFile } from "../../sim/scene/schema.ts";
import { formatJsonPath } from "../../sim/errors.ts";
import { listSourceFiles, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import { readVla3dFolder, type Vla3dFolder, type Vla3dObject } from "../probes/datasets/vla3d/read.ts";
import { assignRegions, fitRooms, planStoreys, roomOf, storeyOf } from "../probes/datasets/vla3d/rooms.ts";
import { moveTask } from "../probes/datasets/vla3d/task.ts";
import { oracleSolves } from "../probes/datasets/vla3d/check-task.ts";
import { isStructure, labelSlug, toObjectSpec } from "../probes/datasets/vla3d/objects.ts";
import { formatObjectList } from "../probes/grounding/object-list.ts";
import { groundingFromScene } from "../probes/grounding/from-scene.ts";
import type { GroundingTruth } from "../probes/types.ts";
import type { ImportOptions, ImportSummary } from "./index.ts";

function isSceneFolder(files: readonly string[]): boolean {
  return files.some((f) => f.endsWith("_object_result.csv") || f.endsWith("object_list.txt"));
}

interface SuiteEpisode {
  id: string;
  scene: string;
  task: string;
  seed: number;
  maxSteps: number;
}

/** Tasks tried per scene before giving up: each is checked by running the oracle on it. */
const TASK_ATTEMPTS = 12;
/** How far (m) a box may reach below its storey's floor before it is raised onto it. */
const SINK_TOLERANCE = 0.05;

function importFolder(folder: Vla3dFolder, out: string, seed: number, summary: ImportSummary, episodes: SuiteEpisode[]): void {
  const sourceObjects = assignRegions(folder.regions, folder.objects);
  const storeys = planStoreys(folder.regions, sourceObjects);
  const baseId = `${labelSlug(folder.dataset)}-${labelSlug(folder.name)}`;
  let structure = 0;
  let degenerate = 0;
  const unmapped = new Set<string>();
  let lifted = 0;
  const sceneIdOf = (index: number) => (storeys.length > 1 && index > 0 ? `${baseId}-storey${index}` : baseId);
  for (const storey of storeys) {
    const sceneId = sceneIdOf(storey.index);
    const members = sourceObjects.filter((o) => storeyOf(o, storeys) === storey);
    const objects: ObjectSpec[] = [];
    for (const o of members) {
      if (isStructure(o)) {
        structure++;
        continue;
      }
      if (!(Math.min(o.box.size.x, o.box.size.y, o.box.size.z) > 0)) {
        degenerate++;
        continue;
      }
      const { spec, mapped } = toObjectSpec(o, roomOf(o, storey).id, storey.zShift);
      if (!mapped) unmapped.add(o.rawLabel);
      // a box sunk below its storey's floor stands on it (a few centimetres are scan noise, left as they are)
      const sunk = spec.box.center.z - spec.box.size.z / 2;
      if (sunk < -SINK_TOLERANCE) {
        spec.box.center.z -= sunk;
        lifted++;
      }
      objects.push(spec);
    }
    // an object outside every room footprint went to the nearest room: that room grows to hold it
    const grown = fitRooms(storey.rooms, objects);
    if (grown.length > 0)
      summary.notes.push(`${sceneIdOf(storey.index)}: objects outside every room footprint, their nearest room grown to hold them: ${grown.slice(0, 8).join(", ")}${grown.length > 8 ? `, … (${grown.length})` : ""}`);
    const counts = new Map<string, number>();
    for (const o of objects) counts.set(o.room, (counts.get(o.room) ?? 0) + 1);
    const agentRoom = [...storey.rooms].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))[0]!.id;
    const scene: SceneFile = {
      schemaVersion: SCENE_SCHEMA_VERSION,
      id: sceneId,
      name: `${folder.dataset} ${folder.name}${storeys.length > 1 ? ` (storey ${storey.index})` : ""}`,
      description: `Imported from VLA-3D ${folder.dataset}/${folder.name}${storey.zShift !== 0 ? `; source z minus ${storey.zShift.toFixed(3)} m so the floor is at 0` : ""}.`,
      source: "VLA-3D (MIT licence)",
      rooms: storey.rooms,
      objects,
      agent: { room: agentRoom },
    };
    const checked = SceneSchema.safeParse(scene);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      summary.skipped.push({ file: `${folder.dataset}/${folder.name}`, where: formatJsonPath(issue.path), reason: `generated scene is invalid: ${issue.message}` });
      continue;
    }
    const scenePath = writeJsonFile(out, path.join("scenes", `${sceneId}.scene.json`), scene);
    summary.files.push({ path: scenePath, what: `scene: ${storey.rooms.length} rooms, ${objects.filter((o) => o.kind === "carryable").length} carryable of ${objects.length} objects`, count: objects.length });
    let task: Record<string, unknown> | null = null;
    let tried = 0;
    for (let attempt = 0; attempt < TASK_ATTEMPTS; attempt++) {
      const candidate = moveTask(scene, seed, attempt);
      if (!candidate) break;
      tried++;
      if (oracleSolves(scene, candidate)) {
        task = candidate;
        break;
      }
    }
    if (tried > 1 || (tried === 1 && !task))
      summary.notes.push(`${sceneId}: ${task ? tried - 1 : tried} generated tasks left out: the oracle could not solve them`);
    if (task) {
      const taskPath = writeJsonFile(out, path.join("tasks", `${task.id as string}.task.json`), task);
      summary.files.push({ path: taskPath, what: `task: ${task.instruction as string}`, count: 1 });
      episodes.push({ id: task.id as string, scene: `scenes/${sceneId}.scene.json`, task: `tasks/${task.id as string}.task.json`, seed: episodes.length, maxSteps: 60 });
    } else summary.notes.push(`${sceneId}: no task generated (needs a carryable object and a table-like surface${tried > 0 ? ", and a task the oracle solves" : ""})`);
    // grounding: all source objects of the storey, VLA-3D ids, scene frame, named as the statements name them
    const listedLabel = new Map(members.map((o) => [o.id, statementLabel(o)]));
    const listed = members.map((o) => ({
      id: o.id,
      box: { ...o.box, center: { ...o.box.center, z: o.box.center.z - storey.zShift } },
      label: listedLabel.get(o.id)!,
      ...(o.colors[0] ? { color: o.colors[0] } : {}),
    }));
    const objectList = formatObjectList(listed);
    const ids = new Set(members.map((o) => o.id));
    const lines: GroundingTruth[] = [];
    const seen = new Set<string>();
    for (const s of folder.statements) {
      // a statement belongs to its region's storey; when no storey knows the region, to its target's
      const known = storeys.some((t) => t.roomOfRegion.has(s.regionId));
      if (storeys.length > 1 && (known ? !storey.roomOfRegion.has(s.regionId) : !ids.has(s.targetId))) continue;
      if (!ids.has(s.targetId)) {
        summary.skipped.push({ file: `${folder.dataset}/${folder.name}`, where: JSON.stringify(s.text), reason: `target object ${s.targetId} is not in the object file` });
        continue;
      }
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      lines.push({ scene: sceneId, type: "object_reference", question: s.text, answer: s.targetId, object_list: objectList });
    }
    const sourceNumber = new Map(objects.map((o, i) => [o.id, Number(o.id.slice(o.id.lastIndexOf("_") + 1)) || i]));
    const labelOf = (o: ObjectSpec) => listedLabel.get(sourceNumber.get(o.id)!);
    for (const q of groundingFromScene(scene, { scene: sceneId, objectList, numberOf: (o) => sourceNumber.get(o.id)!, labelOf }))
      if (!seen.has(q.question)) {
        seen.add(q.question);
        lines.push(q);
      }
    const gtPath = writeJsonlFile(out, path.join("grounding", `${sceneId}.gt.jsonl`), lines);
    const statements = lines.filter((l) => !l.question.startsWith("How many") && !l.question.startsWith("Find the")).length;
    summary.files.push({ path: gtPath, what: `grounding questions (${statements} from referential statements, ${lines.length - statements} generated)`, count: lines.length });
  }
  if (storeys.length > 1) summary.notes.push(`${folder.dataset}/${folder.name}: ${storeys.length} storeys, one scene each (floor levels ${storeys.map((s) => s.zShift.toFixed(2)).join(", ")} m)`);
  summary.notes.push(
    `${folder.dataset}/${folder.name}: ${structure} walls/floors/ceilings left out${degenerate ? `, ${degenerate} zero-size objects left out` : ""}${lifted ? `, ${lifted} objects below their storey's floor raised onto it` : ""}${unmapped.size ? `, labels not in WordNet (category <label>.n.01): ${[...unmapped].sort().join(", ")}` : ""}`,
  );
}

/** Imports VLA-3D scene folders (see module comment). */
export async function importVla3d(src: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { format: "vla3d", source: src, out: options.out, files: [], skipped: [], notes: [] };
  const episodes: SuiteEpisode[] = [];
  const byDir = new Map<string, string[]>();
  for (const f of listSourceFiles(src)) byDir.set(path.dirname(f), [...(byDir.get(path.dirname(f)) ?? []), f]);
  for (const [dir, files] of [...byDir].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!isSceneFolder(files)) {
      for (const f of files) summary.skipped.push({ file: f, reason: "not in a VLA-3D scene folder (no *_object_result.csv or object_list.txt beside it)" });
      continue;
    }
    const folder = readVla3dFolder(dir, files);
    summary.skipped.push(...folder.skipped);
    summary.notes.push(...folder.notes);
    if (folder.objects.length === 0) {
      summary.skipped.push({ file: dir, reason: "no objects could be read" });
      continue;
    }
    importFolder(folder, options.out, options.seed ?? 0, summary, episodes);
  }
  if (episodes.length > 0) {
    const suite = { schemaVersion: 1, id: "vla3d", description: "Generated move tasks in scenes imported from VLA-3D.", episodes };
    summary.files.push({ path: writeJsonFile(options.out, "vla3d.suite.json", suite), what: "suite of the generated tasks", count: episodes.length });
  }
  summary.notes.push(
    "furniture vs carryable: NYU40 pillow/clothes/books/paper/towel/box/bag/otherprop no longer than 1 m are carryable, the rest fixed (without NYU40 classes, the class is guessed from the label's WordNet category)",
    "rooms from regions (without a region file: one room per storey, storeys from the floor slabs); doors between touching rooms, nearest rooms bridged so every room is reachable",
    "every generated task was run with the oracle and kept only if it solved it",
  );
  summary.files.push({ path: path.join(options.out, "import.json"), what: "this summary", count: 1 });
  writeJsonFile(options.out, "import.json", summary);
  return summary;
}

/**
 * The label of a source object in a grounding object list: the NYU label, which the referential statements use
 * ("the window above the banister" of the object whose raw label is "handrail"), else the raw label.
 */
function statementLabel(o: { rawLabel: string; nyuLabel?: string }): string {
  const nyu = o.nyuLabel?.trim();
  return nyu && nyu !== "unknown" ? nyu : o.rawLabel;
}
