/**
 * Timing script (not a test): what an agent's own work costs the stepping time around it. The stepping rate
 * times only `env.step` and the writer, but a live agent's garbage is collected when the young generation fills,
 * often inside a step, and its allocations push the world out of the cache. Runs the agent over the suite once to
 * record its actions, then alternates passes of the live agent with passes of those actions replayed (an agent
 * whose `act()` costs next to nothing; the same steps), ABAB and BABA in turn so that a drifting machine favours
 * neither, and prints each side's median stepping rate and the ratio of every pair.
 * Run: `npx tsx test/harness/bench/live-vs-replayed.ts [--suite default] [--agent oracle] [--pairs 10] [--passes 3]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Agent } from "../../../harness/agent.ts";
import { loadAgent } from "../../../harness/agents/load.ts";
import { median } from "../../../harness/bench/stats.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { replayedAgent } from "./replayed-agent.ts";
import { suitePasses } from "./suite-passes.ts";
import { scriptArg } from "./script-args.ts";

const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const live = await loadAgent(scriptArg("agent", "oracle"));
const passes = Number(scriptArg("passes", "3"));
// one lane's world pool, as the stepping rate uses it
const worlds = new WorldPool();
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-live-vs-replayed-"));
const passOver = suitePasses(jobs, worlds, dir);
try {
  const recorded = await passOver(live, 1, true);
  const replayed = replayedAgent(recorded);
  const rate = async (agent: Agent) => {
    replayed.rewind();
    const r = await passOver(agent, passes);
    return r.steps / (r.steppingMs / 1000);
  };
  // warm-up: both sides' code compiled before anything is timed
  await passOver(live, 20);
  await rate(replayed);
  for (let i = 0; i < 4; i++) await rate(replayed);
  const rates = { live: [] as number[], replayed: [] as number[] };
  for (let pair = 0; pair < Number(scriptArg("pairs", "10")); pair++) {
    if (pair % 2 === 0) {
      rates.live.push(await rate(live));
      rates.replayed.push(await rate(replayed));
    } else {
      rates.replayed.push(await rate(replayed));
      rates.live.push(await rate(live));
    }
  }
  const ratios = rates.live.map((l, i) => rates.replayed[i]! / l);
  console.log(
    JSON.stringify({
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      liveStepsPerSecond: Math.round(median(rates.live)),
      replayedStepsPerSecond: Math.round(median(rates.replayed)),
      replayedOverLive: Math.round(median(ratios) * 1000) / 1000,
      pairs: ratios.map((x) => Math.round(x * 100) / 100),
    }),
  );
} finally {
  await live.close?.();
  rmSync(dir, { recursive: true, force: true });
}
