import { existsSync, statSync } from "node:fs";
import { InputError } from "../../sim/errors.ts";
import { FileCache } from "../runner/file-cache.ts";
import { readRun, readTrajectory, type ReadProblem, type TrajectoryRead } from "../trajectory/reader.ts";
import { replayEpisode, type Divergence, type EpisodeReplay } from "./replay-episode.ts";

/** What `rearrange replay` found for an episode file or a run folder. */
export interface ReplayReport {
  /** The path as given. */
  path: string;
  kind: "episode" | "run";
  /** Episodes replayed, in episode id order (with `verify`, up to the first that diverged). */
  episodes: EpisodeReplay[];
  /** The first divergence found, or null when every replayed step matched its log. */
  divergence: Divergence | null;
  problems: ReadProblem[];
}

export interface ReplayPathOptions {
  /** Stop at the first divergence, in the episode and in the run. */
  verify: boolean;
  /** Called after each episode (progress logging). */
  onEpisode?: (e: EpisodeReplay) => void;
}

/**
 * Replays a trajectory file (`.jsonl`) or every trajectory of a run folder in the simulator.
 * @throws InputError when the path is neither, a trajectory is invalid or from an incompatible
 *   harness (its schemaVersion), or a scene/task file is missing or changed since the run
 */
export function replayPath(target: string, options: ReplayPathOptions): ReplayReport {
  if (!existsSync(target)) throw new InputError(target, undefined, "no such file or directory (give an episode .jsonl file or a run folder)");
  const isRun = statSync(target).isDirectory();
  let trajectories: TrajectoryRead[];
  let problems: ReadProblem[];
  if (isRun) {
    const run = readRun(target);
    trajectories = run.episodes;
    problems = run.problems;
  } else {
    const t = readTrajectory(target);
    trajectories = [t];
    problems = [];
  }
  const files = new FileCache();
  const episodes: EpisodeReplay[] = [];
  let divergence: Divergence | null = null;
  for (const t of trajectories) {
    const replay = replayEpisode(t, { stopAtDivergence: options.verify, files });
    episodes.push(replay);
    options.onEpisode?.(replay);
    divergence ??= replay.divergence;
    if (divergence && options.verify) break;
  }
  return { path: target, kind: isRun ? "run" : "episode", episodes, divergence, problems };
}
