import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { RunEvent } from "../runner/run-events.ts";
import { OrderedEmitter } from "./ordered-emitter.ts";
import { deserializeError, type EpisodeTaskSpec, type WorkerReply, type WorkerSetup, type WorkerTask } from "./protocol.ts";

/** The worker bootstrap: plain JavaScript that registers tsx, then loads `episode-worker.ts`. */
const WORKER_FILE = fileURLToPath(new URL("./episode-worker.js", import.meta.url));

/**
 * A pool of worker threads (piscina) that run episodes in parallel. Events come back from the
 * threads as they happen and are re-emitted in plan order (see OrderedEmitter), so the main thread's
 * reporters — trajectory writer, results writer, progress — work exactly as with one worker.
 */
export class EpisodePool {
  private constructor(
    private readonly pool: Piscina<WorkerTask, WorkerReply>,
    private readonly threads: number,
  ) {}

  /** Starts `threads` worker threads; each builds its own agent from `setup` on first use. */
  static open(threads: number, setup: WorkerSetup): EpisodePool {
    const pool = new Piscina<WorkerTask, WorkerReply>({
      filename: WORKER_FILE,
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: 1,
      // an idle thread keeps its agent (and the agent's subprocess, for cmd: agents) until close()
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: setup,
    });
    return new EpisodePool(pool, threads);
  }

  /** The agent's name and version, as a worker built it (also checks early that the agent loads). */
  async describeAgent(): Promise<{ name: string; version: string }> {
    const reply = await this.pool.run({ kind: "describe" });
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.agent!;
  }

  /**
   * Runs the episodes in parallel and passes their events to `emit` in the order of `episodes`.
   * Rejects with the first episode's error that is not an agent failure (agent failures end
   * only their episode, inside runEpisode).
   */
  async runAll(episodes: readonly EpisodeTaskSpec[], emit: (e: RunEvent) => void): Promise<void> {
    const ordered = new OrderedEmitter(episodes.length, emit);
    const tasks = episodes.map(async (episode, index) => {
      const { port1, port2 } = new MessageChannel();
      port1.on("message", (e: RunEvent) => {
        ordered.push(index, e);
        if (e.type === "episodeEnd") port1.close();
      });
      try {
        const reply = await this.pool.run({ kind: "episode", episode, port: port2 }, { transferList: [port2] });
        if (!reply.ok) throw deserializeError(reply.error);
      } catch (err) {
        port1.close();
        throw err;
      }
    });
    // the last events of an episode may arrive after its task settles: wait for both
    await Promise.all([Promise.all(tasks), ordered.drained]);
  }

  /** Stops the threads at once, without closing agents (after a failure). */
  async destroy(): Promise<void> {
    await this.pool.destroy();
  }

  /** Closes every worker's agent, then stops the threads. */
  async close(): Promise<void> {
    try {
      const barrier = new SharedArrayBuffer(4);
      const replies = await Promise.all(
        Array.from({ length: this.threads }, () => this.pool.run({ kind: "close", barrier, parties: this.threads })),
      );
      const failed = replies.find((r) => !r.ok);
      if (failed && !failed.ok) throw deserializeError(failed.error);
    } finally {
      await this.pool.destroy();
    }
  }
}
