import { ERROR_CATEGORIES, type ErrorCategory } from "../../sim/actions.ts";
import { compareRuns } from "../compare/compare-runs.ts";
import { episodeMeans } from "../compare/episode-means.ts";
import type { ComparableRun } from "../compare/load-run.ts";
import type { CompareReport } from "../compare/types.ts";
import { bootstrapMeanInterval } from "../probes/stats/bootstrap.ts";
import { FileCache } from "../runner/file-cache.ts";
import { formatProblem } from "../trajectory/reader.ts";
import { stepsHistogram, type HistogramBin } from "./histogram-bins.ts";
import { taskFamily, type FamilySource } from "./task-family.ts";

/** A mean with its 95% bootstrap interval over episodes. */
export interface Estimate {
  value: number;
  ci: [number, number];
}

/** Success of one task family. */
export interface FamilyRow {
  family: string;
  episodes: number;
  SR: Estimate;
  TP: number;
  source: FamilySource;
}

/** One episode row of the report (an episode, repeats averaged). */
export interface ReportEpisode {
  id: string;
  family: string;
  repeats: number;
  SR: number;
  TTC: number;
  TP: number;
  rTP: number;
  steps: number;
  conditions: string;
  actionErrors: number;
  reason: string;
  /** Trajectory of the first repeat, as a path the user can pass to `rearrange view`; null without one. */
  trajectory: string | null;
}

/** Everything the HTML report shows. */
export interface ReportData {
  runPath: string;
  runId: string;
  suite: string;
  agent: string;
  harnessVersion: string;
  /** SR, TTC, TP, rTP, steps and path length: means over episodes with 95% intervals. */
  aggregate: Array<{ metric: string; label: string; estimate: Estimate; unit: "rate" | "count" }>;
  episodes: number;
  errors: number;
  prematureDone: number;
  families: FamilyRow[];
  actionErrors: Array<{ category: ErrorCategory; count: number }>;
  steps: HistogramBin[];
  endReasons: Array<{ reason: string; count: number }>;
  rows: ReportEpisode[];
  problems: string[];
  bootstrap: { seed: number; iterations: number };
  compare: CompareReport | null;
}

export interface ReportOptions {
  /** Base run to compare with (`--compare`). */
  base?: ComparableRun;
  /** Bootstrap seed (default 0): same run, same intervals. */
  seed?: number;
  /** Bootstrap resamples (default 10 000). */
  iterations?: number;
}

const RATE_METRICS = [
  ["SR", "success rate"],
  ["TTC", "total task completion"],
  ["TP", "task progression"],
  ["rTP", "relative task progression"],
] as const;

/**
 * Computes the report of a run: aggregate metrics with 95% percentile-bootstrap intervals over
 * episodes (repeats averaged first, as results.json does), success per task family, action
 * errors, the distribution of steps, and the episode table; with a base run, the compare report.
 */
export function buildReportData(run: ComparableRun, options: ReportOptions = {}): ReportData {
  const seed = options.seed ?? 0;
  const iterations = options.iterations ?? 10_000;
  const estimate = (values: readonly number[]): Estimate => ({
    value: values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1),
    ci: bootstrapMeanInterval(values, { seed, resamples: iterations, confidence: 0.95 }) ?? [0, 0],
  });
  const rows = run.results.episodes;
  const means = episodeMeans(rows);
  const ids = [...means.keys()];
  const files = new FileCache();
  const firstRepeat = (id: string) => {
    const byRepeat = run.trajectories.get(id);
    return byRepeat && byRepeat.size ? byRepeat.get(Math.min(...byRepeat.keys()))! : null;
  };
  const family = new Map(ids.map((id) => [id, taskFamily(id, firstRepeat(id)?.header ?? null, files)]));
  const perEpisode = (f: (id: string) => number) => ids.map(f);
  const groups = new Map<string, Array<(typeof rows)[number]>>();
  for (const r of rows) groups.set(r.id, [...(groups.get(r.id) ?? []), r]);
  const rowsOf = (id: string) => groups.get(id)!;
  const meanOf = (id: string, f: (r: (typeof rows)[number]) => number) => {
    const g = rowsOf(id);
    return g.reduce((s, r) => s + f(r), 0) / g.length;
  };

  const aggregate: ReportData["aggregate"] = [
    ...RATE_METRICS.map(([metric, label]) => ({ metric, label, unit: "rate" as const, estimate: estimate(perEpisode((id) => means.get(id)!.scores[metric])) })),
    { metric: "steps", label: "steps per episode", unit: "count", estimate: estimate(perEpisode((id) => means.get(id)!.scores.steps)) },
    { metric: "pathLength", label: "metres walked per episode", unit: "count", estimate: estimate(perEpisode((id) => meanOf(id, (r) => r.pathLength ?? 0))) },
  ];

  const familyNames = [...new Set(ids.map((id) => family.get(id)!.family))].sort();
  const families: FamilyRow[] = familyNames.map((name) => {
    const members = ids.filter((id) => family.get(id)!.family === name);
    return {
      family: name,
      episodes: members.length,
      SR: estimate(members.map((id) => means.get(id)!.scores.SR)),
      TP: members.reduce((s, id) => s + means.get(id)!.scores.TP, 0) / members.length,
      source: members.every((id) => family.get(id)!.source === "task") ? "task" : "prefix",
    };
  });

  const actionErrors = ERROR_CATEGORIES.map((category) => ({ category, count: rows.reduce((s, r) => s + (r.actionErrors[category] ?? 0), 0) }));
  const reasons = new Map<string, number>();
  for (const r of rows) reasons.set(r.reason ?? "unfinished", (reasons.get(r.reason ?? "unfinished") ?? 0) + 1);

  const reportRows: ReportEpisode[] = ids.map((id) => {
    const m = means.get(id)!;
    const g = rowsOf(id);
    const traj = firstRepeat(id);
    const sum = (f: (r: (typeof g)[number]) => number) => g.reduce((s, r) => s + f(r), 0);
    return {
      id,
      family: family.get(id)!.family,
      repeats: g.length,
      SR: m.scores.SR,
      TTC: m.scores.TTC,
      TP: m.scores.TP,
      rTP: m.scores.rTP,
      steps: m.scores.steps,
      conditions: g.length === 1 ? `${g[0]!.conditions.satisfied}/${g[0]!.conditions.total}` : `${(sum((r) => r.conditions.satisfied) / g.length).toFixed(1)}/${g[0]!.conditions.total}`,
      actionErrors: sum((r) => Object.values(r.actionErrors).reduce((s, n) => s + (n ?? 0), 0)) / g.length,
      reason: [...new Set(g.map((r) => r.reason ?? "unfinished"))].join(", "),
      trajectory: traj ? traj.file : null,
    };
  });

  return {
    runPath: run.path,
    runId: run.results.runId ?? "",
    suite: run.results.suite.id,
    agent: run.results.agent.name,
    harnessVersion: run.results.harnessVersion ?? "",
    aggregate,
    episodes: ids.length,
    errors: rows.filter((r) => r.error).length,
    prematureDone: rows.reduce((s, r) => s + (r.prematureDone ?? 0), 0),
    families,
    actionErrors,
    steps: stepsHistogram(rows.map((r) => r.steps)),
    endReasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1)),
    rows: reportRows,
    problems: run.problems.map(formatProblem),
    bootstrap: { seed, iterations },
    compare: options.base ? compareRuns(options.base, run, { seed, iterations }) : null,
  };
}
