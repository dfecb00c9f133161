import { z } from "zod";

/**
 * Task file (SPEC §3): instruction + BDDL problem + how its instances bind to scene objects.
 * `bddl` holds the problem text inline; `bddlFile` points at a BEHAVIOR `problemN.bddl` (relative to the task file).
 */
export const TASK_SCHEMA_VERSION = 1;

export const TaskSchema = z
  .object({
    schemaVersion: z.literal(TASK_SCHEMA_VERSION),
    id: z.string().min(1),
    instruction: z.string().min(1),
    bddl: z.string().min(1).optional(),
    bddlFile: z.string().min(1).optional(),
    /**
     * Task instance → scene object id (`apple.n.01_1` → `apple_3`). `agent.n.01_1` binds to `agent`.
     * Wildcard instances (`tree.n.01_*`) bind to a list, or are left out to mean every scene object of the category.
     */
    bindings: z.record(z.string(), z.union([z.string().min(1), z.array(z.string().min(1))])),
    /** Free-form tags (task family, source activity) used by reports. */
    family: z.string().optional(),
    tags: z.array(z.string()).default([]),
  })
  .strict()
  .refine((t) => (t.bddl === undefined) !== (t.bddlFile === undefined), {
    message: "give exactly one of bddl (inline text) or bddlFile (path)",
    path: ["bddl"],
  });

export type TaskFile = z.infer<typeof TaskSchema>;
