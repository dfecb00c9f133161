import { z } from "zod";
import { ActionSchema } from "../../sim/actions.ts";
import { END_REASONS, CompleteEpisodeMetricsSchema, EpisodeErrorSchema, ErrorCategorySchema } from "../metrics/results-schema.ts";
import type { EndEvent, EpisodeHeader, StepEvent } from "./events.ts";

/**
 * zod schemas of the trajectory lines declared in `events.ts`. Objects are open (`looseObject`)
 * so a trajectory with extra fields from a newer minor harness still reads; `schemaVersion`
 * guards incompatible changes.
 */
const index = z.number().int().min(0);
const hashRef = z.looseObject({ id: z.string(), path: z.string(), hash: z.string() });

export const ConditionInfoSchema = z.looseObject({ text: z.string(), objects: z.array(z.string()) });

export const EpisodeHeaderSchema = z.looseObject({
  type: z.literal("episode"),
  schemaVersion: z.number().int(),
  harnessVersion: z.string(),
  runId: z.string(),
  episodeId: z.string().min(1),
  repeat: index,
  suite: z.string(),
  scene: hashRef,
  task: hashRef,
  instruction: z.string(),
  seed: z.number().int(),
  maxSteps: z.number().int().min(0),
  agent: z.looseObject({ name: z.string(), version: z.string() }),
  conditions: z.array(ConditionInfoSchema),
  initiallySatisfied: z.array(index),
  initiallyObserved: z.array(z.string()),
  config: z.record(z.string(), z.unknown()),
  ts: z.string(),
});

/** What the agent sent when it was not an action (logged so the step is replayable). */
export const InvalidActionSchema = z.object({ type: z.literal("invalid"), raw: z.unknown() });

export const FeedbackSchema = z.looseObject({ ok: z.boolean(), error: ErrorCategorySchema.nullable(), message: z.string() });

export const StepEventSchema = z.looseObject({
  type: z.literal("step"),
  t: z.number().int().min(0),
  action: z.union([ActionSchema, InvalidActionSchema]),
  feedback: FeedbackSchema,
  satisfied: z.array(index),
  observed: z.array(z.string()),
  agent: z.looseObject({
    room: z.string(),
    position: z.object({ x: z.number(), y: z.number() }),
    holding: z.string().nullable(),
  }),
  distance: z.number().min(0),
  changed: z.record(z.string(), z.string()),
  info: z.record(z.string(), z.unknown()).optional(),
  ts: z.string().optional(),
});

export const EndEventSchema = z.looseObject({
  type: z.literal("end"),
  reason: z.enum(END_REASONS),
  error: EpisodeErrorSchema.nullable(),
  metrics: CompleteEpisodeMetricsSchema,
  info: z.record(z.string(), z.unknown()).optional(),
  ts: z.string().optional(),
});

export const TrajectoryLineSchema = z.discriminatedUnion("type", [EpisodeHeaderSchema, StepEventSchema, EndEventSchema]);

// Compile-time guarantee that the schemas and the hand-written event types agree.
type Agrees<A, B extends A> = B;
export type CheckedHeader = Agrees<EpisodeHeader, z.infer<typeof EpisodeHeaderSchema>>;
export type CheckedStep = Agrees<StepEvent, z.infer<typeof StepEventSchema>>;
export type CheckedEnd = Agrees<EndEvent, z.infer<typeof EndEventSchema>>;

/** JSON Schema of one trajectory line, for editors and `rearrange validate`. */
export function trajectoryLineJsonSchema(): unknown {
  return z.toJSONSchema(TrajectoryLineSchema, { io: "input" });
}
