/**
 * Scores misplacement predictions against per-object labels (joined by object id). A missing
 * prediction scores as a wrong answer — a false negative for a misplaced object, a false positive
 * otherwise — and is listed under `unmatched.gtOnly`.
 */
import { joinRows } from "../io/join.ts";
import { readJsonl, type JsonlRow } from "../io/jsonl.ts";
import { DetectionLabelSchema } from "../io/schemas.ts";
import type { DetectionLabel, DetectionSummary, SkippedLine } from "../types.ts";
import { confusionOf, detectionMetrics } from "./metrics.ts";

/** Scores parsed rows (file names are only for reporting). */
export function scoreDetectionRows(
  gt: { rows: ReadonlyArray<JsonlRow<DetectionLabel>>; file: string },
  pred: { rows: ReadonlyArray<JsonlRow<DetectionLabel>>; file: string },
  skipped: SkippedLine[] = [],
): DetectionSummary {
  const joined = joinRows({ ...gt, key: (l) => l.id }, { ...pred, key: (l) => l.id });
  const rows = joined.pairs.map(({ key, gt: g, pred: p }) => {
    const predicted = p ? p.misplaced : null;
    return { id: key, misplaced: g.misplaced, predicted, correct: predicted === g.misplaced };
  });
  const confusion = confusionOf(rows.map((r) => ({ truth: r.misplaced, predicted: r.predicted ?? !r.misplaced })));
  return {
    ...detectionMetrics(confusion),
    rows,
    confusion,
    unmatched: { gtOnly: joined.gtOnly, predOnly: joined.predOnly },
    skipped: [...skipped, ...joined.skipped],
  };
}

/** Reads a ground-truth JSONL file and a prediction JSONL file and scores them. */
export function scoreDetectionFiles(gtFile: string, predFile: string): DetectionSummary {
  const gt = readJsonl(gtFile, DetectionLabelSchema);
  const pred = readJsonl(predFile, DetectionLabelSchema);
  return scoreDetectionRows({ rows: gt.rows, file: gtFile }, { rows: pred.rows, file: predFile }, [...gt.skipped, ...pred.skipped]);
}
