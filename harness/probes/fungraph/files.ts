/**
 * Reads functional scene graph files: ground truth is one JSON file per scene
 * (`{annotations:[{annot_id,label,box}], relations:[{first_node_annot_id, second_node_annot_id,
 * description}]}`), predictions one JSON file per scene (`{nodes:[{id,label,box}],
 * edges:[{element,object,relation}]}`). `--gt` and `--pred` name a file each, or a directory each, in
 * which case scenes pair by file name. A file that is not valid is reported (with the line of a
 * JSON syntax error) and skipped. Also derives ground truth from a scene of ours: every object is a
 * node, every `controls` link an element → object relation.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { formatJsonPath } from "../../../sim/errors.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import { readTextFile } from "../io/jsonl.ts";
import { parseJsonText } from "../io/json-text.ts";
import { FunGraphSchema, FunGraphTruthSchema } from "../io/schemas.ts";
import type { FunGraph, FunGraphTruth, SkippedLine } from "../types.ts";
import type { FunGraphScene } from "./score.ts";

/** Parses one JSON file against a schema; on failure returns the skip record instead. */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S): { value: z.infer<S> } | { skipped: SkippedLine } {
  const parsed = parseJsonText(readTextFile(file));
  if (!("value" in parsed)) return { skipped: { file, line: Number(/\d+/.exec(parsed.where)?.[0] ?? 1), reason: parsed.reason } };
  const data = parsed.value;
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { skipped: { file, line: 1, reason: `${formatJsonPath(issue.path)}: ${issue.message}` } };
  }
  return { value: result.data };
}

function jsonFiles(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => [f.replace(/(\.gt|\.pred)?\.json$/, ""), path.join(dir, f)]),
  );
}

/** Loads ground truth and predictions (files or directories) as scenes to score. */
export function readFunGraphScenes(gtPath: string, predPath: string): { scenes: FunGraphScene[]; skipped: SkippedLine[] } {
  const skipped: SkippedLine[] = [];
  const isDir = (p: string) => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  const pairs: Array<{ scene: string; gt: string; pred: string | null }> = [];
  if (isDir(gtPath)) {
    const preds = isDir(predPath) ? jsonFiles(predPath) : new Map<string, string>();
    for (const [scene, gt] of jsonFiles(gtPath)) pairs.push({ scene, gt, pred: preds.get(scene) ?? null });
    for (const [scene, pred] of preds) if (!pairs.some((p) => p.scene === scene)) skipped.push({ file: pred, line: 1, reason: `no ground truth for scene "${scene}"` });
  } else pairs.push({ scene: path.basename(gtPath).replace(/(\.gt)?\.json$/, ""), gt: gtPath, pred: predPath });
  const scenes: FunGraphScene[] = [];
  for (const p of pairs) {
    const truth = readJsonFile(p.gt, FunGraphTruthSchema);
    if ("skipped" in truth) {
      skipped.push(truth.skipped);
      continue;
    }
    let prediction: FunGraph | null = null;
    if (p.pred) {
      const read = readJsonFile(p.pred, FunGraphSchema);
      if ("skipped" in read) skipped.push(read.skipped);
      else prediction = read.value as FunGraph;
    }
    scenes.push({ scene: p.scene, truth: truth.value as FunGraphTruth, prediction });
  }
  return { scenes, skipped };
}

/** Functional ground truth of a scene of ours: objects are nodes, `controls` links are relations. */
export function funGraphTruthFromScene(scene: SceneFile): FunGraphTruth {
  const label = (o: SceneFile["objects"][number]) => o.label ?? o.category.replace(/\.n\.\d+$/, "").replace(/_/g, " ");
  const byId = new Map(scene.objects.map((o) => [o.id, o]));
  return {
    annotations: scene.objects.map((o) => ({ annot_id: o.id, label: label(o), box: o.box })),
    relations: scene.objects.flatMap((o) =>
      o.controls.map((target) => ({
        first_node_annot_id: o.id,
        second_node_annot_id: target,
        description: byId.get(target)?.abilities.includes("toggleable") ? "turns on and off" : "operates",
      })),
    ),
  };
}
