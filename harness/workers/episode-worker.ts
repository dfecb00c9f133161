import { receiveMessageOnPort } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import type { Agent } from "../agent.ts";
import { loadAgent } from "../agents/load.ts";
import { runEpisode } from "../runner/episode.ts";
import { FileCache } from "../runner/file-cache.ts";
import { threadWorldPool } from "../../sim/world/world-pool.ts";
import { EpisodeClaims } from "./episode-claims.ts";
import { EpisodeRecorder } from "./episode-recorder.ts";
import { LaneStarts } from "./lane-starts.ts";
import { isRecipeMessage, RecipeShare } from "./recipe-share.ts";
import { requestScenes } from "./scene-share.ts";
import { waitWhileEqual } from "./wait-async.ts";
import { serializeError, type EpisodeTaskSpec, type RunTag, type WorkerReply, type WorkerSetup, type WorkerTask } from "./protocol.ts";

/**
 * The worker-thread side of `--workers N`. Threads start from a precompiled bundle of this file (see
 * worker-bundle.ts), or from `episode-worker.js`, which registers tsx, when bundling was not possible.
 * For each run a thread builds its own agent from the run's spec and options (every task carries them,
 * see RunTag), loads scene and task files once, and runs episodes of the plan, taking each next one itself
 * (see EpisodeClaims) until none is left. With `setup.trajectoryOut` it writes each episode's trajectory
 * itself and posts only the episode's begin and end, so the main thread is left with ordering two events
 * an episode and writing results.json. A thread outlives its run: the pool may hand it the next one, with
 * its code already compiled (see EpisodePool.beginRun).
 */

/** Everything a thread keeps for one run, dropped when the run ends. */
class RunState {
  readonly files = new FileCache();
  readonly recorder: EpisodeRecorder;
  readonly recipes: RecipeShare;
  /** This thread's worlds: its episodes run one after another, each restoring what an earlier one of its scene left (in this run or an earlier one). */
  readonly worlds = threadWorldPool();
  private agent: Promise<Agent> | null = null;

  constructor(
    readonly run: number,
    readonly setup: WorkerSetup,
  ) {
    this.recorder = new EpisodeRecorder(setup.trajectoryOut);
    this.recipes = new RecipeShare((path) => this.files.loadedScene(path));
  }

  theAgent(): Promise<Agent> {
    this.agent ??= loadAgent(this.setup.agent, { ...this.setup.agentOptions });
    return this.agent;
  }

  /** Closes the agent, if one was built (one that failed to build has nothing to close). */
  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = null;
    if (!agent) return;
    const built = await agent.catch(() => null);
    await built?.close?.();
  }
}

/** The run this thread is serving, or null between runs. */
let current: RunState | null = null;

/** How long an endRun task waits for the other threads' endRun tasks before going on anyway. */
const CLOSE_BARRIER_MS = 10_000;

/** The state of the task's run: a task of another run than the current one starts that run afresh. */
async function stateFor(tag: RunTag): Promise<RunState> {
  if (current?.run === tag.run) return current;
  // a run the pool never ended (its endRun lost to a failure): its agent still closes, before the next one is built
  const stale = current;
  current = new RunState(tag.run, tag.setup);
  // its failure to close is that run's, which has ended: it must not fail this one
  await stale?.close().catch(() => undefined);
  return current;
}

