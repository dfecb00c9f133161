/**
 * 3D grounding scoring in seed 003's formats. Ground truth `{scene, type, question, answer,
 * object_list}` and predictions `{question, prediction}` are joined by exact question text.
 * - numerical: exact match (|prediction − answer| < 1e-9), within-1 (|…| ≤ 1) over all numerical
 *   questions (a missing or non-numerical prediction misses both); mean absolute error over the
 *   questions that got a numerical prediction.
 * - object_reference: oriented 3D IoU of the predicted box (or, without one, the `object_list` box of
 *   `object_id`) with the answer's box (the answer is an object id in `object_list`, or a box) →
 *   2 points at IoU ≥ 0.5, 1 at ≥ 0.25, else 0; mean IoU counts a missing prediction as 0.
 * - challenge score: every scored question is worth 2 points — a numerical answer earns 2 when exact,
 *   an object reference its 0/1/2 — and `score` is points earned / points available, in [0, 1].
 * Other question types (e.g. instruction_following) are listed with an error and not scored.
 */
import { joinRows } from "../io/join.ts";
import { readJsonl, type JsonlRow } from "../io/jsonl.ts";
import { GroundingPredictionSchema, GroundingTruthSchema, LooseBoxSchema } from "../io/schemas.ts";
import { orientedIoU } from "../oriented-iou.ts";
import type { GroundingAnswer, GroundingPrediction, GroundingSummary, GroundingTruth, SkippedLine } from "../types.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { parseObjectList } from "./object-list.ts";

/** Points for an object reference with this IoU. */
export function referencePoints(iou: number): 0 | 1 | 2 {
  return iou >= 0.5 ? 2 : iou >= 0.25 ? 1 : 0;
}

/** `numerical`, `object_reference`, or the type as written (lower case, `_` for spaces and dashes). */
export function normaliseType(type: string): string {
  return type.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

function numberOf(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** The box a ground-truth answer denotes: an object id in the list, `{object_id}`, or a box. */
function answerBox(answer: unknown, list: Map<number, { box: Box }>): Box | string {
  const id = numberOf(answer) ?? (answer && typeof answer === "object" ? numberOf((answer as { object_id?: unknown }).object_id) : null);
  if (answer && typeof answer === "object" && "center" in answer) {
    const a = answer as { center?: unknown; size?: unknown; heading?: unknown };
    const box = LooseBoxSchema.safeParse({ center: a.center, size: a.size, heading: a.heading ?? 0 });
    if (box.success) return box.data;
  }
  if (id === null) return "answer is neither an object id nor a box";
  return list.get(id)?.box ?? `answer object ${id} is not in object_list`;
}

function predictedBox(p: Extract<GroundingAnswer, { kind: "object_reference" }>, list: Map<number, { box: Box }>): Box | string {
  if (p.center && p.size) return { center: p.center, size: p.size, heading: p.heading ?? 0 };
  if (p.object_id === undefined) return "prediction has neither a box nor an object_id";
  return list.get(p.object_id)?.box ?? `predicted object ${p.object_id} is not in object_list`;
}

/** Scores parsed rows (file names are only for reporting). */
export function scoreGroundingRows(
  gt: { rows: ReadonlyArray<JsonlRow<GroundingTruth>>; file: string },
  pred: { rows: ReadonlyArray<JsonlRow<GroundingPrediction>>; file: string },
  skipped: SkippedLine[] = [],
): GroundingSummary {
  const joined = joinRows({ ...gt, key: (g) => g.question }, { ...pred, key: (p) => p.question });
  const rows: GroundingSummary["rows"] = [];
  const num = { n: 0, exact: 0, within1: 0, errors: [] as number[] };
  const ref = { n: 0, points: 0, ious: [] as number[] };
  for (const { key, gt: g, pred: p } of joined.pairs) {
    const type = normaliseType(g.type);
    const prediction = p?.prediction ?? null;
    if (type === "numerical") {
      const answer = numberOf(g.answer);
      if (answer === null) {
        rows.push({ question: key, type, error: "ground-truth answer is not a number: not scored" });
        continue;
      }
      num.n++;
      if (!prediction || prediction.kind !== "numerical") {
        rows.push({ question: key, type, answer, points: 0, error: prediction ? "prediction is not numerical" : "no prediction" });
        continue;
      }
      const err = Math.abs(prediction.value - answer);
      num.errors.push(err);
      if (err < 1e-9) num.exact++;
      if (err <= 1) num.within1++;
      rows.push({ question: key, type, answer, value: prediction.value, points: err < 1e-9 ? 2 : 0 });
    } else if (type === "object_reference") {
      const list = parseObjectList(g.object_list).objects;
      const truth = answerBox(g.answer, list);
      if (typeof truth === "string") {
        rows.push({ question: key, type, error: `${truth}: not scored` });
        continue;
      }
      ref.n++;
      const box = !prediction ? "no prediction" : prediction.kind !== "object_reference" ? "prediction is not an object reference" : predictedBox(prediction, list);
      if (typeof box === "string") {
        ref.ious.push(0);
        rows.push({ question: key, type, iou: 0, points: 0, error: box });
        continue;
      }
      const iou = orientedIoU(box, truth);
      const points = referencePoints(iou);
      ref.ious.push(iou);
      ref.points += points;
      rows.push({ question: key, type, iou, points });
    } else rows.push({ question: key, type, error: `question type "${g.type}" is not scored` });
  }
  const available = 2 * (num.n + ref.n);
  const earned = 2 * num.exact + ref.points;
  const avg = (v: number[]) => (v.length === 0 ? null : v.reduce((a, b) => a + b, 0) / v.length);
  return {
    numerical: { exact: num.n === 0 ? 0 : num.exact / num.n, mae: avg(num.errors), within1: num.n === 0 ? 0 : num.within1 / num.n, n: num.n },
    objectReference: { points: ref.points, maxPoints: 2 * ref.n, meanIoU: avg(ref.ious), n: ref.n },
    score: available === 0 ? 0 : earned / available,
    unmatched: { gtOnly: joined.gtOnly, predOnly: joined.predOnly },
    rows,
    duplicates: joined.duplicates,
    skipped: [...skipped, ...joined.skipped],
  };
}

/** Reads a ground-truth JSONL file and a prediction JSONL file and scores them. */
export function scoreGroundingFiles(gtFile: string, predFile: string): GroundingSummary {
  const gt = readJsonl(gtFile, GroundingTruthSchema);
  const pred = readJsonl(predFile, GroundingPredictionSchema);
  return scoreGroundingRows(
    { rows: gt.rows as Array<JsonlRow<GroundingTruth>>, file: gtFile },
    { rows: pred.rows as Array<JsonlRow<GroundingPrediction>>, file: predFile },
    [...gt.skipped, ...pred.skipped],
  );
}
