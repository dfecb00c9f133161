import { ERROR_CATEGORIES, type ErrorCategory } from "../../sim/actions.ts";
import type { ResultsRow } from "../metrics/results-schema.ts";
import { COMPARED_METRICS, type EpisodeScores } from "./types.ts";

/** An episode's rows (one per repeat) reduced to means. */
export interface EpisodeMeans {
  scores: EpisodeScores;
  /** Mean action errors per repeat, by category. */
  actionErrors: Partial<Record<ErrorCategory, number>>;
  /** Every repeat succeeded (SR = 1) / every repeat failed. */
  allSucceeded: boolean;
  allFailed: boolean;
}

/**
 * Groups results rows by episode id and averages over repeats (`--repeat K`), so a stochastic
 * agent's episode is compared by its mean. Ids come out in code-unit order.
 */
export function episodeMeans(rows: readonly ResultsRow[]): Map<string, EpisodeMeans> {
  const groups = new Map<string, ResultsRow[]>();
  for (const r of rows) {
    const g = groups.get(r.id);
    if (g) g.push(r);
    else groups.set(r.id, [r]);
  }
  const out = new Map<string, EpisodeMeans>();
  for (const id of [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const g = groups.get(id)!;
    const mean = (f: (r: ResultsRow) => number) => g.reduce((s, r) => s + f(r), 0) / g.length;
    const scores = { steps: mean((r) => r.steps), repeats: g.length } as EpisodeScores;
    for (const m of COMPARED_METRICS) scores[m] = mean((r) => r[m]);
    const actionErrors: Partial<Record<ErrorCategory, number>> = {};
    for (const c of ERROR_CATEGORIES) {
      const v = mean((r) => r.actionErrors[c] ?? 0);
      if (v > 0) actionErrors[c] = v;
    }
    out.set(id, { scores, actionErrors, allSucceeded: g.every((r) => r.SR === 1), allFailed: g.every((r) => r.SR === 0) });
  }
  return out;
}
