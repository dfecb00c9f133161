import { existsSync } from "node:fs";
import { hashString } from "../../sim/rng.ts";
import { loadSceneFile } from "../../sim/scene/load.ts";
import { InputError } from "../../sim/errors.ts";
import { loadTaskFile } from "../../sim/task/load.ts";
import type { EpisodeJob } from "../runner/episode.ts";
import { planEpisodes } from "../runner/plan.ts";
import { loadSuite, resolveRelative, type LoadedSuite } from "../suite/load.ts";

/** Which episode of which suite, with the same overrides `rearrange run` takes. */
export interface EpisodeChoice {
  suite: string;
  /** Episode id; may be left out when the suite has a single episode. */
  episode?: string;
  seed: number | null;
  maxSteps: number | null;
}

/**
 * Resolves one suite episode into a job the episode runner takes: the seed and budget are derived exactly
 * as `rearrange run` derives them, so an MCP episode and a run of the same episode are comparable.
 * @throws InputError for an unknown episode id or a missing scene/task file
 */
export function episodeJob(choice: EpisodeChoice): { job: EpisodeJob; suite: LoadedSuite; runId: string } {
  const suite = loadSuite(choice.suite);
  const ids = suite.suite.episodes.map((e) => e.id);
  const id = choice.episode ?? (ids.length === 1 ? ids[0] : undefined);
  if (id === undefined) throw new InputError(suite.path, "$.episodes", `name the episode with --episode (one of: ${ids.join(", ")})`);
  const i = ids.indexOf(id);
  if (i < 0) throw new InputError(suite.path, "$.episodes", `no episode "${id}" (episodes: ${ids.join(", ")})`);
  const spec = suite.suite.episodes[i]!;
  const [planned] = planEpisodes([spec], { seed: choice.seed, maxSteps: choice.maxSteps, episodes: null, repeat: 1, shard: null });
  const scenePath = resolveRelative(suite.path, spec.scene);
  const taskPath = resolveRelative(suite.path, spec.task);
  for (const [what, file] of [["scene", scenePath], ["task", taskPath]] as const) {
    if (!existsSync(file)) throw new InputError(suite.path, `$.episodes[${i}].${what}`, `${what} file ${file} does not exist`);
  }
  const job: EpisodeJob = { key: planned!.key, id: spec.id, repeat: 0, seed: planned!.seed, maxSteps: planned!.maxSteps, scene: loadSceneFile(scenePath), task: loadTaskFile(taskPath) };
  const runId = `${suite.suite.id}-mcp-${hashString(JSON.stringify([choice.suite, id, choice.seed, choice.maxSteps])).toString(16).padStart(8, "0")}`;
  return { job, suite, runId };
}
