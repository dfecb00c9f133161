import { z } from "zod";

/** Suite file (SPEC §3): a list of episodes; scene/task paths are relative to the suite file. */
export const SUITE_SCHEMA_VERSION = 1;

export const EpisodeSpecSchema = z
  .object({
    id: z.string().min(1).regex(/^[A-Za-z0-9_.:@+-]+$/, "episode ids use letters, digits and _ . : @ + - (they name files)"),
    scene: z.string().min(1),
    task: z.string().min(1),
    seed: z.number().int().nonnegative().default(0),
    maxSteps: z.number().int().positive().default(100),
  })
  .strict();

export const SuiteSchema = z
  .object({
    schemaVersion: z.literal(SUITE_SCHEMA_VERSION),
    id: z.string().min(1),
    description: z.string().default(""),
    episodes: z.array(EpisodeSpecSchema),
  })
  .strict()
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.episodes.forEach((e, i) => {
      if (seen.has(e.id)) ctx.addIssue({ code: "custom", path: ["episodes", i, "id"], message: `duplicate episode id "${e.id}"` });
      seen.add(e.id);
    });
  });

export type SuiteFile = z.infer<typeof SuiteSchema>;
export type EpisodeSpec = SuiteFile["episodes"][number];
