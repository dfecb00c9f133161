import { RearrangeEnv } from "../../sim/env.ts";
import type { SceneFile } from "../../sim/scene/schema.ts";
import type { LoadedTask } from "../../sim/task/load.ts";
import type { WorldPool } from "../../sim/world/world-pool.ts";
import type { Agent, PrivilegedView } from "../agent.ts";
import { DEFAULT_MEASURES } from "../metrics/builtin.ts";
import { EpisodeScorer } from "../metrics/episode-scorer.ts";
import { finishedRow } from "../metrics/results-row.ts";
import type { ResultsRow } from "../metrics/results-schema.ts";
import type { EndEvent, EndReason, EpisodeHeader, EpisodeMetrics, StepEvent } from "../trajectory/events.ts";
import { TRAJECTORY_SCHEMA_VERSION } from "../trajectory/events.ts";
import { describeThrown, recordable } from "../trajectory/recordable.ts";
import type { RunEvent } from "./run-events.ts";
import { AgentStuck, AgentTimeout, withTimeout } from "./timeout.ts";
import { stepEventOf } from "../trajectory/step-event.ts";
import { isThenable } from "./thenable.ts";

/** One episode ready to run: resolved files, seed and budget. */
export interface EpisodeJob {
  /** `id`, or `id#k` for repeat k > 0. */
  key: string;
  id: string;
  repeat: number;
  seed: number;
  maxSteps: number;
  scene: { path: string; hash: string; scene: SceneFile };
  task: LoadedTask;
}

export interface EpisodeContext {
  runId: string;
  harnessVersion: string;
  suiteId: string;
  stepTimeout: number;
  config: Record<string, unknown>;
  /** Timestamps are the only non-deterministic bytes of a trajectory; tests may pin them. */
  now: () => string;
  emit: (e: RunEvent) => void | Promise<void>;
  /**
   * The lane's worlds (its episodes run one after another): an episode restores the world an earlier one of
   * the same scene left, instead of building it again. Not used for an agent given the live world
   * (`privileged: "full"`), which might still read it after its episode, unless it declares
   * {@link Agent.releasesWorld}.
   */
  worlds?: WorldPool;
}

/**
 * Runs one episode: reset, then act/step until `done`, the budget, or an agent failure.
 * An agent that throws or times out ends this episode with an error; the caller goes on with the next.
 */
export async function runEpisode(job: EpisodeJob, agent: Agent, ctx: EpisodeContext): Promise<ResultsRow> {
  // an agent given the live world may still read it after its episode, unless it says it will not
  const worlds = agent.privileged === "full" && agent.releasesWorld !== true ? undefined : ctx.worlds;
  const env = new RearrangeEnv({ scene: job.scene.scene, scenePath: job.scene.path, task: job.task, seed: job.seed, maxSteps: job.maxSteps, worlds });
  const { observation, info } = env.reset(job.seed);
  // copies: the tracker's conditions are shared by every episode of this task on this world (boundTask)
  const conditions = env.tracker.conditions.map((c) => ({ text: c.text, objects: [...c.objects] }));
  // reset first, so the header names the agent version an agent learns on start-up (a JSON-RPC process
  // reports it in `initialize`): every episode's header then says the same, whichever thread ran it first
  let failure: { reason: EndReason; error: NonNullable<EndEvent["error"]> } | null = null;
  try {
    const privileged: PrivilegedView | undefined = agent.privileged
      ? {
          conditions: conditions.map((c) => c.text),
          task: { problem: job.task.problem, binding: env.tracker.binding, tracker: agent.privileged === "full" ? env.tracker : undefined },
          world: agent.privileged === "full" ? env.world : undefined,
        }
      : undefined;
    const resetLimit = resetTimeout(agent, ctx.stepTimeout);
    await withTimeout(agent.reset({ id: job.task.task.id, instruction: job.task.task.instruction, seed: job.seed }, observation, privileged), resetLimit, "reset");
  } catch (err) {
    failure = classifyFailure(err);
    if (failure.reason === "timeout") await cancelAbandonedCall(agent, ctx.stepTimeout);
  }
  const header: EpisodeHeader = {
    type: "episode",
    schemaVersion: TRAJECTORY_SCHEMA_VERSION,
    harnessVersion: ctx.harnessVersion,
    runId: ctx.runId,
    episodeId: job.id,
    repeat: job.repeat,
    suite: ctx.suiteId,
    scene: { id: job.scene.scene.id, path: job.scene.path, hash: job.scene.hash },
    task: { id: job.task.task.id, path: job.task.path, hash: job.task.hash },
    instruction: job.task.task.instruction,
    seed: job.seed,
    maxSteps: job.maxSteps,
    agent: agentIdentity(agent),
    conditions,
    initiallySatisfied: info.satisfied,
    initiallyObserved: info.initiallyObserved,
    config: ctx.config,
    ts: ctx.now(),
  };
  await ctx.emit({ type: "episodeBegin", key: job.key, header });
  const scorer = new EpisodeScorer(DEFAULT_MEASURES);
  scorer.reset(header);

  let reason: EndReason = failure?.reason ?? "budget";
  let error: EndEvent["error"] = failure?.error ?? null;
  /** What the agent reported for an act that made no step (it threw, or its step was not recorded). */
  let endInfo: Record<string, unknown> | undefined;
  if (!failure) {
    // the `lastStepInfo` already accounted for: one the agent did not replace since is not a failed act's
    let recordedInfo = readInfo(agent);
    try {
      let obs = observation;
      for (;;) {
        const acted = agent.act(obs);
        // the simulator sees exactly what the trajectory records (a cycle or a BigInt would break both)
        // an answer that is no thenable is taken as it is: an await is a trip through the microtask queue on every
        // step (a `then` that cannot even be read, a hostile Proxy, is awaited, so that awaiting it fails the same way)
        const action = recordable(isThenable(acted) ? await withTimeout(acted, ctx.stepTimeout, "act") : acted);
        const r = env.step(action);
        const published = (agent as { lastStepInfo?: unknown }).lastStepInfo;
        const step = stepEventOf(env, r, infoOf(published));
        scorer.update(step);
        recordedInfo = published;
        // the shipped emitters return nothing for most steps: `await` would still be a trip through the microtask
        // queue on each (a main lane's emitter returns a promise now and then, to let the event loop turn)
        const emitted = ctx.emit({ type: "step", key: job.key, step });
        if (emitted !== undefined) await emitted;
        obs = r.observation;
        if (r.terminated) {
          reason = "done";
          break;
        }
        if (r.truncated) break;
      }
    } catch (err) {
      ({ reason, error } = classifyFailure(err));
      // after cancel: an agent that settles its abandoned act on cancel has published what it cost by then
      if (reason === "timeout") await cancelAbandonedCall(agent, ctx.stepTimeout);
      endInfo = failedActInfo(agent, recordedInfo);
    }
  }
  const metrics = scorer.finish({ reason, error, ...(endInfo ? { info: endInfo } : {}) }) as EpisodeMetrics;
  const end: EndEvent = { type: "end", reason, error, metrics, ...(endInfo ? { info: endInfo } : {}), ts: ctx.now() };
  const row = finishedRow(job, end);
  await ctx.emit({ type: "episodeEnd", key: job.key, header, end, row });
  // the events are copies (stepEventOf, the observations' snapshots): nothing of the world is left in them
  env.release();
  return row;
}

