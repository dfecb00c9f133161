/**
 * `rearrange import housekeep SRC --out DIR`: Housekeep annotations and episodes → probe cases.
 * SRC is a folder (or one file); every JSON file in it is recognised by content — annotations have
 * `ranks`, episode files have `episodes` — and anything else is listed as skipped. Writes
 *   ranking.{train,val,test}.jsonl   placement ranking cases per object split (rules: probes/datasets/housekeep.ts)
 *   detection.cases.jsonl            one misplacement query per episode, objects labelled (agent mode)
 *   detection.gt.jsonl               the same labels one object a line (offline scoring)
 *   scenes/, tasks/                  a scene and a tidy-up task per episode (rules: probes/datasets/housekeep-scenes.ts)
 *   housekeep.suite.json             one episode per task, for `rearrange run --suite`
 *   import.json                      this summary
 * Options: `seed` (object split), `split` (a JSON file `{train,val,test}` of object names to use instead).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { InputError, formatJsonPath } from "../../sim/errors.ts";
import {
  HousekeepAnnotationsSchema,
  HousekeepEpisodesSchema,
  SPLITS,
  housekeepDetectionCases,
  housekeepRankingCases,
  type HousekeepAnnotations,
  type HousekeepEpisodes,
  type SplitName,
} from "../probes/datasets/housekeep.ts";
import { housekeepRooms, housekeepScene, housekeepTask } from "../probes/datasets/housekeep-scenes.ts";
import { housekeepReceptacles } from "../probes/datasets/housekeep-receptacles.ts";
import { listSourceFiles, parseJsonText, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import { SceneSchema } from "../../sim/scene/schema.ts";
import type { ImportOptions, ImportSummary } from "./index.ts";

function readSplitFile(file: string): Partial<Record<SplitName, string[]>> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read split file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const parsed = parseJsonText(text);
  if (!("value" in parsed)) throw new InputError(file, parsed.where, parsed.reason);
  const v = parsed.value as Record<string, unknown>;
  for (const s of SPLITS)
    if (v?.[s] !== undefined && !(Array.isArray(v[s]) && (v[s] as unknown[]).every((x) => typeof x === "string")))
      throw new InputError(file, `$.${s}`, "expected a list of object names");
  return v as Partial<Record<SplitName, string[]>>;
}

/** A scene, a task and a suite entry per episode; houses are sized from all their episodes. */
function writeEpisodeScenes(episodes: HousekeepEpisodes, out: string, summary: ImportSummary): void {
  const byHouse = new Map<string, HousekeepEpisodes["episodes"]>();
  for (const ep of episodes.episodes) byHouse.set(ep.scene_id, [...(byHouse.get(ep.scene_id) ?? []), ep]);
  const suite: Array<{ id: string; scene: string; task: string; seed: number; maxSteps: number }> = [];
  for (const [, eps] of byHouse) {
    const receptacles = housekeepReceptacles(eps);
    const rooms = housekeepRooms(receptacles.values());
    for (const ep of eps) {
      const scene = housekeepScene(ep, receptacles, rooms);
      const checked = SceneSchema.safeParse(scene);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        summary.skipped.push({ file: `episode ${ep.episode_id}`, where: formatJsonPath(issue.path), reason: `generated scene is invalid: ${issue.message}` });
        continue;
      }
      const scenePath = path.join("scenes", `${scene.id}.scene.json`);
      writeJsonFile(out, scenePath, scene);
      const task = housekeepTask(ep, scene, receptacles);
      if (!task) continue;
      const taskPath = path.join("tasks", `${task.id as string}.task.json`);
      writeJsonFile(out, taskPath, task);
      suite.push({ id: task.id as string, scene: scenePath, task: taskPath, seed: suite.length, maxSteps: 40 + 12 * ep.objects.length });
    }
  }
  summary.files.push(
    { path: path.join(out, "scenes"), what: "a scene per episode (sizes estimated from positions)", count: suite.length },
    { path: path.join(out, "tasks"), what: "a tidy-up task per episode", count: suite.length },
    { path: writeJsonFile(out, "housekeep.suite.json", { schemaVersion: 1, id: "housekeep", description: "Housekeep episodes: put the misplaced objects where they belong.", episodes: suite }), what: "suite of the episode tasks", count: suite.length },
  );
  summary.notes.push("scenes: Habitat (x, y, z) with y up becomes (x, -z, y) with z up; receptacles are sized by category (usual height and footprint, grown to hold what starts on them, cut back where two overlap); objects are set on or in their start receptacle");
}

