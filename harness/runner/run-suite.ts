import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Subject, concatMap, lastValueFrom, defaultIfEmpty } from "rxjs";
import { hashString } from "../../sim/rng.ts";
import { loadSceneFile, type LoadedScene } from "../../sim/scene/load.ts";
import { loadTaskFile, type LoadedTask } from "../../sim/task/load.ts";
import { InputError } from "../../sim/errors.ts";
import type { Agent } from "../agent.ts";
import { loadAgent } from "../agents/load.ts";
import type { ResultsFile, ResultsRow } from "../metrics/results-schema.ts";
import { ResultsWriter, rowKey } from "../reporters/results-writer.ts";
import { TrajectoryWriter, trajectoryFileName } from "../reporters/trajectory-writer.ts";
import { loadSuite, resolveRelative, type LoadedSuite } from "../suite/load.ts";
import { HARNESS_VERSION } from "../version.ts";
import { runEpisode, type EpisodeJob } from "./episode.ts";
import { planEpisodes, type PlannedEpisode } from "./plan.ts";
import { dispatch, MultiplexReporter, type Reporter, type RunConfig, type RunEvent, type RunInfo } from "./run-events.ts";

export interface RunOptions extends RunConfig {
  /** Extra reporters (console table, progress, …) besides the trajectory and results writers. */
  reporters?: Reporter[];
  /** Clock for trajectory timestamps (tests pin it). */
  now?: () => string;
}

/**
 * Runs a suite with an agent and writes `<out>/results.json` and `<out>/episodes/*.jsonl`.
 * The run is an rxjs event stream; reporters subscribe to it in order.
 */
export async function runSuite(options: RunOptions): Promise<ResultsFile> {
  const loaded = loadSuite(options.suite);
  const planned = planEpisodes(loaded.suite.episodes, options);
  const resumed = options.resume ? readFinishedRows(options.out, new Set(planned.map((p) => p.key))) : [];
  const done = new Set(resumed.map(rowKey));
  const todo = planned.filter((p) => !done.has(p.key));
  const cache = new FileCache();
  // load every file before work starts: a missing scene fails now, not halfway through
  const jobs = todo.map((p) => toJob(p, loaded, cache));
  const agent = await loadAgent(options.agent, { ...options.agentOptions });
  const runId = runIdOf(options, loaded);
  const run: RunInfo = {
    runId,
    harnessVersion: HARNESS_VERSION,
    config: stripLocal(options),
    suite: { id: loaded.suite.id, path: loaded.path, description: loaded.suite.description },
    agent: { name: agent.name ?? "agent", version: agent.version ?? "0" },
    planned: planned.map((p) => p.key),
    resumed,
  };
  const results = new ResultsWriter(options.out);
  const reporter = new MultiplexReporter([new TrajectoryWriter(options.out), results, ...(options.reporters ?? [])]);
  const events = new Subject<RunEvent>();
  const delivered = lastValueFrom(events.pipe(concatMap((e) => dispatch(reporter, e)), defaultIfEmpty(undefined)));
  const emit = (e: RunEvent) => events.next(e);
  try {
    emit({ type: "runBegin", run });
    for (const job of jobs) {
      await runEpisode(job, agent, {
        runId,
        harnessVersion: HARNESS_VERSION,
        suiteId: loaded.suite.id,
        stepTimeout: options.stepTimeout,
        config: episodeConfig(options),
        now: options.now ?? (() => new Date().toISOString()),
        emit,
      });
    }
    const final = results.snapshot(true);
    emit({ type: "runEnd", results: final });
    events.complete();
    await delivered;
    return final;
  } catch (err) {
    events.error(err);
    await delivered.catch(() => undefined);
    throw err;
  } finally {
    await agent.close?.();
  }
}

/** Loads scene and task files once per run. */
class FileCache {
  private readonly scenes = new Map<string, LoadedScene>();
  private readonly tasks = new Map<string, LoadedTask>();
  scene(p: string): LoadedScene {
    let s = this.scenes.get(p);
    if (!s) this.scenes.set(p, (s = loadSceneFile(p)));
    return s;
  }
  task(p: string): LoadedTask {
    let t = this.tasks.get(p);
    if (!t) this.tasks.set(p, (t = loadTaskFile(p)));
    return t;
  }
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

/** Rows of episodes an earlier run finished (in results.json and with a complete trajectory). */
function readFinishedRows(out: string, planned: Set<string>): ResultsRow[] {
  const file = path.join(out, "results.json");
  if (!existsSync(file)) return [];
  let prior: { episodes?: ResultsRow[] };
  try {
    prior = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new InputError(file, undefined, "cannot resume: results.json is not valid JSON");
  }
  return (prior.episodes ?? []).filter((r) => {
    const key = rowKey(r);
    if (!planned.has(key)) return false;
    const traj = path.join(out, "episodes", trajectoryFileName(key));
    if (!existsSync(traj)) return false;
    const text = readFileSync(traj, "utf8");
    const last = text.trimEnd().split("\n").pop() ?? "";
    return text.endsWith("\n") && last.startsWith('{"type":"end"');
  });
}

/** The part of the config that shapes an episode (the same across workers, shards, resume and output folders). */
function episodeConfig(o: RunConfig): Record<string, unknown> {
  return { suite: o.suite, agent: o.agent, seed: o.seed, maxSteps: o.maxSteps, stepTimeout: o.stepTimeout, repeat: o.repeat };
}

function stripLocal(o: RunOptions): RunConfig {
  const { reporters: _r, now: _n, ...config } = o;
  return { ...config, agentOptions: redactSecrets(config.agentOptions) };
}

/** Agent options as written to results: values of keys that look like secrets are replaced. */
export function redactSecrets(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [k, /key|token|secret|password|authorization/i.test(k) ? "[redacted]" : v]),
  );
}

/** A run id that depends only on what shapes the episodes, so identical runs write identical trajectories. */
function runIdOf(o: RunConfig, loaded: LoadedSuite): string {
  return `${loaded.suite.id}-${hashString(JSON.stringify([episodeConfig(o), o.agentOptions])).toString(16).padStart(8, "0")}`;
}
