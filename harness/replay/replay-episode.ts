import { formatAction } from "../../sim/actions.ts";
import { RearrangeEnv } from "../../sim/env.ts";
import { DEFAULT_MEASURES } from "../metrics/builtin.ts";
import { EpisodeScorer } from "../metrics/episode-scorer.ts";
import { FileCache } from "../runner/file-cache.ts";
import type { EndReason, EpisodeHeader, EpisodeMetrics, StepEvent } from "../trajectory/events.ts";
import type { TrajectoryRead } from "../trajectory/reader.ts";
import { HARNESS_VERSION } from "../version.ts";
import { loadReplayInputs } from "./locate-inputs.ts";
import { diffReset, diffStep, type Difference } from "./step-diff.ts";
import { stepEventOf } from "../trajectory/step-event.ts";

/** Where a replay first disagreed with its log. */
export interface Divergence {
  file: string;
  episodeId: string;
  repeat: number;
  /** Step number (`t`, 1-based); 0 means the reset, before any action. */
  t: number;
  /** The logged action of that step, as text (`pick(apple_1)`); null for the reset. */
  action: string | null;
  differences: Difference[];
}

/** What replaying one episode gave. */
export interface EpisodeReplay {
  file: string;
  episodeId: string;
  repeat: number;
  stepsLogged: number;
  stepsReplayed: number;
  /** Metrics recomputed from the replayed steps. */
  metrics: EpisodeMetrics;
  /** Metrics of the log's end line, or null when it has none. */
  loggedMetrics: EpisodeMetrics | null;
  /** The first disagreement with the log, or null when the replay matched it. */
  divergence: Divergence | null;
  /** Things worth knowing that are not divergences (another harness version, a cut-off log). */
  notes: string[];
}

export interface ReplayOptions {
  /** Stop at the first divergence (else replay every logged action and report the first one). */
  stopAtDivergence: boolean;
  /** Shared across episodes of a run, so each scene and task file is read once. */
  files?: FileCache;
}

/**
 * Re-executes a trajectory's logged actions in the simulator (same scene, task, seed and budget as
 * its header) and compares, step by step, everything the simulator decided: feedback, goal status,
 * newly observed objects, digests of changed objects, the agent's pose and the distance walked.
 * Invalid actions are replayed from their raw form. Agent info and timestamps are not compared.
 *
 * @throws InputError when the scene or task file is missing or changed since the run
 */
export function replayEpisode(trajectory: TrajectoryRead, options: ReplayOptions): EpisodeReplay {
  const { header, file } = trajectory;
  const notes: string[] = [...trajectory.problems.map((p) => p.message)];
  if (header.harnessVersion !== HARNESS_VERSION) {
    notes.push(`written by rearrange ${header.harnessVersion}, replayed with ${HARNESS_VERSION}: a divergence may come from a simulator change between them`);
  }
  const inputs = loadReplayInputs(header, file, options.files);
  const env = new RearrangeEnv({ scene: inputs.scene.scene, scenePath: inputs.scene.path, task: inputs.task, seed: header.seed, maxSteps: header.maxSteps });
  const { info } = env.reset(header.seed);
  const reset = {
    conditions: env.tracker.conditions.map((c) => ({ text: c.text, objects: [...c.objects] })),
    initiallySatisfied: info.satisfied,
    initiallyObserved: info.initiallyObserved,
  };
  const base = { file, episodeId: header.episodeId, repeat: header.repeat };
  let divergence: Divergence | null = null;
  const resetDiff = diffReset(header, reset);
  if (resetDiff.length) divergence = { ...base, t: 0, action: null, differences: resetDiff };

  const replayedHeader: EpisodeHeader = { ...header, ...reset };
  const scorer = new EpisodeScorer(DEFAULT_MEASURES);
  scorer.reset(replayedHeader);
  let ended: EndReason | null = null;
  let replayed = 0;
  for (const logged of trajectory.steps) {
    if (divergence && options.stopAtDivergence) break;
    if (ended) {
      divergence ??= { ...base, t: logged.t, action: actionText(logged), differences: [{ field: "episode", expected: "continues", got: `ended at t=${env.t} (${ended})` }] };
      break;
    }
    const r = env.step(logged.action.type === "invalid" ? logged.action.raw : logged.action);
    // agent-reported data is not the simulator's to recompute: carried over for the metrics
    const step = stepEventOf(env, r, logged.info);
    replayed++;
    scorer.update(step);
    const t = logged.t !== step.t ? [{ field: "t", expected: logged.t, got: step.t }] : [];
    const differences = [...t, ...diffStep(logged, step)];
    if (differences.length) divergence ??= { ...base, t: logged.t, action: actionText(logged), differences };
    if (r.terminated) ended = "done";
    else if (r.truncated) ended = "budget";
  }
  const logEnd = trajectory.end;
  const reason = ended ?? logEnd?.reason ?? null;
  if (!divergence && logEnd && replayed === trajectory.steps.length && (logEnd.reason === "done" || logEnd.reason === "budget") && ended !== logEnd.reason) {
    const last = trajectory.steps.at(-1);
    divergence = { ...base, t: last?.t ?? 0, action: last ? actionText(last) : null, differences: [{ field: "end reason", expected: logEnd.reason, got: ended ?? "episode still running" }] };
  }
  const error = reason === logEnd?.reason ? (logEnd?.error ?? null) : null;
  // a failed act's agent-reported data (end line `info`) is carried over like the steps' `info`
  const endInfo = reason === logEnd?.reason ? logEnd?.info : undefined;
  const metrics = scorer.finish({ reason, error, ...(endInfo ? { info: endInfo } : {}) }) as EpisodeMetrics;
  return { ...base, stepsLogged: trajectory.steps.length, stepsReplayed: replayed, metrics, loggedMetrics: logEnd?.metrics ?? null, divergence, notes };
}

function actionText(step: StepEvent): string {
  return step.action.type === "invalid" ? `invalid ${JSON.stringify(step.action.raw)}` : formatAction(step.action);
}
