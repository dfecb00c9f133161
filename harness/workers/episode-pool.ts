import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Piscina } from "piscina";
import type { LoadedScene } from "../../sim/scene/load.ts";
import type { LoadedTask } from "../../sim/task/load.ts";
import type { RunEvent } from "../runner/run-events.ts";
import { EpisodeClaims } from "./episode-claims.ts";
import { LaneStarts } from "./lane-starts.ts";
import { OrderedEmitter } from "./ordered-emitter.ts";
import { isRecipeMessage, RecipeShare } from "./recipe-share.ts";
import { answerSceneRequest, isSceneRequest, sceneRefs } from "./scene-share.ts";
import { deserializeError, type EpisodeTaskSpec, type RunTag, type WorkerReply, type WorkerSetup, type WorkerTask } from "./protocol.ts";
import { workerEntry, type WorkerEntry } from "./worker-bundle.ts";

/**
 * Young-generation size of each worker thread's heap, MB (V8 splits it into two semi-spaces of a third
 * each: 64 MB, against 16 MB by default). An episode allocates tens of MB that live as long as the
 * episode (the world, the trajectory's lines): with the default size they survive two scavenges and are
 * promoted, so the old generation fills with them and is mark-compacted every few seconds, and every
 * scavenge copies them. A larger young generation scavenges ~2.5 times less often (97 → 37 scavenges,
 * 4 → 2 mark-compacts in a thread's 27 episodes of the workers bench); two-worker runs used ~9 % less
 * CPU (median of 3 alternating 100-episode runs). Costs up to ~150 MB more memory per thread.
 */
const THREAD_YOUNG_GENERATION_MB = 192;

/** Options that take the next argument as their value (`--import x`) or after `=` (`--import=x`). */
const HOOK_OPTIONS = new Set(["--require", "-r", "--import", "--loader", "--experimental-loader"]);

/**
 * A process's Node options without the module hooks of tsx. Under `npx tsx` (vitest, a user's script) threads
 * would inherit tsx's `--require`/`--import` hooks and load the precompiled bundle through tsx's CommonJS
 * transform: the whole bundle compiled again in every thread, and `three` loaded as its CommonJS build, a
 * second copy whose classes are not the ones a privileged agent imports. Threads that need tsx (a TypeScript
 * agent file) register it themselves. Every other option is kept, but for those a thread refuses (see
 * {@link withoutRejectedOptions}).
 */
export function withoutTsxHooks(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (HOOK_OPTIONS.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : execArgv[i + 1];
      if (eq < 0) i++;
      if (value !== undefined && isTsxHook(value)) continue;
      out.push(arg);
      if (eq < 0 && value !== undefined) out.push(value);
      continue;
    }
    out.push(arg);
  }
  return out;
}

/**
 * `execArgv` without the options a worker thread refused, or null when `err` is not that refusal. Given options
 * explicitly, a thread refuses V8's and the process's own (`node --max-old-space-size=8192 bin/rearrange.js run
 * --workers 2` failed to start its pool): Node names them in the error. Leaving them out loses nothing, as V8's
 * flags are the process's and reach every thread's isolate anyway (the old-space limit among them).
 */
export function withoutRejectedOptions(execArgv: readonly string[], err: unknown): string[] | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (e?.code !== "ERR_WORKER_INVALID_EXEC_ARGV" || typeof e.message !== "string") return null;
  const listed = e.message.slice(e.message.indexOf(": ") + 2).split(", ");
  const rejected = new Set(listed);
  const kept = execArgv.filter((a) => !rejected.has(a));
  // a refusal that names none of them: nothing to leave out, so the same options would be refused again
  return kept.length < execArgv.length ? kept : null;
}

/**
 * True for a hook of tsx: a file of the tsx package (`npx tsx` passes absolute paths and file URLs) or the
 * package named bare, as its docs say to run it (`node --import tsx`, `--require tsx/cjs`, `--loader tsx/esm`).
 */
function isTsxHook(value: string): boolean {
  return /[\\/]node_modules[\\/]tsx[\\/]/.test(value) || /^tsx(\/[\w./-]*)?$/.test(value);
}

