import type { Measure } from "../measure.ts";
import { measureKey } from "../measure.ts";

/** Summed language-model usage of an episode (tokens, calls, retries), or null when no step reported any. */
export type UsageTotals = Record<string, number> | null;

export const USAGE = measureKey<UsageTotals>("usage");

/**
 * `usage`: adds up the numeric fields of each step's `info.llm` (what the `llm` agent publishes per step:
 * calls, promptTokens, completionTokens, totalTokens, cachedTokens, retries, …), and of the end line's
 * `info.llm` (an act that threw after paying for calls: stuck, a request that failed for good, a timeout).
 * Read from the trajectory, so rescore recomputes it too.
 */
export function usageMeasure(): Measure<UsageTotals> {
  let totals: Record<string, number> | null = null;
  const add = (info: Record<string, unknown> | undefined): void => {
    const llm = info?.llm;
    if (!llm || typeof llm !== "object") return;
    totals ??= {};
    for (const [k, v] of Object.entries(llm)) if (typeof v === "number" && Number.isFinite(v)) totals[k] = (totals[k] ?? 0) + v;
  };
  return {
    id: USAGE.id,
    dependsOn: [],
    reset() {
      totals = null;
    },
    update(step) {
      add(step.info);
    },
    finish(end) {
      add(end.info);
    },
    value: () => (totals ? { ...totals } : null),
  };
}

/** Sums the `usage` records of results rows (null when none has usage). */
export function sumUsage(rows: ReadonlyArray<{ usage?: unknown }>): UsageTotals {
  let out: Record<string, number> | null = null;
  for (const r of rows) {
    if (!r.usage || typeof r.usage !== "object") continue;
    out ??= {};
    for (const [k, v] of Object.entries(r.usage as Record<string, unknown>)) if (typeof v === "number") out[k] = (out[k] ?? 0) + v;
  }
  return out;
}
