import path from "node:path";
import { resultsFromTrajectories } from "../../metrics/results-row.ts";
import { formatProblem, type RunRead } from "../../trajectory/reader.ts";
import type { RunRowView, RunView } from "./view-types.ts";

/**
 * A run's episode table: one row per trajectory (episode and repeat), with the metrics of
 * results.json when the run wrote it, else scored from the trajectory as `rescore` would.
 */
export function runViewOf(run: RunRead): RunView {
  const scored = run.results ?? resultsFromTrajectories(run.episodes);
  const rowsByKey = new Map(scored.episodes.map((r) => [`${r.id}#${r.repeat ?? 0}`, r]));
  const rows: RunRowView[] = run.episodes.map((e, index) => {
    const key = `${e.header.episodeId}#${e.header.repeat}`;
    const m = rowsByKey.get(key) ?? e.end?.metrics;
    const errors = m ? Object.values(m.actionErrors).reduce((s, n) => s + (n ?? 0), 0) : 0;
    return {
      index,
      id: e.header.episodeId,
      repeat: e.header.repeat,
      SR: m?.SR ?? 0,
      TTC: m?.TTC ?? 0,
      TP: m?.TP ?? 0,
      rTP: m?.rTP ?? 0,
      steps: m?.steps ?? e.steps.length,
      doneCalled: m?.doneCalled ?? false,
      conditions: m?.conditions ?? { total: e.header.conditions.length, satisfied: 0, observed: 0 },
      actionErrors: errors,
      reason: e.end?.reason ?? null,
      loggedSteps: e.steps.length,
    };
  });
  const first = run.episodes[0]?.header;
  return {
    dir: path.basename(path.resolve(run.dir)),
    runId: scored.runId ?? first?.runId ?? "",
    suite: scored.suite.id,
    agent: scored.agent.name,
    metrics: scored.metrics as Record<string, unknown>,
    rows,
    problems: run.problems.map(formatProblem),
  };
}
