import { z } from "zod";
import { SceneSchema } from "../../sim/scene/schema.ts";
import { TaskSchema } from "../../sim/task/schema.ts";
import { SuiteSchema } from "../suite/schema.ts";
import { ResultsFileSchema } from "../metrics/results-schema.ts";
import { EndEventSchema, EpisodeHeaderSchema, StepEventSchema } from "../trajectory/schema.ts";

/**
 * JSON Schemas generated from the same zod schemas the loaders validate with, so editors and other
 * tools check files exactly as the harness does.
 */
export function allJsonSchemas(): Record<string, unknown> {
  const opts = { io: "input" as const, unrepresentable: "any" as const };
  return {
    scene: z.toJSONSchema(SceneSchema, opts),
    task: z.toJSONSchema(TaskSchema, opts),
    suite: z.toJSONSchema(SuiteSchema, opts),
    results: z.toJSONSchema(ResultsFileSchema, opts),
    "trajectory-episode": z.toJSONSchema(EpisodeHeaderSchema, opts),
    "trajectory-step": z.toJSONSchema(StepEventSchema, opts),
    "trajectory-end": z.toJSONSchema(EndEventSchema, opts),
  };
}
