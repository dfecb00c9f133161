import { existsSync, lstatSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Subject, lastValueFrom } from "rxjs";
import { hashString } from "../../sim/rng.ts";
import { InputError, InputErrors, oneInputError } from "../../sim/errors.ts";
import { bindingProblems, sceneObjectIds } from "../../sim/task/binding.ts";
import { makeDirectory } from "../../sim/files/make-directory.ts";
import type { Agent } from "../agent.ts";
import { installAgentReaper } from "../agents/jsonrpc/child-reaper.ts";
import { loadAgent } from "../agents/load.ts";
import type { ResultsFile } from "../metrics/results-schema.ts";
import { ResultsWriter, rowKey } from "../reporters/results-writer.ts";
import { TrajectoryWriter } from "../reporters/trajectory-writer.ts";
import { loadSuite, resolveRelative, type LoadedSuite } from "../suite/load.ts";
import { HARNESS_VERSION } from "../version.ts";
import { getLogger } from "../logger.ts";
import type { EpisodePool } from "../workers/episode-pool.ts";
import type { EpisodeContextData } from "../workers/protocol.ts";
import type { EpisodeJob } from "./episode.ts";
import { FileCache } from "./file-cache.ts";
import { outputError } from "./output-error.ts";
import { planEpisodes, type PlannedEpisode } from "./plan.ts";
import { readFinishedRows } from "./resume.ts";
import { SerialDelivery } from "./serial-delivery.ts";
import { dispatch, MultiplexReporter, type Reporter, type RunConfig, type RunEvent, type RunInfo } from "./run-events.ts";
import { redactCommandLine, redactSecrets } from "./redact-secrets.ts";

export interface RunOptions extends RunConfig {
  /** Extra reporters (console table, progress, …) besides the trajectory and results writers. */
  reporters?: Reporter[];
  /** Clock for trajectory timestamps (tests pin it). */
  now?: () => string;
  /**
   * Least time between two rewrites of results.json during the run, in ms (default 1000; 0 rewrites it
   * after every episode). The trajectories are the durable record, so this only bounds how stale the file is.
   */
  resultsIntervalMs?: number;
  /**
   * Worker threads to run on (`workers` must be its thread count + 1), kept by the caller across runs
   * instead of started for this one and stopped after it: their code stays compiled, so a process that runs
   * several suites (a sweep, a baseline and a candidate) pays a thread's start and warm-up once. The run
   * ends its agents in the threads (see EpisodePool.endRun) and leaves the threads running; the caller
   * closes the pool. Unused when the run has a single episode to run.
   */
  pool?: EpisodePool;
  /**
   * When `out` already holds a run (its results.json, its trajectories) and this is not a `resume`: delete
   * that run's files (results.json and `episodes/*.jsonl`, nothing else) before this run writes its own,
   * instead of refusing. The files go only once the suite's files have all been read and checked.
   */
  overwrite?: boolean;
  /**
   * Interrupts the run (the CLI aborts it on Ctrl-C): no episode starts after it is aborted, the episodes in
   * flight finish, and the run ends as usual with results.json listing every finished episode and
   * `complete: false`, so that `--resume` goes on from there.
   */
  signal?: AbortSignal;
}

/**
 * Runs a suite with an agent and writes `<out>/results.json` and `<out>/episodes/*.jsonl`.
 * The run is an rxjs event stream; reporters subscribe to it in order. With `workers` N > 1 the
 * episodes run on this thread and N − 1 worker threads and their events are re-emitted in plan order, so every reporter
 * sees the stream a one-worker run produces. With `resume`, episodes an earlier run in `out`
 * finished are kept and the rest run from their start.
 *
 * @throws InputError for bad suite/scene/task/agent files, an `out` that holds another run (resume), or
 *   an `out` that cannot be made or written (a full disk: episodes finished before it stay on disk)
 */
