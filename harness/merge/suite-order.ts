import type { ResultsFile } from "../metrics/results-schema.ts";
import { planEpisodes } from "../runner/plan.ts";
import { loadSuite } from "../suite/load.ts";
import { recordedSuiteFile } from "../runner/plan-order.ts";

/** The episode keys an unsharded run of a results file's config would run, in suite order. */
export type SuiteOrder = { keys: string[]; file: string } | { keys: null; reason: string };

/**
 * Plans the unsharded run that a shard's results.json describes (its suite file, `--episodes`,
 * `--repeat`, `--seed`, `--max-steps`), giving the merged row order and the episodes to expect.
 * The suite path is as the run recorded it: absolute, or relative to the folder it ran in.
 */
export function suiteOrder(results: ResultsFile): SuiteOrder {
  const recorded = String(results.suite.path ?? "");
  const file = recordedSuiteFile(recorded);
  if (!file) return { keys: null, reason: `suite file ${recorded || "(not recorded)"} not found from here` };
  const c = results.config as Record<string, unknown>;
  const loaded = loadSuite(file);
  const planned = planEpisodes(loaded.suite.episodes, {
    seed: typeof c.seed === "number" ? c.seed : null,
    maxSteps: typeof c.maxSteps === "number" ? c.maxSteps : null,
    episodes: typeof c.episodes === "string" ? c.episodes : null,
    repeat: typeof c.repeat === "number" ? c.repeat : 1,
    shard: null,
  });
  return { keys: planned.map((p) => p.key), file };
}
