import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Agent } from "../../../harness/agent.ts";
import { runTimedEpisodes, type SteppingTime } from "../../../harness/bench/stepping-clock.ts";
import type { EpisodeJob } from "../../../harness/runner/episode.ts";
import { TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";
import type { WorldPool } from "../../../sim/world/world-pool.ts";

/**
 * For the timing scripts: runs `count` passes over `jobs` with `agent` through `runTimedEpisodes`, each run
 * writing its trajectories into a folder of its own under `dir` (`run-0`, `run-1`, …), every run on the same
 * world pool (one lane's, as the stepping rate uses it). `record` keeps the events, for a replay. `writer`: the
 * trajectory writers' options.
 */
export function suitePasses(
  jobs: readonly EpisodeJob[],
  worlds: WorldPool,
  dir: string,
  writer: ConstructorParameters<typeof TrajectoryWriter>[1] = {},
): (agent: Agent, count: number, record?: boolean) => Promise<SteppingTime> {
  let runs = 0;
  return (agent, count, record = false) => {
    const d = path.join(dir, `run-${runs++}`);
    mkdirSync(d);
    const trajectories = new TrajectoryWriter(d, writer);
    trajectories.onBegin();
    return runTimedEpisodes(Array.from({ length: count }, () => jobs).flat(), agent, trajectories, { record, worlds });
  };
}
