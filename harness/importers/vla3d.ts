/**
 * `rearrange import vla3d SRC --out DIR`: VLA-3D scene folders → scenes of ours and 3D grounding
 * ground truth. SRC is a VLA-3D tree (`<dataset>/<scene>/…`), one scene folder, or anything in
 * between; a scene folder is one holding `*_object_result.csv` or `object_list.txt`. Writes
 *   scenes/<dataset>-<scene>[-storeyN].scene.json   validated by SceneSchema (rules: probes/datasets/vla3d/*)
 *   grounding/<same id>.gt.jsonl                    seed 003 lines: the folder's referential statements
 *                                                   (object references) plus questions generated from the scene
 *   tasks/<same id>-move-<object>.task.json         a generated "put X on Y" task (rules: vla3d/task.ts)
 *   vla3d.suite.json                                one episode per generated task, for `rearrange run --suite`
 *   import.json                                     this summary
 * The object list of every grounding line holds all of the storey's source objects (walls included)
 * with VLA-3D's ids, in the scene's frame (z lowered with the storey, see rooms.ts).
 */
import path from "node:path";
import { SceneSchema, SCENE_SCHEMA_VERSION, type ObjectSpec, type SceneFile } from "../../sim/scene/schema.ts";
import { formatJsonPath } from "../../sim/errors.ts";
import { listSourceFiles, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import { readVla3dFolder, type Vla3dFolder, type Vla3dObject } from "../probes/datasets/vla3d/read.ts";
import { planStoreys, type Storey } from "../probes/datasets/vla3d/rooms.ts";
import { moveTask } from "../probes/datasets/vla3d/task.ts";
import { isStructure, labelSlug, toObjectSpec } from "../probes/datasets/vla3d/objects.ts";
import { formatObjectList } from "../probes/grounding/object-list.ts";
import { groundingFromScene } from "../probes/grounding/from-scene.ts";
import type { GroundingTruth } from "../probes/types.ts";
import type { ImportOptions, ImportSummary } from "./index.ts";

function isSceneFolder(files: readonly string[]): boolean {
  return files.some((f) => f.endsWith("_object_result.csv") || f.endsWith("object_list.txt"));
}

/** Storey of an object: its region's, else the highest storey whose floor is below its bottom. */
function storeyOf(o: Vla3dObject, storeys: readonly Storey[]): Storey {
  const byRegion = o.regionId !== null ? storeys.find((s) => s.roomOfRegion.has(o.regionId!)) : undefined;
  if (byRegion) return byRegion;
  const bottom = o.box.center.z - o.box.size.z / 2;
  return [...storeys].sort((a, b) => b.zShift - a.zShift).find((s) => s.zShift <= bottom + 0.3) ?? storeys[0]!;
}

/** Room of an object in its storey: its region's room, else the room containing it, else the nearest. */
function roomOf(o: Vla3dObject, storey: Storey): string {
  const direct = o.regionId !== null ? storey.roomOfRegion.get(o.regionId) : undefined;
  if (direct) return direct;
  const { x, y } = o.box.center;
  let best = storey.rooms[0]!;
  let bestDistance = Infinity;
  for (const r of storey.rooms) {
    const f = r.footprint;
    const d = Math.hypot(Math.max(f.min.x - x, 0, x - f.max.x), Math.max(f.min.y - y, 0, y - f.max.y));
    if (d < bestDistance) [best, bestDistance] = [r, d];
  }
  return best.id;
}

interface SuiteEpisode {
  id: string;
  scene: string;
  task: string;
  seed: number;
  maxSteps: number;
}

function importFolder(folder: Vla3dFolder, out: string, seed: number, summary: ImportSummary, episodes: SuiteEpisode[]): void {
  const storeys = planStoreys(folder.regions, folder.objects);
  const baseId = `${labelSlug(folder.dataset)}-${labelSlug(folder.name)}`;
  let structure = 0;
  let degenerate = 0;
  let unmapped = 0;
  for (const storey of storeys) {
    const sceneId = storeys.length > 1 && storey.index > 0 ? `${baseId}-storey${storey.index}` : baseId;
    const members = folder.objects.filter((o) => storeyOf(o, storeys) === storey);
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
      const { spec, mapped } = toObjectSpec(o, roomOf(o, storey), storey.zShift);
      if (!mapped) unmapped++;
      objects.push(spec);
    }
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
    const task = moveTask(scene, seed);
    if (task) {
      const taskPath = writeJsonFile(out, path.join("tasks", `${task.id as string}.task.json`), task);
      summary.files.push({ path: taskPath, what: `task: ${task.instruction as string}`, count: 1 });
      episodes.push({ id: task.id as string, scene: `scenes/${sceneId}.scene.json`, task: `tasks/${task.id as string}.task.json`, seed: episodes.length, maxSteps: 60 });
    } else summary.notes.push(`${sceneId}: no task generated (needs a carryable object and a table-like surface)`);
    // grounding: all source objects of the storey, VLA-3D ids, scene frame
    const listed = members.map((o) => ({
      id: o.id,
      box: { ...o.box, center: { ...o.box.center, z: o.box.center.z - storey.zShift } },
      label: o.rawLabel,
      ...(o.colors[0] ? { color: o.colors[0] } : {}),
    }));
    const objectList = formatObjectList(listed);
    const ids = new Set(members.map((o) => o.id));
    const lines: GroundingTruth[] = [];
    const seen = new Set<string>();
    for (const s of folder.statements) {
      if (!storey.roomOfRegion.has(s.regionId) && storeys.length > 1) continue;
      if (!ids.has(s.targetId)) {
        summary.skipped.push({ file: `${folder.dataset}/${folder.name}`, where: JSON.stringify(s.text), reason: `target object ${s.targetId} is not in the object file` });
        continue;
      }
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      lines.push({ scene: sceneId, type: "object_reference", question: s.text, answer: s.targetId, object_list: objectList });
    }
    const sourceNumber = new Map(objects.map((o, i) => [o.id, Number(o.id.slice(o.id.lastIndexOf("_") + 1)) || i]));
    for (const q of groundingFromScene(scene, { scene: sceneId, objectList, numberOf: (o) => sourceNumber.get(o.id)! }))
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
    `${folder.dataset}/${folder.name}: ${structure} walls/floors/ceilings left out${degenerate ? `, ${degenerate} zero-size objects left out` : ""}${unmapped ? `, ${unmapped} labels not in WordNet (category <label>.n.01)` : ""}`,
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
    "furniture vs carryable: NYU40 pillow/clothes/books/paper/towel/box/bag/otherprop no longer than 1 m are carryable, the rest fixed",
    "rooms from regions; doors between touching rooms, nearest rooms bridged so every room is reachable",
  );
  summary.files.push({ path: path.join(options.out, "import.json"), what: "this summary", count: 1 });
  writeJsonFile(options.out, "import.json", summary);
  return summary;
}
