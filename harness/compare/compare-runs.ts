import { ERROR_CATEGORIES } from "../../sim/actions.ts";
import { InputError } from "../../sim/errors.ts";
import { bootstrapMeanInterval } from "../probes/stats/bootstrap.ts";
import { firstDivergence } from "./divergence.ts";
import { episodeMeans, type EpisodeMeans } from "./episode-means.ts";
import type { ComparableRun } from "./load-run.ts";
import {
  COMPARED_METRICS,
  type ActionErrorChange,
  type ComparedMetric,
  type CompareReport,
  type EpisodeChange,
  type MetricDelta,
  type RunSummary,
} from "./types.ts";

export interface CompareOptions {
  /** Seed of the bootstrap resampling (default 0): same runs + same seed → same intervals. */
  seed?: number;
  /** Bootstrap resamples (default 10 000). */
  iterations?: number;
}

export const DEFAULT_BOOTSTRAP_ITERATIONS = 10_000;

/** Deltas closer to 0 than this are floating-point noise, not change. */
const NOISE = 1e-9;

/**
 * The `--fail-on-regression` rule: an aggregate metric regresses when the whole 95%
 * paired-bootstrap interval of its delta (candidate − base) lies below 0, i.e. its upper bound is
 * < 0. A drop whose interval still reaches 0 could be chance and does not fail. With a single
 * paired episode (or identical deltas) the interval has zero width, so any drop fails.
 */
export function isRegression(ci: readonly [number, number]): boolean {
  return ci[1] < -NOISE;
}

/**
 * Compares a candidate run with a base run on the episodes they share (paired by episode id;
 * repeats averaged first). Aggregate deltas of SR, TTC, TP and rTP come with 95% percentile
 * intervals from a seeded paired bootstrap over episodes (resampling episodes, each keeping its
 * base and candidate scores together). Per episode: the change, and the first step where the
 * trajectories diverged when both runs have them.
 *
 * @throws InputError when the runs have no episode in common
 */
export function compareRuns(base: ComparableRun, cand: ComparableRun, options: CompareOptions = {}): CompareReport {
  const seed = options.seed ?? 0;
  const iterations = options.iterations ?? DEFAULT_BOOTSTRAP_ITERATIONS;
  const baseMeans = episodeMeans(base.results.episodes);
  const candMeans = episodeMeans(cand.results.episodes);
  const pairedIds = [...baseMeans.keys()].filter((id) => candMeans.has(id));
  if (pairedIds.length === 0) {
    throw new InputError(cand.path, undefined, `no episode in common with ${base.path}: nothing to compare`);
  }
  const pairs = pairedIds.map((id) => [baseMeans.get(id)!, candMeans.get(id)!] as const);

  const aggregate: MetricDelta[] = COMPARED_METRICS.map((metric) => {
    const b = mean(pairs.map(([x]) => x.scores[metric]));
    const c = mean(pairs.map(([, y]) => y.scores[metric]));
    const deltas = pairs.map(([x, y]) => y.scores[metric] - x.scores[metric]);
    // The same seed for every metric resamples the same episodes, keeping the metrics paired too.
    const ci = bootstrapMeanInterval(deltas, { seed, resamples: iterations, confidence: 0.95 })!;
    return { metric, base: b, cand: c, delta: c - b, ci, regressed: isRegression(ci), improved: ci[0] > NOISE };
  });

  const episodes = pairedIds.map((id) => episodeChange(id, baseMeans.get(id)!, candMeans.get(id)!, base, cand));
  return {
    base: summarize(base, baseMeans),
    cand: summarize(cand, candMeans),
    seed,
    iterations,
    paired: pairedIds.length,
    baseOnly: [...baseMeans.keys()].filter((id) => !candMeans.has(id)),
    candOnly: [...candMeans.keys()].filter((id) => !baseMeans.has(id)),
    aggregate,
    episodes,
    actionErrors: actionErrorChanges(pairs),
    regressions: aggregate.filter((a) => a.regressed).map((a) => a.metric),
    notes: notes(base, cand, pairedIds),
  };
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function episodeChange(id: string, b: EpisodeMeans, c: EpisodeMeans, base: ComparableRun, cand: ComparableRun): EpisodeChange {
  const delta = {} as Record<ComparedMetric, number>;
  for (const m of COMPARED_METRICS) delta[m] = c.scores[m] - b.scores[m];
  const sign = (x: number) => (x < -NOISE ? -1 : x > NOISE ? 1 : 0);
  const direction = sign(delta.SR) || sign(delta.TP);
  const change: EpisodeChange = {
    id,
    base: b.scores,
    cand: c.scores,
    delta,
    verdict: direction < 0 ? "worse" : direction > 0 ? "better" : "same",
    successToFailure: b.allSucceeded && c.allFailed,
    failureToSuccess: b.allFailed && c.allSucceeded,
  };
  const bt = firstRepeat(base, id);
  const ct = firstRepeat(cand, id);
  if (bt && ct) change.divergence = firstDivergence(bt.steps, ct.steps);
  return change;
}

/** The lowest-numbered repeat's trajectory of an episode (repeat 0 when present). */
function firstRepeat(run: ComparableRun, id: string) {
  const byRepeat = run.trajectories.get(id);
  if (!byRepeat || byRepeat.size === 0) return undefined;
  return byRepeat.get(Math.min(...byRepeat.keys()));
}

function actionErrorChanges(pairs: ReadonlyArray<readonly [EpisodeMeans, EpisodeMeans]>): ActionErrorChange[] {
  const out: ActionErrorChange[] = [];
  for (const category of ERROR_CATEGORIES) {
    const b = pairs.reduce((s, [x]) => s + (x.actionErrors[category] ?? 0), 0);
    const c = pairs.reduce((s, [, y]) => s + (y.actionErrors[category] ?? 0), 0);
    if (b > 0 || c > 0) out.push({ category, base: b, cand: c, delta: c - b });
  }
  return out;
}

function summarize(run: ComparableRun, means: Map<string, EpisodeMeans>): RunSummary {
  return {
    path: run.path,
    agent: run.results.agent.version ? `${run.results.agent.name}@${run.results.agent.version}` : run.results.agent.name,
    suite: run.results.suite.id,
    episodes: means.size,
    maxRepeats: Math.max(0, ...[...means.values()].map((m) => m.scores.repeats)),
  };
}

function notes(base: ComparableRun, cand: ComparableRun, pairedIds: readonly string[]): string[] {
  const out: string[] = [];
  if (base.results.suite.id !== cand.results.suite.id) {
    out.push(`the runs are of different suites (${base.results.suite.id} vs ${cand.results.suite.id}): only episodes with the same id are paired`);
  }
  const changedTasks = pairedIds.filter((id) => {
    const b = firstRepeat(base, id)?.header;
    const c = firstRepeat(cand, id)?.header;
    return b && c && (b.task.hash !== c.task.hash || b.scene.hash !== c.scene.hash || b.seed !== c.seed);
  });
  if (changedTasks.length > 0) {
    out.push(`scene, task or seed differs between the runs for ${changedTasks.length} episode(s): ${changedTasks.join(", ")}`);
  }
  if (base.trajectories.size === 0 || cand.trajectories.size === 0) {
    out.push("trajectories missing on one side: first divergence steps are not reported");
  }
  for (const p of [...base.problems, ...cand.problems]) out.push(`${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`);
  return out;
}
