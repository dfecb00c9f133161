import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import type { LoadedScene } from "../../sim/scene/load.ts";
import { waitWhileEqual } from "./wait-async.ts";

/** A scene by path and content hash: what a lane's task says of each scene of the run. */
export interface SceneRef {
  path: string;
  hash: string;
}

/** A thread's request for the scenes at these paths: `[SCENE_REQUEST, paths]`. */
export const SCENE_REQUEST = "scenes?";
export type SceneRequest = [typeof SCENE_REQUEST, string[]];

/** The main thread's answer to a {@link SceneRequest}: `[SCENE_REPLY, scenes]`, those it has of the ones asked. */
export const SCENE_REPLY = "scenes";
export type SceneReply = [typeof SCENE_REPLY, LoadedScene[]];

/** How long a thread waits for the answer before it looks again whether the run has stopped meanwhile, ms. */
const RECHECK_MS = 50;

/** Whether a message on a lane's port is a {@link SceneRequest}. */
export function isSceneRequest(m: unknown): m is SceneRequest {
  return Array.isArray(m) && m[0] === SCENE_REQUEST;
}

/** The refs of scenes (what a lane's task carries instead of the scenes themselves). */
export function sceneRefs(scenes: readonly LoadedScene[]): SceneRef[] {
  return scenes.map((s) => ({ path: s.path, hash: s.hash }));
}

/**
 * The main thread's side: answers a thread's request on `port` with its own copies of the scenes, then
 * raises the lane's flag (`replied`), on which the thread waits. Posting enqueues the message on the thread's
 * side at once, so once the flag is up the thread finds the answer on its port. Returns how many scenes it sent.
 */
export function answerSceneRequest([, paths]: SceneRequest, sceneAt: (path: string) => LoadedScene | undefined, port: MessagePort, replied: SharedArrayBuffer): number {
  // a thread asks only for the scenes its task named, which are this run's; one this thread lacks all the same is
  // left out, and the thread reads its file when an episode needs it
  const scenes = paths.flatMap((p) => sceneAt(p) ?? []);
  const reply: SceneReply = [SCENE_REPLY, scenes];
  port.postMessage(reply);
  const flag = new Int32Array(replied);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  return scenes.length;
}

/**
 * A thread's side: asks the main thread on `port` for the scenes at `paths` and waits (without blocking the
 * thread) until they arrive. The port is read synchronously (its lane reads it so between episodes, see
 * episode-worker.ts), so other messages that arrive first are taken too: they are returned, in order, for the
 * caller to handle once it has the scenes. Returns null when `stopped()` turns true while waiting (the run
 * ended without this lane; the main thread may never answer).
 *
 * A request instead of the scenes in every task: a structured clone of the workers bench's four 1,000-object
 * houses costs ~8 ms to write on the main thread (before its own lane starts) and ~8.5 ms to read in the thread,
 * every run, while a thread that served an earlier run of the same scenes has them already (SceneStore).
 */
export async function requestScenes(
  paths: readonly string[],
  port: MessagePort,
  replied: SharedArrayBuffer,
  stopped: () => boolean,
): Promise<{ scenes: LoadedScene[]; others: unknown[] } | null> {
  const request: SceneRequest = [SCENE_REQUEST, [...paths]];
  port.postMessage(request);
  const flag = new Int32Array(replied);
  while (Atomics.load(flag, 0) === 0) {
    if (stopped()) return null;
    await waitWhileEqual(flag, 0, 0, RECHECK_MS);
  }
  const others: unknown[] = [];
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    if (isSceneReply(m.message)) return { scenes: m.message[1], others };
    others.push(m.message);
  }
  throw new Error("the main thread raised its scene flag but no scenes came on the port");
}

function isSceneReply(m: unknown): m is SceneReply {
  return Array.isArray(m) && m[0] === SCENE_REPLY;
}
