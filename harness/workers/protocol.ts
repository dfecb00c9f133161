import type { MessagePort } from "node:worker_threads";
import { InputError, InputErrors, oneInputError } from "../../sim/errors.ts";
import type { LoadedTask } from "../../sim/task/load.ts";
import type { SceneRef } from "./scene-share.ts";

/**
 * What a run asks of the pool's threads: every task of the run carries it, so a pool's threads (and their
 * warm code) can serve one run after another (see EpisodePool.beginRun).
 */
export interface WorkerSetup {
  /** `--agent` spec; each worker builds its own agent from it with `loadAgent`. */
  agent: string;
  agentOptions: Record<string, unknown>;
  context: EpisodeContextData;
  /**
   * Run folder whose `episodes/` the workers write trajectories into themselves, posting only each
   * episode's begin and end to the main thread; or null: every event is posted and the main thread
   * writes the trajectories (a pinned clock re-stamps them there; a reporter there wants the steps).
   */
  trajectoryOut: string | null;
}

/** The serialisable part of the runner's episode context (the clock and emitter live in the worker). */
export interface EpisodeContextData {
  runId: string;
  harnessVersion: string;
  suiteId: string;
  stepTimeout: number;
  config: Record<string, unknown>;
}

/** One planned episode, by file path: the worker loads the files itself. */
export interface EpisodeTaskSpec {
  key: string;
  id: string;
  repeat: number;
  seed: number;
  maxSteps: number;
  scenePath: string;
  taskPath: string;
}

/** Which run a task belongs to: a thread builds one agent per run and drops it when the run ends. */
export interface RunTag {
  /** Numbers the pool's runs (0, 1, …): a task of a new run makes the thread start that run's state afresh. */
  run: number;
  setup: WorkerSetup;
}

/** A task for a worker thread. */
export type WorkerTask =
  /** Build the agent and report its name and version (run info needs them before any episode). */
  | ({ kind: "describe" } & RunTag)
  /**
   * Run episodes of `episodes` until none is left or the run stops, posting their events on `port`
   * as `[index, event]` as they happen. The thread claims each next episode itself from `claim` (see
   * EpisodeClaims), without a round trip through the main thread, whose event loop may be busy running
   * an episode of its own. The scenes' load recipes travel on `port` both ways (see RecipeShare).
   */
  | ({
      kind: "episodes";
      episodes: EpisodeTaskSpec[];
      claim: SharedArrayBuffer;
      /** This task's lane among the run's thread lanes, and their states: a lane called off before the task arrives does nothing (see LaneStarts). */
      lane: number;
      starts: SharedArrayBuffer;
      port: MessagePort;
      /**
       * The scenes the main thread has read and validated, by path and content hash: the thread uses those it kept
       * from an earlier run (SceneStore) and asks the main thread on `port` for the others (see scene-share.ts),
       * instead of loading their files again.
       */
      scenes: SceneRef[];
      /** Raised by the main thread once it has answered this lane's request for scenes. */
      scenesReplied: SharedArrayBuffer;
      /** Tasks the main thread has read, validated and parsed, likewise (a cold thread parses slowly). */
      tasks: LoadedTask[];
    } & RunTag)
  /**
   * End the run: close this thread's agent of run `run` (if it built one) and forget the run's files and
   * worlds; the thread stays for the next run. `barrier` counts arrivals: every such task waits until
   * `parties` have arrived, so with one task per thread each thread receives exactly one.
   */
  | { kind: "endRun"; run: number; barrier: SharedArrayBuffer; parties: number };

/** A worker's answer: errors are returned as data, because thrown ones lose their class crossing threads. */
export type WorkerReply = { ok: true; agent?: { name: string; version: string } } | { ok: false; error: SerializedError };

/** An error as plain data, enough to rebuild an InputError(s) on the main thread. */
export type SerializedError =
  | { kind: "input"; problems: Array<{ file: string; where: string | undefined; reason: string }> }
  | { kind: "other"; name: string; message: string; stack?: string };

/** Turns any thrown value into data that survives postMessage. */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof InputError) return { kind: "input", problems: [{ file: err.file, where: err.where, reason: err.reason }] };
  if (err instanceof InputErrors) return { kind: "input", problems: err.problems.map((p) => ({ file: p.file, where: p.where, reason: p.reason })) };
  if (err instanceof Error) return { kind: "other", name: err.name, message: err.message, stack: err.stack };
  return { kind: "other", name: "Error", message: String(err) };
}

/** Rebuilds a serialised error: InputError(s) keep their class, so the CLI prints them without a stack. */
export function deserializeError(e: SerializedError): Error {
  if (e.kind === "input") {
    const problems = e.problems.map((p) => new InputError(p.file, p.where, p.reason));
    return oneInputError(problems);
  }
  const err = new Error(`in a worker thread: ${e.message}`);
  err.name = e.name;
  if (e.stack) err.stack = `${e.name}: in a worker thread: ${e.message}\n${e.stack.split("\n").slice(1).join("\n")}`;
  return err;
}
