import { ERROR_CATEGORIES, type ErrorCategory } from "../../sim/actions.ts";
import type { EpisodeMetrics } from "../trajectory/events.ts";
import { sumUsage } from "./measures/usage.ts";

/** What `aggregateMetrics` needs of a row: the metrics, and optionally id/repeat/error. */
export type AggregatableRow = Pick<EpisodeMetrics, "SR" | "TTC" | "TP" | "rTP" | "steps" | "doneCalled" | "actionErrors"> &
  Partial<Pick<EpisodeMetrics, "rTPSeedFormula" | "stepsAfterCompletion" | "prematureDone" | "pathLength">> & {
    id?: string;
    error?: { category: string; message: string } | null;
  };

/** Run-level metrics (results.json `metrics`). A type alias so it fits results.json's open object. */
export type AggregateMetrics = {
  SR: number;
  TTC: number;
  TP: number;
  rTP: number;
  rTPSeedFormula: number;
  /** Distinct episodes (rows sharing an id are repeats of one episode). */
  episodes: number;
  /** Rows, repeats counted. */
  episodeRuns: number;
  /** Rows that ended with an agent error or timeout. */
  errors: number;
  /** Mean actions per episode. */
  steps: number;
  stepsAfterCompletion: number;
  /** Share of episodes where the agent called `done()`. */
  doneCalled: number;
  /** Number of premature `done()` calls over all rows (a count, not a mean: SPEC §5). */
  prematureDone: number;
  /** Mean metres walked per episode. */
  pathLength: number;
  /** Action errors by category, summed over all rows. */
  actionErrors: Partial<Record<ErrorCategory, number>>;
  /** Language-model usage summed over all rows (tokens, calls), when any row reports it. */
  usage?: Record<string, number>;
};

const MEAN_FIELDS = ["SR", "TTC", "TP", "rTP", "rTPSeedFormula", "steps", "stepsAfterCompletion", "doneCalled", "pathLength"] as const;
type MeanField = (typeof MEAN_FIELDS)[number];

function numeric(row: AggregatableRow, field: MeanField): number {
  const v = row[field];
  return typeof v === "boolean" ? (v ? 1 : 0) : (v ?? 0);
}

/**
 * Run metrics: means over episodes (SPEC §5). Rows with the same `id` are repeats of one episode
 * (`--repeat K`) and are averaged first, so every episode weighs the same however often it ran;
 * rows without an id each count as their own episode. With no rows every mean is 0.
 */
export function aggregateMetrics(rows: readonly AggregatableRow[]): AggregateMetrics {
  const groups = new Map<string, AggregatableRow[]>();
  rows.forEach((row, i) => {
    const key = row.id !== undefined ? `id:${row.id}` : `row:${i}`;
    const g = groups.get(key);
    if (g) g.push(row);
    else groups.set(key, [row]);
  });
  const means = {} as Record<MeanField, number>;
  for (const field of MEAN_FIELDS) {
    let sum = 0;
    for (const g of groups.values()) sum += g.reduce((s, r) => s + numeric(r, field), 0) / g.length;
    means[field] = groups.size === 0 ? 0 : sum / groups.size;
  }
  const actionErrors: Partial<Record<ErrorCategory, number>> = {};
  for (const c of ERROR_CATEGORIES) {
    const total = rows.reduce((s, r) => s + (r.actionErrors[c] ?? 0), 0);
    if (total > 0) actionErrors[c] = total;
  }
  const usage = sumUsage(rows as ReadonlyArray<{ usage?: unknown }>);
  return {
    SR: means.SR,
    TTC: means.TTC,
    TP: means.TP,
    rTP: means.rTP,
    rTPSeedFormula: means.rTPSeedFormula,
    episodes: groups.size,
    episodeRuns: rows.length,
    errors: rows.filter((r) => r.error).length,
    steps: means.steps,
    stepsAfterCompletion: means.stepsAfterCompletion,
    doneCalled: means.doneCalled,
    prematureDone: rows.reduce((s, r) => s + (r.prematureDone ?? 0), 0),
    pathLength: means.pathLength,
    actionErrors,
    ...(usage ? { usage } : {}),
  };
}
