/**
 * `rearrange import housekeep SRC --out DIR`: Housekeep annotations and episodes → probe cases.
 * SRC is a folder (or one file); every JSON file in it (`.json`, or gzipped `.json.gz` as Housekeep ships
 * its episodes) is recognised by content — annotations have `ranks`, episode files have `episodes` — and
 * anything else is listed as skipped. Episode ids are made safe and unique across the import
 * (housekeep-ids.ts). Writes
 *   ranking.{train,val,test}.jsonl   placement ranking cases per object split (rules: probes/datasets/housekeep.ts)
 *   detection.cases.jsonl            one misplacement query per episode, objects labelled (agent mode)
 *   detection.gt.jsonl               the same labels one object a line (offline scoring)
 *   scenes/, tasks/                  a scene and a tidy-up task per episode (rules: probes/datasets/housekeep-scenes.ts)
 *   housekeep.suite.json             one episode per task, for `rearrange run --suite`
 *   import.json                      this summary
 * Options: `seed` (object split), `split` (a JSON file `{train,val,test}` of object names to use instead:
 * housekeep-split.ts).
 */
import path from "node:path";
import { formatJsonPath } from "../../sim/errors.ts";
import {
  HousekeepAnnotationsSchema,
  HousekeepEpisodesSchema,
  SPLITS,
  housekeepRankingCases,
  type HousekeepAnnotations,
  type HousekeepEpisode,
  type HousekeepEpisodes,
} from "../probes/datasets/housekeep.ts";
import { listSourceFiles, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import { sourceEpisodes, writeDetectionCases, writeEpisodeScenes } from "./housekeep-episodes.ts";
import { firstFew } from "../probes/datasets/first-few.ts";
import { readHousekeepSource } from "./housekeep-sources.ts";
import { readSplitFile, splitFileNotes } from "./housekeep-split.ts";
import type { ImportOptions, ImportSummary } from "./index.ts";

/** Imports a Housekeep folder (see module comment). */
export async function importHousekeep(src: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { format: "housekeep", source: src, out: options.out, files: [], skipped: [], notes: [] };
  const annotations: HousekeepAnnotations = { ranks: {} };
  let annotationFiles = 0;
  const episodeFiles: Array<{ file: string; episodes: HousekeepEpisode[] }> = [];
  for (const file of listSourceFiles(src)) {
    const parsed = readHousekeepSource(file);
    if (!("value" in parsed)) {
      summary.skipped.push({ file, ...(parsed.where ? { where: parsed.where } : {}), reason: parsed.reason });
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
    } else episodeFiles.push({ file, episodes: (result.data as HousekeepEpisodes).episodes });
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
    if (unsplit.length > 0) summary.notes.push(`${unsplit.length} objects are in no split of the split file and were left out: ${firstFew(unsplit, 5)}`);
    if (given) summary.notes.push(...splitFileNotes(options.split as string, given, annotations));
  } else summary.notes.push("no annotation file found: no ranking cases written");
  const episodes = sourceEpisodes(episodeFiles, summary);
  if (episodes.length > 0) {
    writeDetectionCases(episodes, options.out, summary);
    writeEpisodeScenes(episodes, options.out, summary);
  } else summary.notes.push("no episode file found: no detection cases written");
  summary.files.push({ path: path.join(options.out, "import.json"), what: "this summary", count: 1 });
  writeJsonFile(options.out, "import.json", summary);
  return summary;
}
