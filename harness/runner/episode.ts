import { RearrangeEnv } from "../../sim/env.ts";
import type { SceneFile } from "../../sim/scene/schema.ts";
import type { LoadedTask } from "../../sim/task/load.ts";
import type { Agent, PrivilegedView } from "../agent.ts";
import { defaultMeasureRegistry } from "../metrics/builtin.ts";
import { EpisodeScorer } from "../metrics/episode-scorer.ts";
import type { ResultsRow } from "../metrics/results-schema.ts";
import type { EndEvent, EndReason, EpisodeHeader, EpisodeMetrics, StepEvent } from "../trajectory/events.ts";
import { TRAJECTORY_SCHEMA_VERSION } from "../trajectory/events.ts";
import type { RunEvent } from "./run-events.ts";
import { AgentStuck, AgentTimeout, withTimeout } from "./timeout.ts";

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
}

/**
 * Runs one episode: reset, then act/step until `done`, the budget, or an agent failure.
 * An agent that throws or times out ends this episode with an error; the caller goes on with the next.
 */
export async function runEpisode(job: EpisodeJob, agent: Agent, ctx: EpisodeContext): Promise<ResultsRow> {
  const env = new RearrangeEnv({ scene: job.scene.scene, scenePath: job.scene.path, task: job.task, seed: job.seed, maxSteps: job.maxSteps });
  const { observation, info } = env.reset(job.seed);
  const conditions = env.tracker.conditions.map((c) => ({ text: c.text, objects: c.objects }));
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
    agent: { name: agent.name, version: agent.version ?? "0" },
    conditions,
    initiallySatisfied: info.satisfied,
    initiallyObserved: info.initiallyObserved,
    config: ctx.config,
    ts: ctx.now(),
  };
  await ctx.emit({ type: "episodeBegin", key: job.key, header });
  const scorer = new EpisodeScorer(defaultMeasureRegistry());
  scorer.reset(header);

  let reason: EndReason = "budget";
  let error: EndEvent["error"] = null;
  try {
    const privileged: PrivilegedView | undefined = agent.privileged
      ? {
          conditions: conditions.map((c) => c.text),
          task: { problem: job.task.problem, binding: env.tracker.binding, tracker: agent.privileged === "full" ? env.tracker : undefined },
          world: agent.privileged === "full" ? env.world : undefined,
        }
      : undefined;
    await withTimeout(agent.reset({ id: job.task.task.id, instruction: job.task.task.instruction, seed: job.seed }, observation, privileged), ctx.stepTimeout, "reset");
    let obs = observation;
    for (;;) {
      const action = await withTimeout(agent.act(obs), ctx.stepTimeout, "act");
      const r = env.step(action);
      const step: StepEvent = {
        type: "step",
        t: r.info.t,
        action: r.info.action,
        feedback: r.info.feedback,
        satisfied: r.info.satisfied,
        observed: r.info.newlyObserved,
        agent: { room: env.world.agent.room, position: { ...env.world.agent.position }, holding: env.world.agent.holding },
        distance: r.info.distance,
        changed: r.info.changed,
        ...(agentInfo(agent) ? { info: agentInfo(agent) } : {}),
      };
      scorer.update(step);
      await ctx.emit({ type: "step", key: job.key, step });
      obs = r.observation;
      if (r.terminated) {
        reason = "done";
        break;
      }
      if (r.truncated) break;
    }
  } catch (err) {
    if (err instanceof AgentTimeout) {
      reason = "timeout";
      error = { category: "timeout", message: err.message };
    } else if (err instanceof AgentStuck || (err as Error)?.name === "AgentStuck") {
      reason = "stuck";
      error = { category: "stuck", message: (err as Error).message };
    } else {
      reason = "agent_error";
      error = { category: "agent_error", message: describeError(err) };
    }
  }
  const metrics = scorer.finish({ reason, error }) as EpisodeMetrics;
  const end: EndEvent = { type: "end", reason, error, metrics, ts: ctx.now() };
  const row: ResultsRow = { id: job.id, ...(job.repeat ? { repeat: job.repeat } : {}), seed: job.seed, ...metrics, reason, error };
  await ctx.emit({ type: "episodeEnd", key: job.key, header, end, row });
  return row;
}

/** Per-step data an agent may publish (token usage, …) via an optional `lastStepInfo` field. */
function agentInfo(agent: Agent): Record<string, unknown> | undefined {
  const info = (agent as { lastStepInfo?: Record<string, unknown> }).lastStepInfo;
  return info && Object.keys(info).length ? info : undefined;
}

function describeError(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}