/**
 * A pool of worker threads (piscina) that run episodes in parallel, optionally alongside a lane on
 * the main thread (see runAll). Events come back from the lanes as they happen and are re-emitted in
 * plan order (see OrderedEmitter), so the main thread's
 * reporters — results writer, progress, and the trajectory writer when the threads do not write
 * trajectories themselves — work exactly as with one worker.
 *
 * A pool serves one run at a time and may serve many, one after another ({@link beginRun} … {@link endRun}):
 * a new thread is a V8 isolate that loads the simulator and compiles its hot code again (its first
 * episodes run several times slower than warm ones), so a process that runs several suites (a sweep, a
 * baseline and a candidate, the benchmark) keeps its threads warm by keeping its pool (see
 * `runSuite`'s `pool` option).
 */
export class EpisodePool {
  /** The current run's number and setup; null between runs. */
  private current: RunTag | null = null;
  private runs = 0;
  /** True once a thread has taken a task of the current run (and so may hold its agent, to be closed by endRun). */
  private threadsJoined = false;
  /** Set by {@link close} and {@link destroy}: the threads are gone. */
  private stopped = false;
  /** See {@link scenesSent}. */
  private sent = 0;

  private constructor(
    private readonly pool: Piscina<WorkerTask, WorkerReply>,
    /** How many worker threads the pool runs. */
    readonly threads: number,
    /** The file the threads started from: the precompiled bundle, or the tsx bootstrap (fallback). */
    readonly entry: WorkerEntry,
  ) {}

  /**
   * Starts `threads` worker threads at once (they load the simulator while the caller goes on). With
   * `setup`, the pool's first run begins at once (see {@link beginRun}). `entry` defaults to the cached
   * bundle of the worker, made now if its sources changed (see worker-bundle.ts).
   */
  static async open(threads: number, setup?: WorkerSetup, entry?: WorkerEntry): Promise<EpisodePool> {
    const from = entry ?? (await workerEntry());
    const start = (execArgv: string[] | undefined) =>
      new Piscina<WorkerTask, WorkerReply>({
        filename: from.file,
        minThreads: threads,
        maxThreads: threads,
        concurrentTasksPerWorker: 1,
        // an idle thread keeps its agent (and the agent's subprocess, for cmd: agents) until the run ends
        idleTimeout: Number.POSITIVE_INFINITY,
        resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
        // undefined: Node hands the process's options on as they are (the tsx bootstrap needs its hooks)
        execArgv,
      });
    // the bundle is plain JavaScript: a process started through tsx must not hand its loader hooks on
    const execArgv = from.kind === "bundle" ? withoutTsxHooks(process.execArgv) : undefined;
    let pool: Piscina<WorkerTask, WorkerReply>;
    try {
      pool = start(execArgv);
    } catch (err) {
      const kept = execArgv && withoutRejectedOptions(execArgv, err);
      if (!kept) throw err;
      pool = start(kept);
    }
    const episodes = new EpisodePool(pool, threads, from);
    if (setup) episodes.beginRun(setup);
    return episodes;
  }

  /**
   * Begins a run: the threads build their agents from `setup` (each on first use) and run its episodes
   * with its context. Throws while another run has not ended: a pool's threads serve one run at a time.
   */
  beginRun(setup: WorkerSetup): void {
    if (this.stopped) throw new Error("this worker pool has been closed: open a new one (EpisodePool.open)");
    if (this.current) throw new Error("this worker pool is serving another run: end it (endRun) before beginning the next");
    this.current = { run: this.runs++, setup };
    this.threadsJoined = false;
  }

  /**
   * How many scenes the pool's runs have sent to its threads, over the pool's life: a thread asks only for those it
   * did not keep from an earlier run (see scene-share.ts).
   */
  get scenesSent(): number {
    return this.sent;
  }

  /** True between {@link beginRun} and {@link endRun}. */
  get running(): boolean {
    return this.current !== null;
  }

  /** The current run's tag; throws between runs. */
  private tag(): RunTag {
    if (!this.current) throw new Error("this worker pool has no run: beginRun first");
    return this.current;
  }

