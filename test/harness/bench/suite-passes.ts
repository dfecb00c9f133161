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
 * world pool (one lane's, as the stepping rate uses it). `record` keeps the events, for a replay.
 */
export function suitePasses(jobs: readonly EpisodeJob[], worlds: WorldPool, dir: string): (agent: Agent, count: number, record?: boolean) => Promise<SteppingTime> {
  let runs = 0;
  return (agent, count, record = false) => {
    const d = path.join(dir, `run-${runs++}`);
    mkdirSync(d);
    const writer = new TrajectoryWriter(d);
    writer.onBegin();
    return runTimedEpisodes(Array.from({ length: count }, () => jobs).flat(), agent, writer, { record, worlds });
  };
}
