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
 * below its storey's floor is set on it so that what rests on it still does (raise.ts). Placeholder boxes
 * (NYU40 void, unlabelled) and implausibly large ones are left out, each named in the notes (placeholders.ts).
 * Scene ids are slugs of the data set and folder names (slug.ts), distinct for distinct folders
 * (scene-ids.ts); no folder's output is written over another's.
 * The object list of every grounding line holds all of the storey's source objects (walls included,
 * placeholders not) with VLA-3D's ids, in the scene's frame (z lowered with the storey, see rooms.ts).
 */
import path from "node:path";
import { SceneSchema, SCENE_SCHEMA_VERSION, type ObjectSpec, type SceneFile } from "../../sim/scene/schema.ts";
import { formatJsonPath } from "../../sim/errors.ts";
import { listSourceFiles, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import { readVla3dFolder, type Vla3dFolder } from "../probes/datasets/vla3d/read.ts";
import { assignRegions, fitRooms, planStoreys, roomOf, storeyOf } from "../probes/datasets/vla3d/rooms.ts";
import { moveTask } from "../probes/datasets/vla3d/task.ts";
import { oracleSolves } from "../probes/datasets/vla3d/check-task.ts";
import { isStructure, toObjectSpec } from "../probes/datasets/vla3d/objects.ts";
import { leaveOutPlaceholders, type LeftOut } from "../probes/datasets/vla3d/placeholders.ts";
import { raiseSunk } from "../probes/datasets/vla3d/raise.ts";
import { sceneBaseIds } from "../probes/datasets/vla3d/scene-ids.ts";
import { groundingLines } from "../probes/datasets/vla3d/grounding-lines.ts";
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

/** What one import run has written, so no folder's output replaces another's. */
interface RunState {
  out: string;
  seed: number;
  summary: ImportSummary;
  episodes: SuiteEpisode[];
  /** Output path (relative to `out`) → the folder that wrote it. */
  written: Map<string, string>;
}

/** Tasks tried per scene before giving up: each is checked by running the oracle on it. */
const TASK_ATTEMPTS = 12;
/** How far (m) a box may reach below its storey's floor before it is raised onto it. */
const SINK_TOLERANCE = 0.05;

/** A short list of ids for a note: the first eight and how many in all. */
const listIds = (ids: readonly string[]) => `${ids.slice(0, 8).join(", ")}${ids.length > 8 ? `, … (${ids.length})` : ""}`;

/**
 * Writes a JSON or JSONL file of a folder's output unless an earlier folder of this run wrote that path (then
 * the file is listed as skipped, naming the earlier folder); returns the path written or null.
 */
function writeOnce(run: RunState, from: string, name: string, value: unknown, jsonl = false): string | null {
  const earlier = run.written.get(name);
  if (earlier !== undefined) {
    run.summary.skipped.push({ file: from, where: name, reason: `not written: ${name} was already written from ${earlier} in this import` });
    return null;
  }
  run.written.set(name, from);
  return jsonl ? writeJsonlFile(run.out, name, value as unknown[]) : writeJsonFile(run.out, name, value);
}

/** Notes on the boxes left out as placeholders or for their size, each with its reason. */
function leftOutNotes(where: string, leftOut: readonly LeftOut[]): string[] {
  const notes: string[] = [];
  const placeholders = leftOut.filter((l) => l.kind === "placeholder");
  if (placeholders.length > 0) {
    const byReason = new Map<string, number[]>();
    for (const l of placeholders) byReason.set(l.reason, [...(byReason.get(l.reason) ?? []), l.object.id]);
    const parts = [...byReason].map(([reason, ids]) => `${ids.length} ${reason} (objects ${listIds(ids.map(String))})`);
    notes.push(`${where}: ${placeholders.length} placeholder boxes left out (no objects; no grounding question asks about them): ${parts.join("; ")}`);
  }
  for (const l of leftOut.filter((x) => x.kind === "oversized"))
    notes.push(`${where}: object ${l.object.id} "${l.object.rawLabel}" left out, its box is implausibly large: ${l.reason}`);
  return notes;
}

function importFolder(folder: Vla3dFolder, baseId: string, run: RunState): void {
  const { summary, episodes, seed } = run;
  const where = `${folder.dataset}/${folder.name}`;
  const { kept: sourceObjects, leftOut } = leaveOutPlaceholders(assignRegions(folder.regions, folder.objects), folder.regions);
  const storeys = planStoreys(folder.regions, sourceObjects);
  const importedIds = new Set(sourceObjects.map((o) => o.id));
  const leftOutWhy = new Map(leftOut.map((l) => [l.object.id, `${l.kind === "placeholder" ? "a placeholder" : "implausibly large"}: ${l.reason}`]));
  // a statement about a box left out, or about no object at all, is reported once, not once per storey
  const statements = folder.statements.filter((s) => {
    if (importedIds.has(s.targetId)) return true;
    const why = leftOutWhy.get(s.targetId);
    summary.skipped.push({ file: where, where: JSON.stringify(s.text), reason: why ? `target object ${s.targetId} is left out, ${why}` : `target object ${s.targetId} is not in the object file` });
    return false;
  });
  let structure = 0;
  let degenerate = 0;
  const unmapped = new Set<string>();
  const raised: string[] = [];
  const trimmed: string[] = [];
  const carried: string[] = [];
  const sceneIdOf = (index: number) => (storeys.length > 1 && index > 0 ? `${baseId}-storey${index}` : baseId);
  for (const storey of storeys) {
    const sceneId = sceneIdOf(storey.index);
    const members = sourceObjects.filter((o) => storeyOf(o, storeys) === storey);
    const objects: ObjectSpec[] = [];
    const sourceIdOf = new Map<string, number>();
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
      sourceIdOf.set(spec.id, o.id);
      objects.push(spec);
    }
    // a box sunk below its storey's floor is set on it (a few centimetres are scan noise, left as they are),
    // so that what rests on it still does
    const fixed = raiseSunk(objects, SINK_TOLERANCE);
    raised.push(...fixed.raised);
    trimmed.push(...fixed.trimmed);
    carried.push(...fixed.carried);
    // an object outside every room footprint went to the nearest room: that room grows to hold it
    const grown = fitRooms(storey.rooms, objects);
    if (grown.length > 0) summary.notes.push(`${sceneId}: objects outside every room footprint, their nearest room grown to hold them: ${listIds(grown)}`);
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
      summary.skipped.push({ file: where, where: formatJsonPath(issue.path), reason: `generated scene is invalid: ${issue.message}` });
      continue;
    }
    const scenePath = writeOnce(run, where, path.join("scenes", `${sceneId}.scene.json`), scene);
    if (scenePath === null) continue;
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
    const taskPath = task ? writeOnce(run, where, path.join("tasks", `${task.id as string}.task.json`), task) : null;
    if (task && taskPath) {
      summary.files.push({ path: taskPath, what: `task: ${task.instruction as string}`, count: 1 });
      episodes.push({ id: task.id as string, scene: `scenes/${sceneId}.scene.json`, task: `tasks/${task.id as string}.task.json`, seed: episodes.length, maxSteps: 60 });
    } else if (!task) summary.notes.push(`${sceneId}: no task generated (needs a carryable object and a table-like surface${tried > 0 ? ", and a task the oracle solves" : ""})`);
    // a statement belongs to its region's storey; when no storey knows the region, to its target's
    const ids = new Set(members.map((o) => o.id));
    const mine = statements.filter((s) => {
      if (storeys.length <= 1) return true;
      return storeys.some((t) => t.roomOfRegion.has(s.regionId)) ? storey.roomOfRegion.has(s.regionId) : ids.has(s.targetId);
    });
    for (const s of mine.filter((x) => !ids.has(x.targetId)))
      summary.skipped.push({ file: where, where: JSON.stringify(s.text), reason: `target object ${s.targetId} is not on this statement's storey (${sceneId})` });
    const lines = groundingLines(scene, storey, members, mine.filter((x) => ids.has(x.targetId)), sourceIdOf);
    const gtPath = writeOnce(run, where, path.join("grounding", `${sceneId}.gt.jsonl`), lines, true);
    if (gtPath === null) continue;
    const fromStatements = lines.filter((l) => !l.question.startsWith("How many") && !l.question.startsWith("Find the")).length;
    summary.files.push({ path: gtPath, what: `grounding questions (${fromStatements} from referential statements, ${lines.length - fromStatements} generated)`, count: lines.length });
  }
  if (storeys.length > 1) summary.notes.push(`${where}: ${storeys.length} storeys, one scene each (floor levels ${storeys.map((s) => s.zShift.toFixed(2)).join(", ")} m)`);
  summary.notes.push(...leftOutNotes(where, leftOut));
  summary.notes.push(
    `${where}: ${structure} walls/floors/ceilings left out${degenerate ? `, ${degenerate} zero-size objects left out` : ""}${raised.length ? `, ${raised.length} objects below their storey's floor raised onto it` : ""}${carried.length ? ` (${carried.length} resting on them raised with them: ${listIds(carried)})` : ""}${trimmed.length ? `, ${trimmed.length} bearing others cut off at the floor, their tops kept: ${listIds(trimmed)}` : ""}${unmapped.size ? `, labels not in WordNet (category <label>.n.01): ${[...unmapped].sort().join(", ")}` : ""}`,
  );
}

