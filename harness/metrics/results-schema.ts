import { z } from "zod";
import { ERROR_CATEGORIES } from "../../sim/actions.ts";

/**
 * `results.json` (SPEC §3): run config, agent, suite, aggregate metrics and one row per episode
 * (per episode and repeat when `--repeat K` > 1). Objects are open (`looseObject`): a newer
 * harness may add fields, and custom measures add their own metrics to rows.
 */
export const RESULTS_SCHEMA_VERSION = 1;

const rate = z.number().min(0).max(1);
const count = z.number().int().min(0);

export const ErrorCategorySchema = z.enum(ERROR_CATEGORIES);
export const ActionErrorCountsSchema = z.partialRecord(ErrorCategorySchema, count);

export const ConditionCountsSchema = z.object({ total: count, satisfied: count, observed: count });

/** An agent crash or timeout that ended the episode. */
export const EpisodeErrorSchema = z.object({ category: z.string(), message: z.string() });

export const END_REASONS = ["done", "budget", "agent_error", "timeout", "stuck"] as const;

/** Per-episode metrics: the `metrics` of a trajectory's end line and the metric fields of a row. */
export const EpisodeMetricsSchema = z.looseObject({
  SR: rate,
  TTC: rate,
  TP: rate,
  rTP: rate,
  rTPSeedFormula: rate.optional(),
  steps: count,
  stepsAfterCompletion: count.optional(),
  prematureDone: count.optional(),
  doneCalled: z.boolean(),
  pathLength: z.number().min(0).optional(),
  conditions: ConditionCountsSchema,
  actionErrors: ActionErrorCountsSchema,
});

/** Every field of `EpisodeMetrics` required: what this harness writes in a trajectory's end line. */
export const CompleteEpisodeMetricsSchema = EpisodeMetricsSchema.required({
  rTPSeedFormula: true,
  stepsAfterCompletion: true,
  prematureDone: true,
  pathLength: true,
});

/** One results row: an episode (and repeat) with its metrics and how it ended. */
export const ResultsRowSchema = EpisodeMetricsSchema.extend({
  id: z.string().min(1),
  /** Repeat index (0-based) when the run used `--repeat K`; absent or 0 otherwise. */
  repeat: count.optional(),
  seed: z.number().int().optional(),
  /** Why the episode ended; null when its trajectory has no end line. */
  reason: z.enum(END_REASONS).nullable().optional(),
  error: EpisodeErrorSchema.nullable(),
});
export type ResultsRow = z.infer<typeof ResultsRowSchema>;

/** Run-level metrics: means over episodes (repeats averaged first), plus counts. */
export const AggregateMetricsSchema = z.looseObject({
  SR: rate,
  TTC: rate,
  TP: rate,
  rTP: rate,
  rTPSeedFormula: rate.optional(),
  /** Distinct episode ids. */
  episodes: count,
  /** Episodes that ended with an agent error or timeout (rows, repeats counted). */
  errors: count,
});

export const ResultsFileSchema = z.looseObject({
  schemaVersion: z.number().int(),
  harnessVersion: z.string().optional(),
  runId: z.string().optional(),
  config: z.record(z.string(), z.unknown()),
  agent: z.looseObject({ name: z.string(), version: z.string().optional() }),
  suite: z.looseObject({ id: z.string() }),
  metrics: AggregateMetricsSchema,
  episodes: z.array(ResultsRowSchema),
});
export type ResultsFile = z.infer<typeof ResultsFileSchema>;

/** JSON Schema of results.json, for editors and `rearrange validate`. */
export function resultsJsonSchema(): unknown {
  return z.toJSONSchema(ResultsFileSchema, { io: "input" });
}
