/**
 * The workload {@link ./instruction-count.ts} counts instructions of (not a test; run through that script).
 * Runs an agent's episodes once to record its actions, then replays them — an agent whose `act()` costs
 * next to nothing — through the real episode runner with the trajectory writer on, as the stepping rate
 * does: `warmup` passes over the suite, then `passes` more. Prints the steps of the last `passes` passes.
 * With `resets-only`, the measured passes end every episode at once (`done()` as the first action): the same
 * resets and episode set-up with one step each, to subtract from a full run. With `live`, the warm-up and
 * measured passes run the agent itself (its `act()` counted too), to compare with a replayed run of the same passes.
 * Args: suite agent warmup passes [full|resets-only|live].
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { replayedAgent } from "./replayed-agent.ts";
import { suitePasses } from "./suite-passes.ts";

const [suite = "default", agentName = "oracle", warmupArg = "20", passesArg = "10", mode = "full"] = process.argv.slice(2);
const { jobs } = loadSuiteJobs(suite);
// a run's lane keeps its worlds between episodes: resets restore them, as in `rearrange run`
const worlds = new WorldPool();
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-instructions-"));
// no flush by the clock: under valgrind a step takes some fifty times as long, and whether eight lines took
// 100 ms (a write) would depend on how busy the machine was, not on the code counted
const passOver = suitePasses(jobs, worlds, dir, { flushAfterMs: Infinity });
try {
  const agent = await loadAgent(agentName);
  try {
    const recorded = await passOver(agent, 1, true);
    const replay = replayedAgent(recorded);
    const driven = mode === "live" ? agent : replay;
    await passOver(driven, Number(warmupArg));
    replay.resetsOnly = mode === "resets-only";
    const measured = await passOver(driven, Number(passesArg));
    console.log(JSON.stringify({ steps: measured.steps }));
  } finally {
    await agent.close?.();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
