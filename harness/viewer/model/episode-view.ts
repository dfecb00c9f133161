import { formatAction } from "../../../sim/actions.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { AGENT_ID } from "../../../sim/task/binding.ts";
import { diffStep } from "../../replay/step-diff.ts";
import { FileCache } from "../../runner/file-cache.ts";
import type { StepEvent } from "../../trajectory/events.ts";
import { readTrajectory, type TrajectoryRead } from "../../trajectory/reader.ts";
import { loadEpisodeInputs } from "./episode-inputs.ts";
import { poseOf, roundPoint, sceneViewOf } from "./scene-view.ts";
import type { EpisodeView, ObjectPose, ReplayMismatch, StepView } from "./view-types.ts";
import { stepEventOf } from "../../trajectory/step-event.ts";

/** Reads a trajectory file and builds its episode view (see `episodeViewOf`). */
export function loadEpisodeView(file: string, files?: FileCache): EpisodeView {
  return episodeViewOf(readTrajectory(file), files);
}

/**
 * An episode with the object poses of every step. A trajectory logs what each step did (feedback,
 * goal status, observations, the agent's pose, digests of changed objects) but not where objects
 * ended up, so the logged actions are re-run in the simulator from the header's scene, task and
 * seed — the simulator is deterministic, so this gives the poses the run saw. Where the replay
 * disagrees with the log (a simulator change since the run), the log's own fields are still shown
 * and `replay.mismatch` names the first step that differs. A scene or task file that changed since
 * the run is used as it is now, with a note saying so.
 *
 * @throws InputError when the scene or task file is missing or invalid
 */
export function episodeViewOf(trajectory: TrajectoryRead, files: FileCache = new FileCache()): EpisodeView {
  const { header } = trajectory;
  const inputs = loadEpisodeInputs(header, trajectory.file, files);
  const env = new RearrangeEnv({ scene: inputs.scene.scene, scenePath: inputs.scene.path, task: inputs.task, seed: header.seed, maxSteps: header.maxSteps });
  env.reset(header.seed);
  const scene = sceneViewOf(env.world, inputs.scene.path);
  const steps: StepView[] = [];
  let mismatch: ReplayMismatch | null = null;
  let finished = false;
  for (const logged of trajectory.steps) {
    if (finished) {
      mismatch ??= { t: logged.t, fields: ["episode ended earlier in the replay"] };
      steps.push(stepView(logged, [], []));
      continue;
    }
    const world = env.world;
    const before = { room: world.agent.room, position: { ...world.agent.position } };
    const r = env.step(logged.action.type === "invalid" ? logged.action.raw : logged.action);
    finished = r.terminated || r.truncated;
    const after = world.agent;
    const moved = r.info.distance > 0;
    const walk = moved ? [before.position, ...(world.graph.path(before.room, before.position, after.room, after.position)?.waypoints ?? [after.position])] : [];
    const poses: ObjectPose[] = Object.keys(r.info.changed)
      .filter((id) => id !== AGENT_ID && world.objects.has(id))
      .map((id) => poseOf(world.get(id)));
    const replayed = stepEventOf(env, r);
    const differences = diffStep(logged, replayed);
    if (differences.length && !mismatch) mismatch = { t: logged.t, fields: differences.map((d) => d.field) };
    steps.push(stepView(logged, walk.map(roundPoint), poses));
  }
  const goalObjects = [...new Set(header.conditions.flatMap((c) => c.objects))].sort();
  const notes = [...inputs.changed, ...trajectory.problems.map((p) => p.message)];
  if (mismatch) notes.push(`re-running the logged actions differs from the log at step ${mismatch.t} (${mismatch.fields.join(", ")}): poses after it may not be what the run saw`);
  return {
    file: trajectory.file,
    episodeId: header.episodeId,
    repeat: header.repeat,
    runId: header.runId,
    suite: header.suite,
    instruction: header.instruction,
    seed: header.seed,
    maxSteps: header.maxSteps,
    agentName: header.agent.name,
    taskId: header.task.id,
    conditions: header.conditions,
    initiallySatisfied: header.initiallySatisfied,
    initiallyObserved: header.initiallyObserved,
    goalObjects,
    scene,
    steps,
    end: trajectory.end ? { reason: trajectory.end.reason, error: trajectory.end.error, metrics: trajectory.end.metrics } : null,
    firstFailure: trajectory.steps.find((s) => !s.feedback.ok)?.t ?? null,
    replay: { mismatch, notes },
  };
}

/** The logged step as shown; what it says comes from the log, the poses from the replay. */
function stepView(logged: StepEvent, walk: StepView["walk"], poses: ObjectPose[]): StepView {
  return {
    t: logged.t,
    action: logged.action.type === "invalid" ? `invalid: ${JSON.stringify(logged.action.raw)}` : formatAction(logged.action),
    feedback: logged.feedback,
    satisfied: logged.satisfied,
    observed: logged.observed,
    agent: { room: logged.agent.room, position: roundPoint(logged.agent.position), holding: logged.agent.holding },
    walk,
    distance: logged.distance,
    poses,
    ...(logged.info ? { info: logged.info } : {}),
  };
}