export async function runSuite(options: RunOptions): Promise<ResultsFile> {
  // agent processes (`cmd:`) started by this run, in any thread, are killed if this process exits while they run
  installAgentReaper();
  const loaded = loadSuite(options.suite);
  const planned = planEpisodes(loaded.suite.episodes, options);
  // an empty shard is normal (few episodes, many shards); a glob that matches nothing is a mistake
  if (options.episodes && planEpisodes(loaded.suite.episodes, { ...options, shard: null }).length === 0) {
    throw new InputError(loaded.path, "$.episodes", `--episodes ${options.episodes} matches no episode of suite ${loaded.suite.id}`);
  }
  const runId = runIdOf(options, loaded);
  // the configuration as results.json and the trajectory headers record it
  const recorded = stripLocal(options);
  // a new run into a folder that holds one would overwrite its results.json and leave its trajectories
  // to be mixed with this run's (rescore, replay, report read every trajectory of the folder)
  const previous = options.resume ? [] : previousRunFiles(options.out);
  if (previous.length > 0 && !options.overwrite) {
    throw new InputError(options.out, undefined, `already holds a run (${describeRunFiles(options.out, previous)}); give --resume to continue it, --overwrite to delete it and run afresh, or another --out (an empty or new folder)`);
  }
  const resumed = options.resume ? readFinishedRows(options, runId, planned) : [];
  const done = new Set(resumed.map(rowKey));
  const todo = planned.filter((p) => !done.has(p.key));
  const context: EpisodeContextData = {
    runId,
    harnessVersion: HARNESS_VERSION,
    suiteId: loaded.suite.id,
    stepTimeout: options.stepTimeout,
    // written in every trajectory's header, as results.json records it (secrets redacted)
    config: episodeConfig(recorded),
  };
  const now = options.now ?? (() => new Date().toISOString());
  if (options.pool && options.pool.threads + 1 !== options.workers) {
    throw new Error(`runSuite: workers is ${options.workers} but the pool given runs ${options.pool.threads} thread(s) beside this one (workers ${options.pool.threads + 1})`);
  }
  const threads = Math.min(options.workers, todo.length);
  // pool threads start loading the simulator now, while this thread reads the files
  const executor = threads > 1 ? await poolExecutor(options, context, threads) : inProcessExecutor(options, context, now);
  let failed = true;
  try {
    const cache = new FileCache();
    // load every file before work starts: a missing scene or a task that cannot bind to its scene fails
    // now, not halfway through — with every such problem of the suite, each naming its file
    const jobs = toJobs(todo, loaded, cache);
    // the earlier run's files go once this run's own files have all loaded, before anything of this run is written
    if (previous.length > 0) deleteRunFiles(options.out, previous);
    // before the agent starts (agents keep files in the run folder) and before any episode
    makeRunFolder(options.out);
    const agent = await executor.agent();
    const run: RunInfo = {
      runId,
      harnessVersion: HARNESS_VERSION,
      config: recorded,
      suite: { id: loaded.suite.id, path: loaded.path, description: loaded.suite.description },
      agent,
      planned: planned.map((p) => p.key),
      resumed,
    };
    const results = new ResultsWriter(options.out, { minIntervalMs: options.resultsIntervalMs });
    // worker threads may write trajectories themselves: the folder is still made here, before any episode
    const trajectories = executor.writesTrajectories ? { onBegin: () => new TrajectoryWriter(options.out).onBegin() } : new TrajectoryWriter(options.out);
    const reporter = new MultiplexReporter([trajectories, results, ...(options.reporters ?? [])]);
    const events = new Subject<RunEvent>();
    // the shipped reporters are synchronous: each event is written inside its emit, with no promise per step;
    // a reporter's promise holds the later events back, in order (see SerialDelivery)
    const stream = new SerialDelivery<RunEvent>((e) => dispatch(reporter, e));
    const delivered = lastValueFrom(events.pipe(stream.operator), { defaultValue: undefined }).catch((err: unknown) => {
      throw outputError(err, options.out);
    });
    // A reporter that fails (a full disk) rejects `delivered` while episodes still run, long before it is
    // awaited: handled here, so the failure is never an unhandled rejection, and it stops further episodes.
    const stop = new AbortController();
    delivered.catch(() => stop.abort());
    // no episode starts once either the reporters fail or the caller interrupts the run
    const noMoreEpisodes = options.signal ? AbortSignal.any([stop.signal, options.signal]) : stop.signal;
    /**
     * Settles once the reporters have handled every event emitted so far, or rejects as soon as one fails:
     * with `delivered`'s error (the output error naming the folder), which settles after `stop` is aborted.
     */
    const caughtUp = () => stream.idle().catch(() => delivered);
    const emit = (e: RunEvent): Promise<void> | undefined => {
      events.next(e);
      // an episode ends once the reporters have written it: a fast agent does not run episodes ahead of
      // a disk that is failing, and the next episode starts only if writing went well (see `stop`)
      return e.type === "episodeEnd" ? caughtUp().catch(() => undefined) : undefined;
    };
    try {
      emit({ type: "runBegin", run });
      // results.json and the episodes folder are written before the first episode: a run that cannot write them does no work
      await caughtUp();
      const running = executor.run(jobs, emit, noMoreEpisodes);
      running.catch(() => undefined); // when the reporters fail first, the episode in flight is not waited for
      await Promise.race([running, delivered]);
      // reporters run behind the emitter: the results are final once they have seen every episode
      await caughtUp();
      const final = results.snapshot(!options.signal?.aborted);
      emit({ type: "runEnd", results: final });
      events.complete();
      await delivered;
      failed = false;
      return final;
    } catch (err) {
      // erroring the stream drops the events still queued: let the reporters write the episodes that
      // finished before the failure (trajectories, results.json) first, so --resume goes on from them
      await caughtUp().catch(() => undefined);
      events.error(err);
      await delivered.catch(() => undefined);
      // results.json is rewritten at most once a second: list every finished episode in it now. At best:
      // a disk that failed may fail this too, and --resume needs only the trajectories
      try {
        results.writeNow();
      } catch {
        // the run's own error is the one to report
      }
      throw err;
    }
  } finally {
    // a failing close() happens after every result is written: worth a warning, not a failed run
    await executor.close(failed).catch((err: unknown) => getLogger().warn({ err: String(err) }, "the agent failed to close"));
  }
}