/** Piscina's task handler. Never throws: errors are returned as data (see WorkerReply). */
export default async function handleTask(task: WorkerTask): Promise<WorkerReply> {
  try {
    switch (task.kind) {
      case "describe": {
        const a = await (await stateFor(task)).theAgent();
        return { ok: true, agent: { name: a.name ?? "agent", version: a.version ?? "0" } };
      }
      case "episodes": {
        // a lane called off while this thread was starting: the run went on without it (nothing to build or close)
        if (!new LaneStarts(task.lane + 1, task.starts).start(task.lane)) return { ok: true };
        const state = await stateFor(task);
        const claims = new EpisodeClaims(task.episodes.length, task.claim, task.episodes.map((e) => e.scenePath));
        if (!(await takeScenes(state, task, claims))) return { ok: true };
        for (const t of task.tasks) state.files.addTask(t);
        // what the run needs is in the thread's FileCache now; the task's copies would live as long as the run (this
        // frame holds `task`) and go through the young generation's collections with it
        task.tasks = [];
        await runClaimed(state, task.episodes, claims, task.port);
        return { ok: true };
      }
      case "endRun": {
        await awaitBarrier(task.barrier, task.parties);
        const state = current?.run === task.run ? current : null;
        if (state) current = null;
        await state?.close();
        return { ok: true };
      }
    }
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}

/**
 * Puts the task's scenes in the run's FileCache: those this thread kept from an earlier run as they are, the others
 * asked of the main thread (see scene-share.ts). Messages that came on the port meanwhile (recipes) are taken once
 * the scenes are here, since a recipe is kept with its scene. False when the run stopped before the scenes came.
 */
async function takeScenes(state: RunState, task: Extract<WorkerTask, { kind: "episodes" }>, claims: EpisodeClaims): Promise<boolean> {
  const missing = task.scenes.filter((ref) => !state.files.addKeptScene(ref.path, ref.hash)).map((ref) => ref.path);
  if (missing.length === 0) return true;
  const answer = await requestScenes(missing, task.port, task.scenesReplied, () => claims.stopped);
  if (!answer) return false;
  for (const scene of answer.scenes) state.files.addScene(scene);
  for (const m of answer.others) if (isRecipeMessage(m)) state.recipes.incoming(m);
  return true;
}

/**
 * Runs the episodes this thread claims, one after another, until none is left or the run stops. The
 * main thread closes the port once it has every event (closing it here might drop the last ones).
 */
async function runClaimed(state: RunState, episodes: EpisodeTaskSpec[], claims: EpisodeClaims, port: MessagePort): Promise<void> {
  try {
    // every thread builds its agent, as every lane does, even if the others leave it no episode
    await state.theAgent();
    for (let index = claims.next(); index !== null; index = claims.next()) await runOne(state, index, episodes[index]!, port);
  } catch (err) {
    // no lane starts another episode after a failure (the main thread stops them too, once the error arrives)
    claims.stop();
    throw err;
  }
}

async function runOne(state: RunState, index: number, spec: EpisodeTaskSpec, port: MessagePort): Promise<void> {
  const { files, recipes } = state;
  takeRecipes(recipes, port);
  const job = { key: spec.key, id: spec.id, repeat: spec.repeat, seed: spec.seed, maxSteps: spec.maxSteps, scene: files.scene(spec.scenePath), task: files.task(spec.taskPath) };
  const episode = state.recorder.episode((e) => {
    port.postMessage([index, e]);
    // the episode's reset has loaded its scene: the other lanes need not settle it again
    if (e.type === "episodeBegin") {
      const offer = recipes.outgoing(spec.scenePath);
      if (offer) port.postMessage(offer);
    }
  });
  await runEpisode(job, await state.theAgent(), { ...state.setup.context, now: () => new Date().toISOString(), emit: episode.emit, worlds: state.worlds });
  episode.finish();
}

/**
 * Takes the load recipes the other lanes have sent meanwhile. They are read synchronously: the thread's
 * event loop does not turn while it runs its episodes (an episode with a synchronous agent is microtasks only).
 */
function takeRecipes(recipes: RecipeShare, port: MessagePort): void {
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    if (isRecipeMessage(m.message)) recipes.incoming(m.message);
  }
}

/** Counts this thread in and waits (without blocking the thread) until `parties` have arrived. */
async function awaitBarrier(buffer: SharedArrayBuffer, parties: number): Promise<void> {
  const arrived = new Int32Array(buffer);
  Atomics.add(arrived, 0, 1);
  Atomics.notify(arrived, 0);
  const deadline = Date.now() + CLOSE_BARRIER_MS;
  for (;;) {
    const seen = Atomics.load(arrived, 0);
    const left = deadline - Date.now();
    if (seen >= parties || left <= 0) return;
    await waitWhileEqual(arrived, 0, seen, left);
  }
}
