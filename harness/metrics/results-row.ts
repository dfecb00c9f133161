import type { EndEvent, EpisodeHeader, EpisodeMetrics } from "../trajectory/events.ts";
import { aggregateMetrics } from "./aggregate.ts";
import { scoreEpisode, type EpisodeRecord } from "./episode-metrics.ts";
import type { MeasureRegistry } from "./registry.ts";
import { RESULTS_SCHEMA_VERSION, type ResultsFile, type ResultsRow } from "./results-schema.ts";

/**
 * The results.json row of one episode: its id, `repeat` only when > 0, its seed, its metrics, and how it
 * ended (reason and error; null when the trajectory has no end line), in that order. `rescore` builds it
 * from recomputed metrics, the runner from the end line's ({@link finishedRow}): one shape, so an
 * untouched run rescores to the very bytes of its results.json.
 */
export function resultsRow(header: EpisodeHeader, metrics: EpisodeMetrics, end: Pick<EndEvent, "reason" | "error"> | null): ResultsRow {
  return row({ id: header.episodeId, repeat: header.repeat, seed: header.seed }, metrics, end);
}

/**
 * The row a run writes for a finished episode (see {@link resultsRow}): the end line's metrics. The runner
 * builds it when the episode ends and `--resume` rebuilds it from the trajectory's header and end line:
 * one function, so the two rows (and so the results.json bytes) are the same.
 */
export function finishedRow(episode: { id: string; repeat: number; seed: number }, end: Pick<EndEvent, "metrics" | "reason" | "error">): ResultsRow {
  return row(episode, end.metrics, end);
}

function row({ id, repeat, seed }: { id: string; repeat: number; seed: number }, metrics: EpisodeMetrics, end: Pick<EndEvent, "reason" | "error"> | null): ResultsRow {
  return { id, ...(repeat ? { repeat } : {}), seed, ...metrics, reason: end?.reason ?? null, error: end?.error ?? null };
}

/**
 * Episode id (code-unit order), then repeat (a row without one: 0): stable across machines and locales, but not
 * a run's order.
 */
export function byIdThenRepeat(a: { id: string; repeat?: number }, b: { id: string; repeat?: number }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : (a.repeat ?? 0) - (b.repeat ?? 0);
}

/**
 * Rows sorted {@link byIdThenRepeat}. Not the order of results.json, which is the run's plan order (suite order,
 * repeats in turn; see runner/plan-order.ts).
 */
export function sortRows<R extends { id: string; repeat?: number }>(rows: readonly R[]): R[] {
  return [...rows].sort(byIdThenRepeat);
}

/**
 * Scores every trajectory and assembles a results.json, one row per trajectory in the order given (give
 * them in the run's order, as `readRun` does: the aggregate means are sums in row order, and results.json's
 * were summed in plan order). The aggregate is {@link aggregateMetrics}, as the runner's. Run-level fields
 * not found in the trajectories (run config, suite details) come from `base` when given — the existing
 * results.json on `rescore --write`, its other fields kept as they are and where they are — or else from
 * the first header.
 */
export function resultsFromTrajectories(
  episodes: readonly EpisodeRecord[],
  base?: Partial<ResultsFile>,
  registry?: MeasureRegistry,
): ResultsFile {
  const first = episodes[0]?.header;
  const rows = episodes.map((e) => resultsRow(e.header, scoreEpisode(e, registry), e.end));
  return {
    ...base,
    schemaVersion: RESULTS_SCHEMA_VERSION,
    harnessVersion: base?.harnessVersion ?? first?.harnessVersion,
    runId: base?.runId ?? first?.runId,
    config: base?.config ?? first?.config ?? {},
    agent: base?.agent ?? first?.agent ?? { name: "unknown" },
    suite: base?.suite ?? { id: first?.suite ?? "unknown" },
    metrics: aggregateMetrics(rows),
    episodes: rows,
  };
}
