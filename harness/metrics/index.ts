/** Metrics: measures, scoring, aggregation, results.json and rescoring. */
export { type Measure, type MeasureKey, type MeasureValues, type EpisodeEnd, measureKey, derivedMeasure } from "./measure.ts";
export { MeasureRegistry, type MeasureFactory } from "./registry.ts";
export { orderByDependencies, MeasureGraphError, type DependencyNode } from "./topo-order.ts";
export { EpisodeScorer } from "./episode-scorer.ts";
export { DEFAULT_MEASURES, defaultMeasureRegistry } from "./builtin.ts";
export { computeEpisodeMetrics, scoreEpisode, type EpisodeRecord } from "./episode-metrics.ts";
export { aggregateMetrics, type AggregateMetrics, type AggregatableRow } from "./aggregate.ts";
export * from "./results-schema.ts";
export { readResultsFile, parseResultsText, writeResultsFile } from "./results-file.ts";
export { resultsRow, resultsFromTrajectories, sortRows } from "./results-row.ts";
export { rescore, writeRescoredResults, type RescoreResult, type ChangedRow } from "./rescore.ts";
export { GOAL_STATUS, COMPLETION, type GoalStatus, type Completion } from "./measures/goal-status.ts";
export { OBSERVED, type ObservedConditions } from "./measures/observation.ts";
export { DONE, DONE_CALLED, PREMATURE_DONE, type DoneStatus } from "./measures/done.ts";
export { SR, TTC } from "./measures/success.ts";
export { TP, RTP, RTP_SEED_FORMULA, CONDITIONS, type ConditionCounts } from "./measures/progress.ts";
export { STEPS, STEPS_AFTER_COMPLETION, PATH_LENGTH, ACTION_ERRORS } from "./measures/effort.ts";