  /** The agent's name and version, as a worker built it (also checks early that the agent loads). */
  async describeAgent(): Promise<{ name: string; version: string }> {
    const tag = this.tag();
    this.threadsJoined = true;
    const reply = await this.pool.run({ kind: "describe", ...tag });
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.agent!;
  }

  /**
   * Runs the episodes in parallel, started about in plan order, and passes their events to `emit` in the
   * order of `episodes`. There is one lane per thread and, with `mainLane`, one more on the calling
   * thread: each lane takes an episode whenever it is free (the next of the plan, or a little later one of a
   * scene it has run: see EpisodeClaims), so a faster lane takes more. `mainLane(index, push)` runs
   * episode `index` here and hands its events to `push`. Once `stop` is aborted no further episode
   * starts; the ones running finish and their events are passed on (episodes no lane took are passed over).
   * Once the main lane finds nothing left to take, thread lanes whose thread has not taken its task yet (a new
   * thread still loading) are called off: the run ends without waiting for them (see LaneStarts). Rejects with the first episode's error that is not an agent failure (agent failures
   * end only their episode, inside runEpisode); no lane starts another episode after it. `scenes` and
   * `tasks` (read and validated here already) reach every thread, so the threads need not load those files
   * again: the tasks with each thread's task, the scenes by path and content hash, sent in full only to a thread
   * that asks (one that did not keep them from an earlier run, see scene-share.ts). Each scene is settled by only
   * one lane (see RecipeShare): this thread relays the recipes between its own lane (the `scenes` objects) and
   * the threads.
   */
  async runAll(
    episodes: readonly EpisodeTaskSpec[],
    emit: (e: RunEvent) => void,
    stop?: AbortSignal,
    mainLane?: (index: number, push: (e: RunEvent) => void) => Promise<void>,
    scenes: readonly LoadedScene[] = [],
    tasks: readonly LoadedTask[] = [],
  ): Promise<void> {
    const tag = this.tag();
    const ordered = new OrderedEmitter(episodes.length, emit);
    // lanes keep to the scenes they have loaded (see EpisodeClaims)
    const claims = new EpisodeClaims(episodes.length, undefined, episodes.map((e) => e.scenePath));
    const onAbort = () => claims.stop();
    if (stop?.aborted) claims.stop();
    stop?.addEventListener("abort", onAbort);
    const ports: MessagePort[] = [];
    const byPath = new Map(scenes.map((s) => [s.path, s]));
    const refs = sceneRefs(scenes);
    const recipes = new RecipeShare((p) => byPath.get(p));
    const threadLanes = Math.min(this.threads, episodes.length);
    const starts = new LaneStarts(threadLanes);
    const callOffs: Array<() => void> = [];
    const callOffPending = () => {
      for (let t = 0; t < threadLanes; t++) if (starts.callOff(t)) callOffs[t]?.();
    };
    const relay = (message: unknown, from: MessagePort | null) => {
      for (const p of ports) if (p !== from) p.postMessage(message);
    };
    // a thread's lane: one task that runs episodes until none is left, posting [index, event] (and recipes)
    const threadLane = async (lane: number): Promise<void> => {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1);
      const scenesReplied = new SharedArrayBuffer(4);
      port1.on("message", (m: [number, RunEvent]) => {
        if (isRecipeMessage(m)) {
          if (recipes.incoming(m)) relay(m, port1);
        } else if (isSceneRequest(m)) this.sent += answerSceneRequest(m, (p) => byPath.get(p), port1, scenesReplied);
        else ordered.push(m[0], m[1]);
      });
      const task = this.pool.run(
        { kind: "episodes", ...tag, episodes: [...episodes], claim: claims.buffer, lane, starts: starts.buffer, port: port2, scenes: refs, scenesReplied, tasks: [...tasks] },
        { transferList: [port2] },
      );
      // a lane called off settles at once; its task still runs when the thread is up (and returns at once), or is
      // dropped when the pool is destroyed: either way nothing waits for it
      task.catch(() => undefined);
      const calledOff = new Promise<null>((resolve) => (callOffs[lane] = () => resolve(null)));
      const reply = await Promise.race([task, calledOff]);
      if (reply === null) return;
      if (!reply.ok) throw deserializeError(reply.error);
    };
    const mainThreadLane = async (): Promise<void> => {
      for (let index = claims.next(); index !== null; index = claims.next()) {
        await mainLane!(index, (e) => {
          ordered.push(index, e);
          // the episode's reset has loaded its scene here: the threads need not settle it again
          const offer = e.type === "episodeBegin" ? recipes.outgoing(episodes[index]!.scenePath) : null;
          if (offer) relay(offer, null);
        });
      }
      // every episode has been taken: a thread that has not started its lane by now has nothing left to run
      callOffPending();
    };
    // a failing lane stops the others from starting episodes; its error is the run's
    const stopping = (lane: Promise<void>) => lane.catch((err: unknown) => (claims.stop(), Promise.reject(err)));
    // the threads get their tasks first (posting one is quick; the main lane's first reset is not), then the
    // main lane starts and takes episode 0: this thread is warm, while the threads may still be starting
    const lanes: Promise<void>[] = [];
    for (let t = 0; t < threadLanes; t++) lanes.push(stopping(threadLane(t)));
    if (mainLane) lanes.push(stopping(mainThreadLane()));
    try {
      await Promise.all(lanes);
      // a run stopped early leaves episodes no lane took, maybe before some that ran (a lane may take an
      // episode of its own scenes ahead of the oldest): those are passed over, the others are waited for
      for (let i = 0; i < episodes.length; i++) if (!claims.isClaimed(i)) ordered.skip(i);
      // the last events of an episode may arrive after its thread's task settles: wait for them too
      await ordered.passedOn(episodes.length);
    } finally {
      // after a failure too: no lane starts once the run is over
      callOffPending();
      if (starts.anyStarted()) this.threadsJoined = true;
      stop?.removeEventListener("abort", onAbort);
      for (const p of ports) p.close();
    }
  }

  /** Stops the threads at once, without closing agents (after a failure). The pool cannot be used again. */
  async destroy(): Promise<void> {
    this.current = null;
    this.stopped = true;
    await this.pool.destroy();
  }

  /**
   * Ends the current run: every thread closes its agent of the run (once, if it built one: a thread that took
   * a task of the run did, even if the run then gave it no episode) and drops the run's files (keeping its validated
   * scenes and free worlds for a later run of the same scenes, see harness/runner/scene-store.ts), waiting
   * for an episode still running after a failure to finish first. When no thread took a task of the run (its
   * lanes were called off while the threads were loading), there is nothing to close and nothing is waited for.
   * The threads stay, warm, for the next run. Nothing to do between runs.
   */
  async endRun(): Promise<void> {
    const tag = this.current;
    if (!tag) return;
    this.current = null;
    // no thread took a task of this run (its lanes were called off): no thread has anything of it to close, and a
    // thread still starting is not waited for
    if (!this.threadsJoined) return;
    const barrier = new SharedArrayBuffer(4);
    const replies = await Promise.all(Array.from({ length: this.threads }, () => this.pool.run({ kind: "endRun", run: tag.run, barrier, parties: this.threads })));
    const failed = replies.find((r) => !r.ok);
    if (failed && !failed.ok) throw deserializeError(failed.error);
  }

  /**
   * Ends the current run (closing every thread's agent), then stops the threads, once each has loaded its code:
   * a short run may end while a thread is still loading (its lanes were called off), and Node 20 aborts the
   * whole process ("FATAL ERROR: v8::Module::IsGraphAsync … must be used on an instantiated module") when a
   * thread is terminated in the middle of instantiating its module, before the run's summary is written.
   */
  async close(): Promise<void> {
    try {
      await this.endRun();
    } finally {
      this.stopped = true;
      await this.threadsLoaded();
      await this.pool.destroy();
    }
  }

  /**
   * Resolves once every thread has loaded its code: one task each (the barrier keeps a thread from taking two)
   * that ends no run, since no run has number −1. Threads that loaded long ago answer at once.
   */
  private async threadsLoaded(): Promise<void> {
    const barrier = new SharedArrayBuffer(4);
    await Promise.allSettled(Array.from({ length: this.threads }, () => this.pool.run({ kind: "endRun", run: -1, barrier, parties: this.threads })));
  }
}
