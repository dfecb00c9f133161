import type { EndEvent, EpisodeHeader, EpisodeMetrics } from "../trajectory/events.ts";
import { aggregateMetrics } from "./aggregate.ts";
import { scoreEpisode, type EpisodeRecord } from "./episode-metrics.ts";
import type { MeasureRegistry } from "./registry.ts";
import { RESULTS_SCHEMA_VERSION, type ResultsFile, type ResultsRow } from "./results-schema.ts";

/** The results.json row of one episode: its id, repeat and seed, its metrics, and how it ended. */
export function resultsRow(header: EpisodeHeader, metrics: EpisodeMetrics, end: EndEvent | null): ResultsRow {
  return {
    id: header.episodeId,
    repeat: header.repeat,
    seed: header.seed,
    ...metrics,
    reason: end?.reason ?? null,
    error: end?.error ?? null,
  };
}

/**
 * The row a run writes for a finished episode: `repeat` only when > 0, then the seed, the end line's
 * metrics, reason and error, in that order. The runner builds it when the episode ends and `--resume`
 * rebuilds it from the trajectory's header and end line: one function, so the two rows (and so the
 * results.json bytes) are the same.
 */
export function finishedRow(episode: { id: string; repeat: number; seed: number }, end: Pick<EndEvent, "metrics" | "reason" | "error">): ResultsRow {
  return { id: episode.id, ...(episode.repeat ? { repeat: episode.repeat } : {}), seed: episode.seed, ...end.metrics, reason: end.reason, error: end.error };
}

/** Rows sorted by episode id (code-unit order), then repeat: the stable order of results.json. */
export function sortRows<R extends { id: string; repeat?: number }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : (a.repeat ?? 0) - (b.repeat ?? 0)));
}

/**
 * Scores every trajectory and assembles a results.json. Run-level fields not found in the
 * trajectories (run config, suite details) come from `base` when given — the existing results.json
 * on `rescore --write` — or else from the first header.
 */
export function resultsFromTrajectories(
  episodes: readonly EpisodeRecord[],
  base?: Partial<ResultsFile>,
  registry?: MeasureRegistry,
): ResultsFile {
  const first = episodes[0]?.header;
  const rows = sortRows(episodes.map((e) => resultsRow(e.header, scoreEpisode(e, registry), e.end)));
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