/** Name and version as the trajectory records them: strings, whatever the agent put there. */
function agentIdentity(agent: Agent): { name: string; version: string } {
  const text = (v: unknown, fallback: string) => (typeof v === "string" && v !== "" ? v : fallback);
  return { name: text(agent.name, "agent"), version: text(agent.version, "0") };
}

/**
 * Per-step data an agent may publish (token usage, …) via an optional `lastStepInfo` field, as `{ info }`: in
 * the step's `info`, or, for an act that threw (it made no step), in the end line's `info`.
 */
function infoOf(lastStepInfo: unknown): Record<string, unknown> | undefined {
  const info = recordable(lastStepInfo);
  return info && typeof info === "object" && !Array.isArray(info) && Object.keys(info).length ? (info as Record<string, unknown>) : undefined;
}

/**
 * What the agent reported for the act that ended the episode by failing (or whose step was not recorded): its
 * `lastStepInfo`, unless that is still the value already recorded (or read before the first act) — an agent
 * publishes a new value for each act, so the same one is stale. Whatever the agent put there (a getter that
 * throws included), this returns: the episode is already ending.
 */
function failedActInfo(agent: Agent, recorded: unknown): Record<string, unknown> | undefined {
  try {
    const now = (agent as { lastStepInfo?: unknown }).lastStepInfo;
    return now === recorded ? undefined : infoOf(now);
  } catch {
    return undefined;
  }
}

/** The agent's `lastStepInfo` as it is, or undefined when reading it throws. */
function readInfo(agent: Agent): unknown {
  try {
    return (agent as { lastStepInfo?: unknown }).lastStepInfo;
  } catch {
    return undefined;
  }
}

/**
 * Why an agent call failed. Whatever the agent threw — even a Proxy whose `instanceof` check throws —
 * this returns: one bad agent must not take the run down.
 */
function classifyFailure(err: unknown): { reason: EndReason; error: NonNullable<EndEvent["error"]> } {
  const is = (cls: new (...a: never[]) => Error, name: string): boolean => {
    try {
      return err instanceof cls || (err as Error)?.name === name;
    } catch {
      return false;
    }
  };
  if (is(AgentTimeout, "AgentTimeout")) return { reason: "timeout", error: { category: "timeout", message: describeThrown(err, 2000, false) } };
  if (is(AgentStuck, "AgentStuck")) return { reason: "stuck", error: { category: "stuck", message: describeThrown(err, 2000, false) } };
  return { reason: "agent_error", error: { category: "agent_error", message: describeThrown(err) } };
}

/**
 * After a timed-out call, tells the agent to stop what it is still doing (see {@link Agent.cancel}), before the
 * episode's end is written: a `cmd:` agent's process is gone by then, and does not hold up the next episode
 * or the end of the run. A `cancel` that fails or hangs does not hold up the run either.
 */
async function cancelAbandonedCall(agent: Agent, stepTimeout: number): Promise<void> {
  try {
    const cancel = agent.cancel;
    if (typeof cancel !== "function") return;
    await withTimeout(cancel.call(agent), stepTimeout, "cancel");
  } catch {
    // the episode already ended as a timeout: that is what it records
  }
}

/** Agents that start something slow on first use (a process, a model) say how long the next reset may take on top. */
interface StartsUp {
  startupAllowance(): number;
}

/** Time limit of `reset`: the step timeout, plus the agent's start-up allowance when it is about to start. */
function resetTimeout(agent: Agent, stepTimeout: number): number {
  const fn = (agent as Partial<StartsUp>).startupAllowance;
  const extra = typeof fn === "function" ? Number(fn.call(agent)) : 0;
  return stepTimeout + (Number.isFinite(extra) && extra > 0 ? extra : 0);
}
