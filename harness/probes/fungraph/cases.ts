/**
 * Agent-mode cases of the functional scene graph probe (see readFunGraphCases).
 */
import path from "node:path";
import { z } from "zod";
import { SceneSchema, type SceneFile } from "../../../sim/scene/schema.ts";
import { readJsonl } from "../io/jsonl.ts";
import { FunGraphTruthSchema } from "../io/schemas.ts";
import type { FunGraphTruth, SkippedLine } from "../types.ts";
import { funGraphTruthFromScene, readJsonFile } from "./files.ts";

const FunGraphCaseSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  scene: z.unknown(),
  gt: z.unknown().optional(),
});

/**
 * Functional scene graph cases: JSONL lines `{id, scene, gt?}` where `scene` is a scene object or a
 * scene file path and `gt` a ground-truth object or file path (paths relative to the cases file).
 * Without `gt`, the ground truth is derived from the scene (objects and their `controls` links).
 */
export function readFunGraphCases(casesFile: string): { cases: Array<{ id: string; scene: unknown; truth: FunGraphTruth }>; skipped: SkippedLine[] } {
  const read = readJsonl(casesFile, FunGraphCaseSchema);
  const skipped: SkippedLine[] = [...read.skipped];
  const base = path.dirname(casesFile);
  const cases: Array<{ id: string; scene: unknown; truth: FunGraphTruth }> = [];
  for (const { line, value } of read.rows) {
    let scene: unknown = value.scene;
    if (typeof scene === "string") {
      const r = readJsonFile(path.resolve(base, scene), SceneSchema);
      if ("skipped" in r) {
        skipped.push({ ...r.skipped, reason: `case on line ${line}: ${r.skipped.reason}` });
        continue;
      }
      scene = r.value;
    }
    let truth: FunGraphTruth | null = null;
    if (typeof value.gt === "string") {
      const r = readJsonFile(path.resolve(base, value.gt), FunGraphTruthSchema);
      if ("skipped" in r) skipped.push({ ...r.skipped, reason: `case on line ${line}: ${r.skipped.reason}` });
      else truth = r.value as FunGraphTruth;
    } else if (value.gt !== undefined) {
      const r = FunGraphTruthSchema.safeParse(value.gt);
      if (r.success) truth = r.data as FunGraphTruth;
      else skipped.push({ file: casesFile, line, reason: `gt: ${r.error.issues[0]!.message}` });
    } else {
      const r = SceneSchema.safeParse(scene);
      if (r.success) truth = funGraphTruthFromScene(r.data as SceneFile);
      else skipped.push({ file: casesFile, line, reason: "no gt and the scene is not a valid scene to derive it from" });
    }
    if (truth) cases.push({ id: value.id, scene, truth });
  }
  return { cases, skipped };
}
