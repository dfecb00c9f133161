/**
 * Joins ground-truth rows with prediction rows by a key (case id, or question text for grounding).
 * Every row is accounted for: matched, ground truth only, prediction only, or a duplicate key
 * (the first occurrence wins; later ones are reported with their line numbers).
 */
import type { SkippedLine } from "../types.ts";
import type { JsonlRow } from "./jsonl.ts";

export interface Joined<G, P> {
  /** Ground truth in file order, each with its prediction or null. */
  pairs: Array<{ key: string; gt: G; pred: P | null; gtLine: number }>;
  gtOnly: string[];
  predOnly: string[];
  /** Keys that occur more than once in the ground truth / predictions. */
  duplicates: { gt: string[]; pred: string[] };
  /** Duplicate lines, as skipped lines naming the first occurrence. */
  skipped: SkippedLine[];
}

/** Keys rows by `key`, keeping the first of each key and reporting the others. */
export function indexRows<T>(
  rows: ReadonlyArray<JsonlRow<T>>,
  key: (v: T) => string,
  file: string,
): { byKey: Map<string, JsonlRow<T>>; duplicates: string[]; skipped: SkippedLine[] } {
  const byKey = new Map<string, JsonlRow<T>>();
  const duplicates = new Set<string>();
  const skipped: SkippedLine[] = [];
  for (const row of rows) {
    const k = key(row.value);
    const first = byKey.get(k);
    if (first) {
      duplicates.add(k);
      skipped.push({ file, line: row.line, reason: `duplicate ${JSON.stringify(k)} (first on line ${first.line}; this one is ignored)` });
    } else byKey.set(k, row);
  }
  return { byKey, duplicates: [...duplicates], skipped };
}

/** Joins ground truth and predictions by key (see module comment). */
export function joinRows<G, P>(
  gt: { rows: ReadonlyArray<JsonlRow<G>>; file: string; key: (v: G) => string },
  pred: { rows: ReadonlyArray<JsonlRow<P>>; file: string; key: (v: P) => string },
): Joined<G, P> {
  const g = indexRows(gt.rows, gt.key, gt.file);
  const p = indexRows(pred.rows, pred.key, pred.file);
  const pairs: Joined<G, P>["pairs"] = [];
  const gtOnly: string[] = [];
  for (const [key, row] of g.byKey) {
    const match = p.byKey.get(key);
    if (!match) gtOnly.push(key);
    pairs.push({ key, gt: row.value, pred: match ? match.value : null, gtLine: row.line });
  }
  const predOnly = [...p.byKey.keys()].filter((k) => !g.byKey.has(k));
  return {
    pairs,
    gtOnly,
    predOnly,
    duplicates: { gt: g.duplicates, pred: p.duplicates },
    skipped: [...g.skipped, ...p.skipped],
  };
}
