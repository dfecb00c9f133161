import { workerData } from "node:worker_threads";
import type { Agent } from "../agent.ts";
import { loadAgent } from "../agents/load.ts";
import { runEpisode } from "../runner/episode.ts";
import { FileCache } from "../runner/file-cache.ts";
import { serializeError, type EpisodeTaskSpec, type WorkerReply, type WorkerSetup, type WorkerTask } from "./protocol.ts";
import type { MessagePort } from "node:worker_threads";

/**
 * The worker-thread side of `--workers N` (loaded through `episode-worker.js`, which registers tsx).
 * Each thread builds its own agent from the run's spec and options, loads scene and task files once,
 * and runs the episodes piscina hands it, streaming their events back on a MessagePort.
 */
const setup = workerData as WorkerSetup;
const files = new FileCache();
let agent: Promise<Agent> | null = null;

/** How long a close task waits for the other threads' close tasks before closing anyway. */
const CLOSE_BARRIER_MS = 10_000;

function theAgent(): Promise<Agent> {
  agent ??= loadAgent(setup.agent, { ...setup.agentOptions });
  return agent;
}

/** Piscina's task handler. Never throws: errors are returned as data (see WorkerReply). */
export default async function handleTask(task: WorkerTask): Promise<WorkerReply> {
  try {
    switch (task.kind) {
      case "describe": {
        const a = await theAgent();
        return { ok: true, agent: { name: a.name ?? "agent", version: a.version ?? "0" } };
      }
      case "episode":
        await runOne(task.episode, task.port);
        return { ok: true };
      case "close":
        await awaitBarrier(task.barrier, task.parties);
        if (agent) await (await agent).close?.();
        agent = null;
        return { ok: true };
    }
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}

async function runOne(spec: EpisodeTaskSpec, port: MessagePort): Promise<void> {
  const job = { key: spec.key, id: spec.id, repeat: spec.repeat, seed: spec.seed, maxSteps: spec.maxSteps, scene: files.scene(spec.scenePath), task: files.task(spec.taskPath) };
  await runEpisode(job, await theAgent(), {
    ...setup.context,
    now: () => new Date().toISOString(),
    emit: (e) => port.postMessage(e),
  });
}

/** `Atomics.waitAsync` (Node ≥ 16; typed only from lib es2024 on). */
interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: Promise<string> | string };
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
    const wait = (Atomics as unknown as AtomicsWaitAsync).waitAsync(arrived, 0, seen, left);
    if (wait.async) await wait.value;
  }
}
