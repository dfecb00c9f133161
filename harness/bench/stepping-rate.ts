import { mkdirSync } from "node:fs";
import path from "node:path";
import { loadAgent } from "../agents/load.ts";
import { TrajectoryWriter } from "../reporters/trajectory-writer.ts";
import { steppingByAction, type ActionTime } from "./stepping-breakdown.ts";
import { median, spreadOf, type Spread } from "./stats.ts";
import { firstDifferentStep, replayLines, runTimedEpisodes, type SteppingTime } from "./stepping-clock.ts";
import { loadSuiteJobs } from "./suite-jobs.ts";
import { WorldPool } from "../../sim/world/world-pool.ts";

/** Stepping rate of an agent on a suite, with the I/O limit of the same trajectory lines. */
export interface SteppingRate {
  /** Steps per second of stepping time (wall clock), median over repetitions. */
  stepsPerSecond: number;
  /** The same from process CPU time. */
  stepsPerSecondCpu: number;
  /** Step lines per second written with no simulation (stringify + writeSync), median. */
  logOnlyStepsPerSecond: number;
  logOnlyStepsPerSecondCpu: number;
  /** stepsPerSecond / logOnlyStepsPerSecond. */
  fractionOfLimit: number;
  fractionOfLimitCpu: number;
  /** Steps in one pass over the suite. */
  stepsPerPass: number;
  /** Agent `act()` time per pass, ms (median; not part of stepping). */
  actMsPerPass: number;
  /** Stepping time by action type over every measured repetition: where the time goes. */
  byAction: Record<string, ActionTime>;
  /** Each wall figure's smallest and largest repetition (the fraction per repetition: its rate over its log-only rate). */
  spread: { stepsPerSecond: Spread; logOnlyStepsPerSecond: Spread; fractionOfLimit: Spread };
}

/**
 * Runs `agent` over `suite` `reps` times `passesPerRep` passes with trajectory logging on, after `warmupPasses`
 * unmeasured passes and one unmeasured repetition (the rate keeps climbing for some thirty passes of the default
 * suite as V8 tiers the hot paths up and the young generation grows: without the warm-up the median is a figure
 * of the process's start, not of a step),
 * timing stepping only (see {@link runTimedEpisodes}): each repetition runs the passes three times, once on the wall
 * clock alone (keeping only each step's action type), once reading CPU time around every step too, and once untimed
 * keeping the events, whose step lines it then writes again with no simulation, through the same trajectory writer,
 * to get the I/O limit of a step on this machine. The three passes must take the same steps (a deterministic agent).
 * The episodes share one world pool, as a run's lane does (an agent that takes the live world uses it only if
 * it declares `releasesWorld`, as the oracle does).
 */
