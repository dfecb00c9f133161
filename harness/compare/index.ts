/** Run comparison: paired-bootstrap deltas, per-episode changes, reporters. */
export { compareRuns, isRegression, DEFAULT_BOOTSTRAP_ITERATIONS, type CompareOptions } from "./compare-runs.ts";
export { loadComparableRun, type ComparableRun } from "./load-run.ts";
export { firstDivergence, summarizeStep } from "./divergence.ts";
export { episodeMeans, type EpisodeMeans } from "./episode-means.ts";
export { renderCompareReport, COMPARE_REPORTERS, type CompareReporterName } from "./reporters/index.ts";
export * from "./types.ts";