/** Imports VLA-3D scene folders (see module comment). */
export async function importVla3d(src: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { format: "vla3d", source: src, out: options.out, files: [], skipped: [], notes: [] };
  const run: RunState = { out: options.out, seed: options.seed ?? 0, summary, episodes: [], written: new Map() };
  const byDir = new Map<string, string[]>();
  for (const f of listSourceFiles(src)) byDir.set(path.dirname(f), [...(byDir.get(path.dirname(f)) ?? []), f]);
  // every folder is read first, so scene ids can be told apart before any is written (see scene-ids.ts)
  const folders: Array<{ dir: string; files: string[]; folder: Vla3dFolder | null }> = [];
  for (const [dir, files] of [...byDir].sort(([a], [b]) => (a < b ? -1 : 1))) folders.push({ dir, files, folder: isSceneFolder(files) ? readVla3dFolder(dir, files) : null });
  const imported = folders.filter((f) => f.folder !== null && f.folder.objects.length > 0);
  const { ids, renamed } = sceneBaseIds(imported.map(({ dir, folder }) => ({ dir: path.relative(src, dir), dataset: folder!.dataset, name: folder!.name })));
  const idOf = new Map(imported.map((f, i) => [f.dir, ids[i]!]));
  for (const r of renamed) summary.notes.push(`${r.dir}: scene id ${r.id}, since ${r.plain} is an earlier folder's (their names spell alike in ids)`);
  for (const { dir, files, folder } of folders) {
    if (folder === null) {
      for (const f of files) summary.skipped.push({ file: f, reason: "not in a VLA-3D scene folder (no *_object_result.csv or object_list.txt beside it)" });
      continue;
    }
    summary.skipped.push(...folder.skipped);
    summary.notes.push(...folder.notes);
    const id = idOf.get(dir);
    if (id !== undefined) importFolder(folder, id, run);
    else summary.skipped.push({ file: dir, reason: "no objects could be read" });
  }
  if (run.episodes.length > 0) {
    const suite = { schemaVersion: 1, id: "vla3d", description: "Generated move tasks in scenes imported from VLA-3D.", episodes: run.episodes };
    summary.files.push({ path: writeJsonFile(options.out, "vla3d.suite.json", suite), what: "suite of the generated tasks", count: run.episodes.length });
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