/** Imports a Housekeep folder (see module comment). */
export async function importHousekeep(src: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { format: "housekeep", source: src, out: options.out, files: [], skipped: [], notes: [] };
  const annotations: HousekeepAnnotations = { ranks: {} };
  let annotationFiles = 0;
  const episodes: HousekeepEpisodes = { episodes: [] };
  for (const file of listSourceFiles(src)) {
    if (!file.toLowerCase().endsWith(".json")) {
      summary.skipped.push({ file, reason: "not a JSON data file (documentation or licence)" });
      continue;
    }
    const parsed = parseJsonText(readFileSync(file, "utf8"));
    if (!("value" in parsed)) {
      summary.skipped.push({ file, where: parsed.where, reason: parsed.reason });
      continue;
    }
    const data = parsed.value as Record<string, unknown>;
    const schema = data && typeof data === "object" && "ranks" in data ? HousekeepAnnotationsSchema : data && typeof data === "object" && "episodes" in data ? HousekeepEpisodesSchema : null;
    if (!schema) {
      summary.skipped.push({ file, reason: "neither Housekeep annotations (ranks) nor episodes" });
      continue;
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      summary.skipped.push({ file, where: formatJsonPath(issue.path), reason: issue.message });
      continue;
    }
    if (schema === HousekeepAnnotationsSchema) {
      annotationFiles++;
      for (const [object, byPlace] of Object.entries((result.data as HousekeepAnnotations).ranks)) {
        if (annotations.ranks[object]) summary.notes.push(`${path.basename(file)}: object "${object}" annotated again; the first file's annotations are kept`);
        else annotations.ranks[object] = byPlace;
      }
    } else episodes.episodes.push(...(result.data as HousekeepEpisodes).episodes);
  }
  if (annotationFiles > 0) {
    const given = typeof options.split === "string" ? readSplitFile(options.split) : undefined;
    const { cases, noPositive, unsplit } = housekeepRankingCases(annotations, { seed: options.seed ?? 0, split: given });
    for (const split of SPLITS) {
      const objects = new Set(cases[split].map((c) => c.object)).size;
      const file = writeJsonlFile(options.out, `ranking.${split}.jsonl`, cases[split]);
      summary.files.push({ path: file, what: `ranking cases, ${split} split (${objects} objects)`, count: cases[split].length });
    }
    summary.notes.push(
      given
        ? `object split from ${options.split}`
        : `object split by hash of seed ${options.seed ?? 0} and object name: 60% train, 20% val, 20% test (the source holds Housekeep's train/val objects only)`,
      "relevance of a room|receptacle = number of the 10 annotators who ranked it a correct placement (rank > 0)",
    );
    if (noPositive.length > 0) summary.notes.push(`${noPositive.length} (object, room) pairs left out: no annotator placed the object anywhere in that room`);
    if (unsplit.length > 0) summary.notes.push(`${unsplit.length} objects are in no split of the split file and were left out: ${unsplit.slice(0, 5).join(", ")}${unsplit.length > 5 ? ", …" : ""}`);
  } else summary.notes.push("no annotation file found: no ranking cases written");
  if (episodes.episodes.length > 0) {
    const detection = housekeepDetectionCases(episodes);
    const objects = detection.flatMap((c) => c.objects.map((o) => ({ id: `${c.id}/${o.id}`, misplaced: o.misplaced })));
    summary.files.push(
      { path: writeJsonlFile(options.out, "detection.cases.jsonl", detection), what: "misplacement detection cases (one per episode)", count: detection.length },
      { path: writeJsonlFile(options.out, "detection.gt.jsonl", objects), what: `detection labels (${objects.filter((o) => o.misplaced).length} misplaced)`, count: objects.length },
    );
    summary.notes.push("misplaced = the object's start receptacle is not among its goal receptacles");
    writeEpisodeScenes(episodes, options.out, summary);
  } else summary.notes.push("no episode file found: no detection cases written");
  summary.files.push({ path: path.join(options.out, "import.json"), what: "this summary", count: 1 });
  writeJsonFile(options.out, "import.json", summary);
  return summary;
}
