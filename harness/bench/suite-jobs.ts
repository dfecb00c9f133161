import { loadSuite, resolveRelative } from "../suite/load.ts";
import type { EpisodeJob } from "../runner/episode.ts";
import { FileCache } from "../runner/file-cache.ts";
import { planEpisodes } from "../runner/plan.ts";

/** The episodes of a suite as the runner would run them (suite seeds and budgets, one repeat), files loaded once. */
export function loadSuiteJobs(suite: string): { suiteId: string; jobs: EpisodeJob[] } {
  const loaded = loadSuite(suite);
  const cache = new FileCache();
  const planned = planEpisodes(loaded.suite.episodes, { seed: null, maxSteps: null, episodes: null, repeat: 1, shard: null });
  const jobs = planned.map((p) => ({
    key: p.key,
    id: p.spec.id,
    repeat: p.repeat,
    seed: p.seed,
    maxSteps: p.maxSteps,
    scene: cache.scene(resolveRelative(loaded.path, p.spec.scene)),
    task: cache.task(resolveRelative(loaded.path, p.spec.task)),
  }));
  return { suiteId: loaded.suite.id, jobs };
}
