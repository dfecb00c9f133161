import { existsSync, lstatSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Subject, lastValueFrom } from "rxjs";
import { hashString } from "../../sim/rng.ts";
import { InputError, InputErrors, oneInputError } from "../../sim/errors.ts";
import { bindingProblems, sceneObjectIds } from "../../sim/task/binding.ts";
import { makeDirectory } from "../../sim/files/make-directory.ts";
import { installAgentReaper } from "../agents/jsonrpc/child-reaper.ts";
import type { ResultsFile } from "../metrics/results-schema.ts";
import { ResultsWriter, rowKey } from "../reporters/results-writer.ts";
import { TrajectoryWriter } from "../reporters/trajectory-writer.ts";
import { loadSuite, resolveRelative, type LoadedSuite } from "../suite/load.ts";
import { HARNESS_VERSION } from "../version.ts";
import { getLogger } from "../logger.ts";
import type { EpisodePool } from "../workers/episode-pool.ts";
import type { EpisodeContextData } from "../workers/protocol.ts";
import type { EpisodeJob } from "./episode.ts";
import { inProcessExecutor, poolExecutor } from "./episode-executors.ts";
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
