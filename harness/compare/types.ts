import type { ErrorCategory } from "../../sim/actions.ts";

/** The aggregate metrics compared and checked for regressions. */
export const COMPARED_METRICS = ["SR", "TTC", "TP", "rTP"] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

/** One side of a comparison as the report names it. */
export interface RunSummary {
  /** The path given on the command line. */
  path: string;
  agent: string;
  suite: string;
  /** Distinct episodes in the run. */
  episodes: number;
  /** Rows per episode: > 1 when the run used `--repeat`. */
  maxRepeats: number;
}

/** An aggregate metric's change, candidate minus base, over the paired episodes. */
export interface MetricDelta {
  metric: ComparedMetric;
  base: number;
  cand: number;
  delta: number;
  /** 95% paired-bootstrap percentile interval of `delta`. */
  ci: [number, number];
  /** The whole interval lies below 0: `ci[1] < 0` (see `isRegression`). */
  regressed: boolean;
  /** The whole interval lies above 0. */
  improved: boolean;
}

/** An episode's metrics, averaged over its repeats. */
export type EpisodeScores = Record<ComparedMetric, number> & { steps: number; repeats: number };

/** What one logged step did, as people read it. */
export interface StepSummary {
  t: number;
  action: string;
  feedback: string;
}

/** The first step at which the two trajectories differ in action or feedback. */
export interface Divergence {
  /** Step number (`t` of the first differing step). */
  t: number;
  /** The step in each run; null when that run's trajectory had already ended. */
  base: StepSummary | null;
  cand: StepSummary | null;
}

/** How one paired episode changed. */
export interface EpisodeChange {
  id: string;
  base: EpisodeScores;
  cand: EpisodeScores;
  delta: Record<ComparedMetric, number>;
  /**
   * `worse`: SR fell, or SR held and TP fell; `better`: the reverse; `same` otherwise.
   * With repeats these are per-episode means.
   */
  verdict: "worse" | "better" | "same";
  /** Succeeded in every base repeat, failed in every candidate repeat. */
  successToFailure: boolean;
  failureToSuccess: boolean;
  /**
   * First divergence of the repeat-0 trajectories; null when they match step for step;
   * undefined when a trajectory is missing on either side.
   */
  divergence?: Divergence | null;
}

/** Action errors of one category: summed over paired episodes of per-episode means. */
export interface ActionErrorChange {
  category: ErrorCategory;
  base: number;
  cand: number;
  delta: number;
}

/** Everything `compareRuns` found; what every reporter renders. */
export interface CompareReport {
  base: RunSummary;
  cand: RunSummary;
  seed: number;
  iterations: number;
  /** Episodes present in both runs (the bootstrap resamples these). */
  paired: number;
  baseOnly: string[];
  candOnly: string[];
  aggregate: MetricDelta[];
  /** Paired episodes in id order. */
  episodes: EpisodeChange[];
  actionErrors: ActionErrorChange[];
  /** Metrics that regressed under the `--fail-on-regression` rule. */
  regressions: ComparedMetric[];
  /** Things to keep in mind when reading the numbers (different suites, changed tasks, …). */
  notes: string[];
}
