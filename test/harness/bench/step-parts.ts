/**
 * Timing script (not a test): where a step's time goes, by action type and by part — the table of
 * docs/performance.md, "Where the time goes, and what would fix the two misses". Runs the oracle (or `--agent`)
 * over the default suite as the stepping rate does, with timers wrapped around the simulator's and the runner's
 * parts for the measured passes. The wrappers add a little to every figure; the parts are meant to be compared with each other.
 * Run: `npx tsx test/harness/bench/step-parts.ts [--agent oracle] [--suite default] [--warmup 30] [--passes 12]`.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { EpisodeScorer } from "../../../harness/metrics/episode-scorer.ts";
import { TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { SubpolicyRegistry } from "../../../sim/subpolicies/registry.ts";
import { GoalTracker } from "../../../sim/task/goal-tracker.ts";
import { ObservationBuilder } from "../../../sim/world/observation-builder.ts";
import { scriptArg } from "./script-args.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";


/** Per action type: steps and summed ms of each part. */
const PARTS = ["env.step", "subpolicy", "goal re-check", "observation", "scoring", "writer"] as const;
type Part = (typeof PARTS)[number];
type Totals = Record<Part, number> & { steps: number };
const totals = new Map<string, Totals>();
/** The action type of the step under way. */
let current = "none";
let measuring = false;
/** Inside `env.step` (an observation is also built by `reset`, which is no step). */
let inStep = false;

const emptyTotals = (): Totals => ({ steps: 0, ...(Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>) });

function totalsOf(type: string): Totals {
  let t = totals.get(type);
  if (!t) totals.set(type, (t = emptyTotals()));
  return t;
}

/** Wraps `proto[name]` with a timer that adds to `part` of the step under way (the call's result is returned as is). */
function time<T extends object>(proto: T, name: keyof T & string, part: Part): void {
  const original = proto[name] as unknown as (...a: unknown[]) => unknown;
  (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      if (measuring && (part !== "observation" || inStep)) totalsOf(current)[part] += performance.now() - t0;
    }
  };
}

// env.step sets the step's action type, counts the step and marks what runs inside it
const envStep = RearrangeEnv.prototype.step;
RearrangeEnv.prototype.step = function (this: RearrangeEnv, raw: unknown) {
  const type = (raw as { type?: unknown } | undefined)?.type;
  current = typeof type === "string" ? type : "text";
  if (measuring) totalsOf(current).steps++;
  inStep = true;
  try {
    return envStep.call(this, raw);
  } finally {
    inStep = false;
  }
};
time(RearrangeEnv.prototype, "step", "env.step");
time(SubpolicyRegistry.prototype, "apply", "subpolicy");
time(GoalTracker.prototype, "update", "goal re-check");
time(ObservationBuilder.prototype, "build", "observation");
time(EpisodeScorer.prototype, "update", "scoring");
time(TrajectoryWriter.prototype, "onStep", "writer");

const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const agent = await loadAgent(scriptArg("agent", "oracle"));
// the lane's world pool, as the stepping rate uses it
const worlds = new WorldPool();
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-step-parts-"));
try {
  const pass = async (name: string, passes: number) => {
    const d = path.join(dir, name);
    mkdirSync(d);
    const writer = new TrajectoryWriter(path.join(d, "run"));
    writer.onBegin();
    return runTimedEpisodes(Array.from({ length: passes }, () => jobs).flat(), agent, writer, { worlds });
  };
  await pass("warm-up", Number(scriptArg("warmup", "30")));
  const passes = Number(scriptArg("passes", "12"));
  measuring = true;
  const run = await pass("measured", passes);
  measuring = false;
  const us = (ms: number, n: number) => (n ? (1000 * ms) / n : 0).toFixed(1).padStart(14);
  console.log(`${run.steps} steps, ${(run.steps / (run.steppingMs / 1000)).toFixed(0)} steps/s of stepping (timers included); µs per step:`);
  console.log(["action".padEnd(12), "steps/pass".padStart(11), ...PARTS.map((p) => p.padStart(14))].join(""));
  const all = emptyTotals();
  for (const [type, t] of [...totals].sort((a, b) => b[1].steps - a[1].steps)) {
    for (const p of PARTS) all[p] += t[p];
    all.steps += t.steps;
    console.log([type.padEnd(12), (t.steps / passes).toFixed(0).padStart(11), ...PARTS.map((p) => us(t[p], t.steps))].join(""));
  }
  console.log(["all".padEnd(12), (all.steps / passes).toFixed(0).padStart(11), ...PARTS.map((p) => us(all[p], all.steps))].join(""));
  console.log(`stepping per step (act() return to line written): ${((1000 * run.steppingMs) / run.steps).toFixed(1)} µs`);
} finally {
  await agent.close?.();
  rmSync(dir, { recursive: true, force: true });
}
