/**
 * Misplacement detection metrics with misplaced as the positive class.
 * Zero-division rule (no convention is universal, so ours is stated): a ratio whose denominator is 0
 * is 1 when nothing went wrong on that side and 0 otherwise —
 * precision = 1 when nothing was flagged and nothing was misplaced (fn = 0), else 0;
 * recall = 1 when nothing was misplaced and nothing was flagged (fp = 0), else 0;
 * F1 = 0 when precision + recall = 0; accuracy of no objects is 0.
 */

export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface DetectionMetrics {
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  n: number;
}

/** Counts a confusion matrix from (truth, predicted) pairs. */
export function confusionOf(pairs: Iterable<{ truth: boolean; predicted: boolean }>): Confusion {
  const c: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const { truth, predicted } of pairs) {
    if (truth && predicted) c.tp++;
    else if (!truth && predicted) c.fp++;
    else if (!truth && !predicted) c.tn++;
    else c.fn++;
  }
  return c;
}

/** Accuracy, precision, recall and F1 of a confusion matrix (zero-division rule above). */
export function detectionMetrics(c: Confusion): DetectionMetrics {
  const n = c.tp + c.fp + c.tn + c.fn;
  const precision = c.tp + c.fp === 0 ? (c.fn === 0 ? 1 : 0) : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? (c.fp === 0 ? 1 : 0) : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { accuracy: n === 0 ? 0 : (c.tp + c.tn) / n, precision, recall, f1, n };
}