export async function measureSteppingRate(options: { suite: string; agent: string; reps: number; passesPerRep: number; warmupPasses?: number; dir: string }): Promise<SteppingRate> {
  const { jobs } = loadSuiteJobs(options.suite);
  const agent = await loadAgent(options.agent);
  // one pass over a small suite is only a few hundred steps: a repetition is several passes
  const passJobs = Array.from({ length: options.passesPerRep }, () => jobs).flat();
  const rows: { sps: number; spsCpu: number; log: number; logCpu: number; steps: number; actMs: number }[] = [];
  const worlds = new WorldPool();
  const timed: SteppingTime = { steps: 0, steppingMs: 0, steppingCpuMs: 0, actMs: 0, perStepMs: [], perStepCpuMs: [], episodes: [], actionTypes: [] };
  try {
    const warmupJobs = Array.from({ length: options.warmupPasses ?? 0 }, () => jobs).flat();
    if (warmupJobs.length) {
      const warmupWriter = new TrajectoryWriter(path.join(options.dir, "warm-up"));
      warmupWriter.onBegin();
      await runTimedEpisodes(warmupJobs, agent, warmupWriter, { worlds });
    }
    for (let rep = -1; rep < options.reps; rep++) {
      const runDir = path.join(options.dir, `rep-${rep + 1}`);
      mkdirSync(runDir, { recursive: true });
      const writer = new TrajectoryWriter(path.join(runDir, "run"));
      writer.onBegin();
      // keeps only each step's action type: a run keeps none of its events, and holding on to a repetition's
      // events made every one survive the young generation's collections (copied, then promoted) inside the
      // timed spans, ~5 % of a step that belongs to the measurement, not to stepping
      const run = await runTimedEpisodes(passJobs, agent, writer, { actionTypes: true, worlds });
      // the same steps again with CPU time read around each (a separate run: reading it slows the steps it surrounds)
      const cpuWriter = new TrajectoryWriter(path.join(runDir, "run-cpu"));
      cpuWriter.onBegin();
      const cpuRun = await runTimedEpisodes(passJobs, agent, cpuWriter, { cpu: true, worlds });
      if (cpuRun.steps !== run.steps) throw new Error(`the CPU-timed pass took ${cpuRun.steps} steps, the wall-timed one ${run.steps}: ${options.agent} is not deterministic`);
      // the same steps a third time, untimed, keeping their events for the log-only replay just after: the
      // replayed events are as fresh as when the timed pass kept them (older events stringify slower, which
      // would understate the limit)
      const recordWriter = new TrajectoryWriter(path.join(runDir, "recorded"));
      recordWriter.onBegin();
      const recorded = await runTimedEpisodes(passJobs, agent, recordWriter, { record: true, actionTypes: true, worlds });
      const [kept, timedTypes] = [recorded.actionTypes!, run.actionTypes!];
      const differs = firstDifferentStep(kept, timedTypes);
      if (differs >= 0) {
        throw new Error(`the recorded pass took ${kept.length} steps, the wall-timed one ${timedTypes.length}, differing from step ${differs + 1} (${kept[differs] ?? "none"} against ${timedTypes[differs] ?? "none"}): ${options.agent} is not deterministic`);
      }
      const logWriter = new TrajectoryWriter(path.join(runDir, "log-only"));
      logWriter.onBegin();
      const log = replayLines(recorded.episodes, logWriter);
      if (rep < 0) continue; // warm-up: the JIT has not compiled the hot paths yet
      timed.perStepMs.push(...run.perStepMs);
      timed.perStepCpuMs.push(...cpuRun.perStepCpuMs);
      timed.actionTypes!.push(...run.actionTypes!);
      rows.push({
        sps: run.steps / (run.steppingMs / 1000),
        spsCpu: cpuRun.steps / (cpuRun.steppingCpuMs / 1000),
        log: log.steps / (log.ms / 1000),
        logCpu: log.steps / (log.cpuMs / 1000),
        steps: run.steps / options.passesPerRep,
        actMs: run.actMs / options.passesPerRep,
      });
    }
  } finally {
    await agent.close?.();
  }
  const m = (f: (r: (typeof rows)[number]) => number) => median(rows.map(f));
  const stepsPerSecond = m((r) => r.sps);
  const stepsPerSecondCpu = m((r) => r.spsCpu);
  const logOnlyStepsPerSecond = m((r) => r.log);
  const logOnlyStepsPerSecondCpu = m((r) => r.logCpu);
  return {
    stepsPerSecond,
    stepsPerSecondCpu,
    logOnlyStepsPerSecond,
    logOnlyStepsPerSecondCpu,
    fractionOfLimit: stepsPerSecond / logOnlyStepsPerSecond,
    fractionOfLimitCpu: stepsPerSecondCpu / logOnlyStepsPerSecondCpu,
    stepsPerPass: rows[0]!.steps,
    actMsPerPass: m((r) => r.actMs),
    byAction: steppingByAction(timed),
    spread: {
      stepsPerSecond: spreadOf(rows.map((r) => r.sps)),
      logOnlyStepsPerSecond: spreadOf(rows.map((r) => r.log)),
      fractionOfLimit: spreadOf(rows.map((r) => r.sps / r.log)),
    },
  };
}