/** Runs a run's episodes: in this thread, or spread over worker threads. */
interface EpisodeExecutor {
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
function inProcessExecutor(options: RunOptions, context: EpisodeContextData, now: () => string): EpisodeExecutor {
  let agent: Agent | null = null;
  return {
    async agent() {
      agent = await loadAgent(options.agent, { ...options.agentOptions, runDir: options.out });
      return { name: agent.name ?? "agent", version: agent.version ?? "0" };
    },
    async run(jobs, emit, stop) {
      // the simulator loads here, not at import: with workers only the threads need it
      const { runEpisode } = await import("./episode.ts");
      const { WorldPool } = await import("../../sim/world/world-pool.ts");
      const worlds = new WorldPool();
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
async function poolExecutor(options: RunOptions, context: EpisodeContextData, threads: number): Promise<EpisodeExecutor> {
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
      const { WorldPool } = await import("../../sim/world/world-pool.ts");
      const worlds = new WorldPool();
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

/**
 * The files of a run in `out` (relative to it): results.json (and the temporary file it is written through),
 * and the trajectories `episodes/*.jsonl` — what runs write, so what `overwrite` deletes. A symbolic link
 * is none of them (runs write no links): it is neither counted nor deleted. Empty when `out` holds no run.
 */
function previousRunFiles(out: string): string[] {
  const found: string[] = [];
  const isFile = (rel: string) => {
    try {
      return lstatSync(path.join(out, rel)).isFile();
    } catch {
      return false;
    }
  };
  for (const rel of ["results.json", "results.json.tmp"]) if (isFile(rel)) found.push(rel);
  let names: string[] = [];
  try {
    names = readdirSync(path.join(out, "episodes"));
  } catch {
    // no episodes folder (or `out` is not a folder: making it fails later with the system's reason)
  }
  for (const name of names.sort()) {
    const rel = path.join("episodes", name);
    if (name.endsWith(".jsonl") && isFile(rel)) found.push(rel);
  }
  return found;
}

/** `results.json and 13 trajectories in episodes/`, for the message refusing to run over them. */
function describeRunFiles(out: string, files: readonly string[]): string {
  const trajectories = files.filter((f) => f.startsWith(`episodes${path.sep}`)).length;
  const parts = [
    ...(files.includes("results.json") ? ["results.json"] : []),
    ...(trajectories > 0 ? [`${trajectories} ${trajectories === 1 ? "trajectory" : "trajectories"} in ${path.join(out, "episodes")}`] : []),
  ];
  return parts.length > 0 ? parts.join(" and ") : files.join(", ");
}

/** Deletes an earlier run's files found by {@link previousRunFiles} (`--overwrite`); other files in `out` stay. */
function deleteRunFiles(out: string, files: readonly string[]): void {
  // results.json first: a folder with trajectories but no results.json is not taken for a run to resume
  for (const rel of files) {
    try {
      rmSync(path.join(out, rel), { force: true });
    } catch (err) {
      throw new InputError(path.join(out, rel), undefined, `cannot delete the earlier run's file (--overwrite): ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }
}

/**
 * Creates the run folder (`--out`) and its missing parents, so that one that cannot be made fails before
 * any work with the system's reason (ENOTDIR, EACCES, EROFS, ENOSPC; ENOENT under /proc, where
 * `mkdirSync(…, { recursive: true })` would never return).
 */
function makeRunFolder(out: string): void {
  try {
    makeDirectory(out);
  } catch (err) {
    throw new InputError(out, undefined, `cannot create the output folder: ${(err as Error)?.message ?? String(err)}`);
  }
}

/**
 * The jobs of the planned episodes, their files loaded and each task's bindings checked against its scene.
 * @throws InputError / InputErrors: every input problem found (a file missing or invalid, a binding to an
 *   object the scene lacks), each once, naming its file and place
 */
function toJobs(planned: readonly PlannedEpisode[], loaded: LoadedSuite, cache: FileCache): EpisodeJob[] {
  const jobs: EpisodeJob[] = [];
  const problems = new Map<string, InputError>();
  const checked = new Set<string>();
  for (const p of planned) {
    try {
      const job = toJob(p, loaded, cache);
      jobs.push(job);
      const pair = `${job.scene.path}\0${job.task.path}`;
      if (checked.has(pair)) continue;
      checked.add(pair);
      const ids = sceneObjectIds(job.scene.scene);
      for (const e of bindingProblems(job.task.problem, job.task.task.bindings, job.task.path, (id) => ids.has(id), job.scene.path)) problems.set(e.message, e);
    } catch (err) {
      if (!(err instanceof InputError || err instanceof InputErrors)) throw err;
      for (const e of err instanceof InputErrors ? err.problems : [err]) problems.set(e.message, e);
    }
  }
  if (problems.size > 0) throw oneInputError([...problems.values()]);
  return jobs;
}

function toJob(p: PlannedEpisode, loaded: LoadedSuite, cache: FileCache): EpisodeJob {
  const scenePath = resolveRelative(loaded.path, p.spec.scene);
  const taskPath = resolveRelative(loaded.path, p.spec.task);
  for (const [what, file] of [["scene", scenePath], ["task", taskPath]] as const) {
    if (!existsSync(file)) {
      const i = loaded.suite.episodes.indexOf(p.spec);
      throw new InputError(loaded.path, `$.episodes[${i}].${what}`, `${what} file ${file} does not exist`);
    }
  }
  return { key: p.key, id: p.spec.id, repeat: p.repeat, seed: p.seed, maxSteps: p.maxSteps, scene: cache.scene(scenePath), task: cache.task(taskPath) };
}

/** The part of the config that shapes an episode (the same across workers, shards, resume and output folders). */
function episodeConfig(o: RunConfig): Record<string, unknown> {
  return { suite: o.suite, agent: o.agent, seed: o.seed, maxSteps: o.maxSteps, stepTimeout: o.stepTimeout, repeat: o.repeat };
}

/** The run's configuration as it is recorded: without what is local to this process, secrets redacted. */
function stripLocal(o: RunOptions): RunConfig {
  const { reporters: _r, now: _n, resultsIntervalMs: _i, pool: _p, signal: _s, overwrite: _o, ...config } = o;
  return { ...config, agent: redactCommandLine(config.agent), agentOptions: redactSecrets(config.agentOptions) };
}

/** A run id that depends only on what shapes the episodes, so identical runs write identical trajectories. */
function runIdOf(o: RunConfig, loaded: LoadedSuite): string {
  return `${loaded.suite.id}-${hashString(JSON.stringify([episodeConfig(o), o.agentOptions])).toString(16).padStart(8, "0")}`;
}
