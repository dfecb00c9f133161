/**
 * Offline mode of the probes: score a prediction file against a ground-truth file.
 */
import { scoreDetectionFiles } from "../detection/score.ts";
import { readFunGraphScenes } from "../fungraph/files.ts";
import { scoreFunGraph } from "../fungraph/score.ts";
import { scoreGroundingFiles } from "../grounding/score.ts";
import { scoreRankingFiles } from "../ranking/score.ts";
import type { ProbeKind } from "../types.ts";

/** Scores `pred` against `gt` for one probe (fungraph accepts a file or a directory each). */
export function scoreProbeFiles(kind: ProbeKind, gt: string, pred: string, options: { seed?: number } = {}): unknown {
  switch (kind) {
    case "ranking":
      return scoreRankingFiles(gt, pred, options);
    case "detection":
      return scoreDetectionFiles(gt, pred);
    case "fungraph": {
      const { scenes, skipped } = readFunGraphScenes(gt, pred);
      return scoreFunGraph(scenes, undefined, skipped);
    }
    case "grounding":
      return scoreGroundingFiles(gt, pred);
  }
}
