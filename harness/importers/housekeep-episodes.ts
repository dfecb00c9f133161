/**
 * Housekeep episodes → a scene, a tidy-up task and a suite entry each (rules: probes/datasets/housekeep-scenes.ts),
 * plus one detection case each. Every episode keeps where it came from (file and JSON path) so that one that
 * cannot become a scene is skipped with that place and the reason, and the rest are imported.
 */
import path from "node:path";
import { formatJsonPath } from "../../sim/errors.ts";
import { SceneSchema } from "../../sim/scene/schema.ts";
import { housekeepDetectionCases, type HousekeepEpisode } from "../probes/datasets/housekeep.ts";
import { housekeepRooms, housekeepScene, housekeepTask } from "../probes/datasets/housekeep-scenes.ts";
import { housekeepReceptacles } from "../probes/datasets/housekeep-receptacles.ts";
import { writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import type { DetectionCase } from "../probes/types.ts";
import { HousekeepHouseIds } from "../probes/datasets/housekeep-house-ids.ts";
import { HousekeepIdAllocator, type HousekeepEpisodeIds } from "./housekeep-ids.ts";
import { describeObjectKeyIssue, uniqueObjectKeys, type ObjectKeyIssue } from "./housekeep-objects.ts";
import type { ImportSummary } from "./index.ts";
import { firstFew } from "../probes/datasets/first-few.ts";

/** An episode as read, with where it is and the ids it is imported under. */
export interface SourcedEpisode {
  ep: HousekeepEpisode;
  file: string;
  /** JSON path of the episode in its file (`$.episodes[3]`). */
  where: string;
  ids: HousekeepEpisodeIds;
}

/**
 * Gives every episode of `files` (in order) its ids and unique object keys (housekeep-objects.ts); notes the scene
 * ids that were shortened, the ids that were taken and the object keys that were repeated or empty.
 */
export function sourceEpisodes(files: ReadonlyArray<{ file: string; episodes: readonly HousekeepEpisode[] }>, summary: ImportSummary): SourcedEpisode[] {
  const ids = new HousekeepIdAllocator();
  const keyIssues: ObjectKeyIssue[] = [];
  const out = files.flatMap(({ file, episodes }) =>
    episodes.map((raw, i) => {
      const where = `$.episodes[${i}]`;
      const unique = uniqueObjectKeys(raw, file, where);
      keyIssues.push(...unique.issues);
      return { ep: unique.ep, file, where, ids: ids.next(raw.scene_id, raw.episode_id) };
    }),
  );
  if (ids.shortened.size > 0) {
    const shown = [...ids.shortened].map(([from, to]) => `${JSON.stringify(from)} → ${to}`);
    summary.notes.push(`${shown.length} scene id${shown.length === 1 ? " is" : "s are"} not a safe file name and became the house's name (letters, digits, _ and - only): ${firstFew(shown)}`);
  }
  if (ids.renamed.length > 0) {
    const shown = ids.renamed.map((r) => `${r.from} → ${r.to}`);
    summary.notes.push(
      `${shown.length} episode id${shown.length === 1 ? " was" : "s were"} already taken in this import (the same house in two files or splits, or scene ids with the same name) and got a suffix, so that no episode's files overwrite another's: ${firstFew(shown)}`,
    );
  }
  if (keyIssues.length > 0) {
    const n = keyIssues.length;
    summary.notes.push(
      `${n} object${n === 1 ? " has a key" : "s have keys"} already used in ${n === 1 ? "its" : "their"} episode, or empty (a key is the object's id there): a copy of an earlier entry or an empty key is left out, a different object under a taken key gets a #N suffix: ${firstFew(keyIssues.map(describeObjectKeyIssue), 5)}`,
    );
  }
  return out;
}

/** One detection case per episode, under the episode's import-wide unique id. */
export function episodeDetectionCases(episodes: readonly SourcedEpisode[]): DetectionCase[] {
  const cases = housekeepDetectionCases({ episodes: episodes.map((s) => s.ep) });
  return cases.map((c, i) => ({ ...c, id: episodes[i]!.ids.detection }));
}

/** Writes the detection cases and labels of the episodes. */
export function writeDetectionCases(episodes: readonly SourcedEpisode[], out: string, summary: ImportSummary): void {
  const detection = episodeDetectionCases(episodes);
  const objects = detection.flatMap((c) => c.objects.map((o) => ({ id: `${c.id}/${o.id}`, misplaced: o.misplaced })));
  summary.files.push(
    { path: writeJsonlFile(out, "detection.cases.jsonl", detection), what: "misplacement detection cases (one per episode)", count: detection.length },
    { path: writeJsonlFile(out, "detection.gt.jsonl", objects), what: `detection labels (${objects.filter((o) => o.misplaced).length} misplaced)`, count: objects.length },
  );
  summary.notes.push("misplaced = the object's start receptacle is not among its goal receptacles");
}

/** Why no room can be made for a house: it has no receptacle that is imported as furniture. */
const NO_ROOMS =
  "no scene or task written for this episode: its house has no receptacle to build rooms from (every receptacle is outside any room (None-…), a picture, mirror, window or door, or has no position); its detection case is written";

/** A scene, a task and a suite entry per episode; houses are sized from all their episodes. */
export function writeEpisodeScenes(episodes: readonly SourcedEpisode[], out: string, summary: ImportSummary): void {
  const byHouse = new Map<string, SourcedEpisode[]>();
  for (const s of episodes) byHouse.set(s.ep.scene_id, [...(byHouse.get(s.ep.scene_id) ?? []), s]);
  const suite: Array<{ id: string; scene: string; task: string; seed: number; maxSteps: number }> = [];
  let scenes = 0;
  for (const [, eps] of byHouse) {
    const house = HousekeepHouseIds.of(eps.map((s) => s.ep));
    const receptacles = housekeepReceptacles(eps.map((s) => s.ep), house);
    const rooms = housekeepRooms(receptacles.values(), house);
    for (const { ep, file, where, ids } of eps) {
      if (rooms.length === 0) {
        summary.skipped.push({ file, where, reason: NO_ROOMS });
        continue;
      }
      const scene = { ...housekeepScene(ep, receptacles, rooms, house), id: ids.id };
      const checked = SceneSchema.safeParse(scene);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        summary.skipped.push({ file, where, reason: `generated scene is invalid at ${formatJsonPath(issue.path)}: ${issue.message}` });
        continue;
      }
      const scenePath = path.join("scenes", `${scene.id}.scene.json`);
      writeJsonFile(out, scenePath, scene);
      scenes++;
      const task = housekeepTask(ep, scene, receptacles, house);
      if (!task) continue;
      const taskPath = path.join("tasks", `${task.id as string}.task.json`);
      writeJsonFile(out, taskPath, task);
      suite.push({ id: task.id as string, scene: scenePath, task: taskPath, seed: suite.length, maxSteps: 40 + 12 * ep.objects.length });
    }
  }
  // only folders that were made: a summary naming a missing folder fails `rearrange validate`
  if (scenes > 0) summary.files.push({ path: path.join(out, "scenes"), what: "a scene per episode (sizes estimated from positions)", count: scenes });
  if (suite.length > 0) summary.files.push({ path: path.join(out, "tasks"), what: "a tidy-up task per episode", count: suite.length });
  summary.files.push({
    path: writeJsonFile(out, "housekeep.suite.json", { schemaVersion: 1, id: "housekeep", description: "Housekeep episodes: put the misplaced objects where they belong.", episodes: suite }),
    what: "suite of the episode tasks",
    count: suite.length,
  });
  summary.notes.push("scenes: Habitat (x, y, z) with y up becomes (x, -z, y) with z up; receptacles are sized by category (usual height and footprint, grown to hold what starts on them, cut back where two overlap); objects are set on or in their start receptacle");
}
