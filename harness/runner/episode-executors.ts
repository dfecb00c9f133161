import type { Agent } from "../agent.ts";
import { loadAgent } from "../agents/load.ts";
import type { EpisodeContextData } from "../workers/protocol.ts";
import type { RunEvent } from "./run-events.ts";
import type { EpisodeJob } from "./episode.ts";
import type { RunOptions } from "./run-suite.ts";

/** Runs a run's episodes: in this thread, or spread over worker threads. */
export interface EpisodeExecutor {
  /** Builds the agent (or has a worker build it) and reports its name and version. */
  agent(): Promise<{ name: string; version: string }>;
  /** Runs the jobs, emitting their events in job order; starts no further episode once `stop` is aborted. */
  run(jobs: readonly EpisodeJob[], emit: (e: RunEvent) => void | Promise<void>, stop: AbortSignal): Promise<void>;
  /** Closes agents; after a failure, stops without waiting for work in flight. */
  close(failed: boolean): Promise<void>;
  /** True when the executor's lanes write the trajectory files themselves, so the reporters must not. */
  writesTrajectories?: boolean;
}

/** `--workers 1`: one agent, episodes one after another in this thread. */
export function inProcessExecutor(options: RunOptions, context: EpisodeContextData, now: () => string): EpisodeExecutor {
  let agent: Agent | null = null;
  return {
    async agent() {
      agent = await loadAgent(options.agent, { ...options.agentOptions, runDir: options.out });
      return { name: agent.name ?? "agent", version: agent.version ?? "0" };
    },
    async run(jobs, emit, stop) {
      // the simulator loads here, not at import: with workers only the threads need it
      const { runEpisode } = await import("./episode.ts");
      const { threadWorldPool } = await import("../../sim/world/world-pool.ts");
      const worlds = threadWorldPool();
      for (let i = 0; i < jobs.length; i++) {
        // a synchronous agent's episode is microtasks only: between episodes the event loop turns, so that
        // a Ctrl-C (the run's signal) and results.json's timed rewrite are not held up until the run ends
        if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        if (stop.aborted) return;
        await runEpisode(jobs[i]!, agent!, { ...context, now, emit, worlds });
      }
    },
    async close() {
      await agent?.close?.();
    },
  };
}

/**
 * `--workers N`: this thread runs episodes too, next to a piscina pool of N − 1 threads, each lane
 * taking the next episode of the plan when it is free. A new thread costs a V8 isolate (start-up,
 * recompiling the simulator's hot code, cold first episodes: ~3 s of CPU in the bench), and this
 * thread is already warm. This thread's lane builds its agent and runs episodes exactly as
 * `--workers 1` does; each pool thread builds its own agent from the same spec and options. Events
 * come back in plan order, so the output is identical to one worker's. A pinned clock (`now`, tests)
 * cannot cross threads, so timestamps are then re-stamped here as events are emitted.
 */
export async function poolExecutor(options: RunOptions, context: EpisodeContextData, threads: number): Promise<EpisodeExecutor> {
  const { EpisodePool } = await import("../workers/episode-pool.ts");
  const { EpisodeRecorder } = await import("../workers/episode-recorder.ts");
  const stamp = options.now;
  // the lanes write trajectories and pass on only each episode's begin and end, unless a pinned clock
  // must re-stamp them here or a reporter wants the steps (then the reporters write them, in plan order)
  const wantsSteps = (options.reporters ?? []).some((r) => typeof r.onStep === "function");
  const trajectoryOut = stamp || wantsSteps ? null : options.out;
  const agentOptions = { ...options.agentOptions, runDir: options.out };
  const setup = { agent: options.agent, agentOptions, context, trajectoryOut };
  const borrowed = options.pool ?? null;
  if (borrowed) borrowed.beginRun(setup);
  const pool = borrowed ?? (await EpisodePool.open(threads - 1, setup));
  const recorder = new EpisodeRecorder(trajectoryOut);
  let agent: Agent | null = null;
  const began = new Map<string, string>();
  const restamp = (e: RunEvent): RunEvent => {
    if (e.type === "episodeBegin" && stamp) began.set(e.key, (e.header.ts = stamp()));
    if (e.type === "episodeEnd" && stamp) {
      e.header.ts = began.get(e.key) ?? e.header.ts;
      e.end.ts = stamp();
    }
    return e;
  };
  return {
    async agent() {
      agent = await loadAgent(options.agent, agentOptions);
      return { name: agent.name ?? "agent", version: agent.version ?? "0" };
    },
    async run(jobs, emit, stop) {
      const { runEpisode } = await import("./episode.ts");
      const { threadWorldPool } = await import("../../sim/world/world-pool.ts");
      const worlds = threadWorldPool();
      const specs = jobs.map((j) => ({ key: j.key, id: j.id, repeat: j.repeat, seed: j.seed, maxSteps: j.maxSteps, scenePath: j.scene.path, taskPath: j.task.path }));
      const mainLane = async (index: number, push: (e: RunEvent) => void): Promise<void> => {
        const episode = recorder.episode(push);
        await runEpisode(jobs[index]!, agent!, { ...context, now: () => new Date().toISOString(), emit: yielding(episode.emit), worlds });
        episode.finish();
      };
      // the threads get the scenes and tasks read here, instead of each reading and validating the files again
      const scenes = [...new Map(jobs.map((j) => [j.scene.path, j.scene])).values()];
      const tasks = [...new Map(jobs.map((j) => [j.task.path, j.task])).values()];
      await pool.runAll(specs, (e) => emit(restamp(e)), stop, mainLane, scenes, tasks);
    },
    async close(failed) {
      // this lane's agent is closed either way, as with one worker (a cmd: agent's subprocess must end)
      // a borrowed pool's threads stay for the caller's next run, once their episodes of this one have ended
      const closing = [agent?.close?.(), borrowed ? pool.endRun() : failed ? pool.destroy() : pool.close()];
      const settled = await Promise.allSettled(closing);
      const rejected = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (rejected) throw rejected.reason;
    },
    writesTrajectories: trajectoryOut !== null,
  };
}

/** How long the main lane steps before it lets the event loop run (threads' messages, piscina's dispatch). */
const MAIN_LANE_SLICE_MS = 2;

/**
 * An emitter for the main lane that, every {@link MAIN_LANE_SLICE_MS}, returns a promise settled on
 * the next turn of the event loop (runEpisode awaits its emitter). An episode's steps are otherwise
 * only microtasks: without this, the threads' events would wait until the main lane's episode ends
 * before they reach the reporters (results.json, progress), and so would handing each starting thread
 * its task. (A thread takes its next episode without this thread: see EpisodeClaims.)
 */
function yielding(emit: (e: RunEvent) => void): (e: RunEvent) => void | Promise<void> {
  let since = performance.now();
  return (e) => {
    emit(e);
    if (performance.now() - since < MAIN_LANE_SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
