import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { trajectoryFileName } from "../../../harness/reporters/trajectory-writer.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import type { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import type { EpisodeTaskSpec, WorkerSetup } from "../../../harness/workers/protocol.ts";

/** Repo root (tests run from it; bundled suites live under scenes/suites). */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
export const BUNDLED_SUITES = path.join(REPO_ROOT, "scenes", "suites");

/** A run's setup for a pool a test opens itself: `agent` with `agentOptions`, a fixed run context, trajectories written to `trajectoryOut` by the threads (null: posted). */
export function testWorkerSetup(agent: string, agentOptions: Record<string, unknown>, trajectoryOut: string | null): WorkerSetup {
  return { agent, agentOptions, context: { runId: "r", harnessVersion: "0", suiteId: "s", stepTimeout: 60, config: {} }, trajectoryOut };
}

/**
 * Runs `specs` on `pool` beside a main lane that runs no simulation: for each episode it takes, it awaits
 * `hold(index, mainRan)` (to pace or block the lane; `mainRan` lists what it has taken so far, this one
 * included), then passes on a bare begin and end. Returns every event passed on, in order, and what the main lane took.
 */
export async function runBesideBareMainLane(pool: EpisodePool, specs: readonly EpisodeTaskSpec[], hold: (index: number, mainRan: readonly number[]) => void | Promise<void> = () => undefined, stop?: AbortSignal): Promise<{ seen: RunEvent[]; mainRan: number[] }> {
  const seen: RunEvent[] = [];
  const mainRan: number[] = [];
  await pool.runAll(
    specs,
    (e) => seen.push(e),
    stop,
    async (index, push) => {
      mainRan.push(index);
      await hold(index, mainRan);
      push({ type: "episodeBegin", key: specs[index]!.key } as RunEvent);
      push({ type: "episodeEnd", key: specs[index]!.key } as RunEvent);
    },
  );
  return { seen, mainRan };
}

/** True when the bundled suite exists (bundled content may still be in the making). */
export function hasBundledSuite(name: string): boolean {
  return existsSync(path.join(BUNDLED_SUITES, `${name}.suite.json`));
}

/**
 * Copies a bundled suite (optionally only the first `limit` episodes, with `maxSteps` capped) and
 * the scene and task files it names into a fresh temp folder, so a test may edit them.
 * @returns the copied suite file's path
 */
export function copyBundledSuite(name: string, o: { limit?: number; maxSteps?: number } = {}): string {
  const src = path.join(BUNDLED_SUITES, `${name}.suite.json`);
  const suite = JSON.parse(readFileSync(src, "utf8")) as { id: string; episodes: Array<{ scene: string; task: string; maxSteps?: number }> };
  const root = mkdtempSync(path.join(os.tmpdir(), `suite-${name}-`));
  mkdirSync(path.join(root, "files"));
  const copy = (ref: string): string => {
    const from = path.resolve(path.dirname(src), ref);
    const to = path.join(root, "files", path.basename(from));
    if (!existsSync(to)) copyFileSync(from, to);
    return `files/${path.basename(from)}`;
  };
  suite.episodes = suite.episodes.slice(0, o.limit ?? suite.episodes.length).map((e) => ({
    ...e,
    scene: copy(e.scene),
    task: copy(e.task),
    ...(o.maxSteps !== undefined ? { maxSteps: Math.min(e.maxSteps ?? o.maxSteps, o.maxSteps) } : {}),
  }));
  const file = path.join(root, `${suite.id}.suite.json`);
  writeFileSync(file, JSON.stringify(suite, null, 2));
  return file;
}

/** A run folder's trajectories, file name → text with every `ts` field removed (the only run-to-run difference). */
export function trajectoriesWithoutTs(runDir: string): Map<string, string> {
  const dir = path.join(runDir, "episodes");
  const out = new Map<string, string>();
  for (const f of readdirSync(dir).sort()) {
    const lines = readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean);
    out.set(f, lines.map((l) => JSON.stringify(JSON.parse(l), (k, v) => (k === "ts" ? undefined : v))).join("\n"));
  }
  return out;
}

/** results.json of a run, parsed; `drop` lists config fields to remove (run-local ones). */
export function resultsOf(runDir: string, drop: string[] = []): Record<string, unknown> & { episodes: Array<Record<string, unknown>>; config: Record<string, unknown> } {
  const r = JSON.parse(readFileSync(path.join(runDir, "results.json"), "utf8"));
  for (const k of drop) delete r.config[k];
  return r;
}

/** A suite file's episodes as pool tasks: key and id the episode id, seed its index, `maxSteps` each. */
export function suiteEpisodeSpecs(suite: string, maxSteps: number): EpisodeTaskSpec[] {
  const loaded = JSON.parse(readFileSync(suite, "utf8")) as { episodes: Array<{ id: string; scene: string; task: string }> };
  return loaded.episodes.map((e, i) => ({
    key: e.id,
    id: e.id,
    repeat: 0,
    seed: i,
    maxSteps,
    scenePath: path.resolve(path.dirname(suite), e.scene),
    taskPath: path.resolve(path.dirname(suite), e.task),
  }));
}

/** Whether the episode's trajectory under `out` has its end line (the episode finished). */
export function trajectoryEnded(out: string, key: string): boolean {
  const file = path.join(out, "episodes", trajectoryFileName(key));
  return existsSync(file) && readFileSync(file, "utf8").includes('{"type":"end"');
}

/**
 * A main lane (EpisodePool.runAll's `mainLane`) that leaves the episodes to the pool's thread: it waits, event loop
 * free, until the thread has ended every episode but the first (up to a minute), then passes on the first one's
 * begin and end as if it had run it. For tests of what the thread does on its own.
 */
export function mainLaneLeavingEpisodesToThread(specs: readonly EpisodeTaskSpec[], out: string): (index: number, push: (e: RunEvent) => void) => Promise<void> {
  return async (index, push) => {
    const until = Date.now() + 60_000;
    while (!specs.slice(1).every((s) => trajectoryEnded(out, s.key)) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    push({ type: "episodeBegin", key: specs[index]!.key } as RunEvent);
    push({ type: "episodeEnd", key: specs[index]!.key } as RunEvent);
  };
}
