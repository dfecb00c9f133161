/**
 * Timing script (not a test): how much the agent's own turn slows the stepping that follows it. The same steps
 * — the oracle's, recorded once — are timed as `stepsPerSecond` times them (runTimedEpisodes with the trajectory
 * writer), with in turn, in each repetition:
 * - `oracle`: the oracle choosing them, as in the bench;
 * - `replay`: an agent that hands back the recorded actions and does nothing else;
 * - `garbage`: the replay, allocating `--kb` KB of short-lived objects each turn;
 * - `touch`: the replay, reading and writing `--kb` KB of a 4 MB buffer each turn;
 * - `shadow`: the replay, running the oracle on a second copy of the episode one step behind (the oracle's work,
 *   on other objects).
 * Run: `npx tsx test/harness/bench/agent-interference.ts [--reps 6] [--warmup 3] [--passes 4] [--kb 50]`. Prints
 * steps per second of stepping per measured repetition and the medians.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Agent, PrivilegedView } from "../../../harness/agent.ts";
import { loadAgent } from "../../../harness/agents/load.ts";
import { runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";
import type { Action } from "../../../sim/actions.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { Observation } from "../../../sim/observation.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { scriptArg } from "./script-args.ts";

const { jobs } = loadSuiteJobs("default");
const passes = Array.from({ length: Number(scriptArg("passes", "4")) }, () => jobs).flat();
const kb = Number(scriptArg("kb", "50"));
const oracle = await loadAgent("oracle");
const worlds = new WorldPool();
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-interference-"));

const timed = async (agent: Agent, name: string): Promise<{ steps: number; rate: number; actions: Action[][] }> => {
  const d = path.join(dir, `${name}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(d);
  const writer = new TrajectoryWriter(d);
  writer.onBegin();
  const run = await runTimedEpisodes(passes, agent, writer, { worlds, record: true });
  return { steps: run.steps, rate: run.steps / (run.steppingMs / 1000), actions: run.episodes.map((e) => e.steps.map((s) => s.action as Action)) };
};

// the oracle's actions, one list per episode of the passes, in order
const { actions } = await timed(oracle, "record");
let episode = -1;
let next = 0;
const replayAct = (): Action => actions[episode]![next++] ?? { type: "done" };
const replayReset = (): void => {
  episode++;
  next = 0;
};
const base = { privileged: "full" as const, releasesWorld: true, version: "1" };

let sink: unknown = null;
const buffer = new Float64Array((4 << 20) >> 3);
let at = 0;
const shadowOracle = await loadAgent("oracle");
const shadowWorlds = new WorldPool();
let shadowEnv: RearrangeEnv | null = null;
let shadowObs: Observation | null = null;
let pending: Action | null = null;

const agents: Record<string, Agent> = {
  oracle,
  replay: { ...base, name: "replay", reset: replayReset, act: replayAct },
  garbage: {
    ...base,
    name: "garbage",
    reset: replayReset,
    act() {
      let o: unknown = null;
      for (let k = 0; k < (kb * 1024) / 32; k++) o = { k, prev: o === null ? 0 : 1, z: 2 };
      sink = o;
      return replayAct();
    },
  },
  touch: {
    ...base,
    name: "touch",
    reset: replayReset,
    act() {
      let s = 0;
      for (let k = 0; k < (kb * 1024) / 8; k += 8) {
        s += buffer[at]!;
        buffer[at] = s;
        at = (at + 8) % buffer.length;
      }
      sink = s;
      return replayAct();
    },
  },
  shadow: {
    ...base,
    name: "shadow",
    reset(task) {
      replayReset();
      const job = passes[episode % passes.length]!;
      shadowEnv?.release();
      shadowEnv = new RearrangeEnv({ scene: job.scene.scene, scenePath: job.scene.path, task: job.task, seed: job.seed, maxSteps: job.maxSteps, worlds: shadowWorlds });
      shadowObs = shadowEnv.reset(job.seed).observation;
      pending = null;
      const privileged: PrivilegedView = {
        conditions: shadowEnv.tracker.conditions.map((c) => c.text),
        task: { problem: job.task.problem, binding: shadowEnv.tracker.binding, tracker: shadowEnv.tracker },
        world: shadowEnv.world,
      };
      return shadowOracle.reset(task, shadowObs, privileged);
    },
    act() {
      // one step behind: the copy takes the last action now, so no step of it runs right before a timed one
      if (pending) shadowObs = shadowEnv!.step(pending).observation;
      pending = shadowOracle.act(shadowObs!) as Action;
      return replayAct();
    },
  },
};

try {
  const rates: Record<string, number[]> = {};
  const warmup = Number(scriptArg("warmup", "3"));
  for (let rep = -warmup; rep < Number(scriptArg("reps", "6")); rep++) {
    const line: string[] = [];
    for (const [name, agent] of Object.entries(agents)) {
      episode = -1;
      const run = await timed(agent, name);
      if (rep < 0) continue; // the JIT is still tiering the hot paths up
      (rates[name] ??= []).push(run.rate);
      line.push(`${name} ${Math.round(run.rate)}`);
    }
    if (line.length) console.log(line.join("  "));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(JSON.stringify(Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, Math.round(median(v))]))));
} finally {
  await oracle.close?.();
  await shadowOracle.close?.();
  (shadowEnv as RearrangeEnv | null)?.release();
  rmSync(dir, { recursive: true, force: true });
  void sink;
}
