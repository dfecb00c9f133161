import { copyFileSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import { writeResultsFile } from "../metrics/results-file.ts";
import type { ResultsFile, ResultsRow } from "../metrics/results-schema.ts";
import { buildResults } from "../reporters/results-writer.ts";
import { trajectoryFileName } from "../reporters/trajectory-writer.ts";
import type { RunConfig, RunInfo } from "../runner/run-events.ts";
import { checkCompatible } from "./compatibility.ts";
import { readShard, type ShardRun } from "./read-shard.ts";
import { suiteOrder } from "./suite-order.ts";
import { makeDirectory } from "../../sim/files/make-directory.ts";

/** An episode found in more than one input with different results. */
export interface MergeConflict {
  key: string;
  dirs: string[];
}

/** What merging found, before anything is written. */
export interface MergePlan {
  shards: ShardRun[];
  /** Merged rows in suite order (episode-key order when the suite file cannot be read). */
  rows: Array<{ key: string; row: ResultsRow; from: ShardRun }>;
  /** Episodes of the run that no input has (a shard missing or interrupted). */
  missing: string[];
  /** Episodes two inputs both have, with different results: merging refuses them. */
  conflicts: MergeConflict[];
  /** Episodes two inputs both have with identical results (e.g. one shard given twice): kept once. */
  duplicates: string[];
  /** Shard indices of the split (`--shard I/N`) that no input covers. */
  missingShards: number[];
  /** Inputs whose results.json says the run did not finish. */
  incomplete: string[];
  /** Rows whose trajectory file is missing in their folder. */
  missingTrajectories: string[];
  /** Warnings that do not stop the merge. */
  notes: string[];
  /** The merged results.json content. */
  results: ResultsFile;
}

/**
 * Plans the merge of shard outputs (`--out` folders of `run --shard I/N`) into one run. The merged
 * results.json equals an unsharded run's, except the run-local config fields (see
 * RUN_LOCAL_CONFIG_FIELDS): `shard` is null and `workers` the shards' common value (null if they
 * differ). Rows come in suite order, read from the suite file named in results.json.
 *
 * @throws InputError when an input is not a run folder, or the inputs are runs of different suites,
 *   agents or configs (naming the field and both values)
 */
export function planMerge(dirs: readonly string[]): MergePlan {
  if (dirs.length === 0) throw new InputError("merge", undefined, "give at least one run folder");
  const shards = dirs.map(readShard);
  checkCompatible(shards);
  const first = shards[0]!;
  const notes: string[] = [];

  const byKey = new Map<string, ShardRun[]>();
  for (const s of shards) for (const key of s.rows.keys()) byKey.set(key, [...(byKey.get(key) ?? []), s]);
  const conflicts: MergeConflict[] = [];
  const duplicates: string[] = [];
  for (const [key, from] of byKey) {
    if (from.length < 2) continue;
    const texts = new Set(from.map((s) => JSON.stringify(s.rows.get(key))));
    if (texts.size > 1) conflicts.push({ key, dirs: from.map((s) => s.dir) });
    else duplicates.push(key);
  }

  const order = suiteOrder(first.results);
  let keys: string[];
  let planned: number;
  const missing: string[] = [];
  if (order.keys) {
    const expected = new Set(order.keys);
    missing.push(...order.keys.filter((k) => !byKey.has(k)));
    const unexpected = [...byKey.keys()].filter((k) => !expected.has(k)).sort(byCodeUnit);
    if (unexpected.length) notes.push(`${unexpected.length} episode(s) are not in the suite file now (${unexpected.join(", ")}); they are merged after the others — has ${order.file} changed since the run?`);
    keys = [...order.keys.filter((k) => byKey.has(k)), ...unexpected];
    planned = order.keys.length;
  } else {
    notes.push(`${order.reason}; rows are in episode-key order, and missing episodes are only counted, not named`);
    keys = [...byKey.keys()].sort(byCodeUnit);
    const distinct = new Map(shards.map((s) => [s.shard?.index ?? 0, s.results.suite.planned as number | undefined]));
    planned = [...distinct.values()].reduce<number>((n, p) => n + (p ?? 0), 0);
    if (planned > keys.length) missing.push(`(${planned - keys.length} episode(s), ids unknown without the suite file)`);
  }

  const total = first.shard?.total;
  const missingShards = total ? range(1, total).filter((i) => !shards.some((s) => s.shard?.index === i)) : [];
  const incomplete = shards.filter((s) => s.results.complete === false).map((s) => s.dir);
  const rows = keys.map((key) => {
    const from = byKey.get(key)![0]!;
    return { key, row: from.rows.get(key)!, from };
  });
  const missingTrajectories = rows.filter((r) => !existsSync(trajectoryPath(r.from.dir, r.key))).map((r) => r.key);
  const complete = missing.length === 0 && conflicts.length === 0 && incomplete.length === 0 && missingTrajectories.length === 0;
  const results = buildResults(mergedRunInfo(shards, planned), rows.map((r) => r.row), complete);
  return { shards, rows, missing, conflicts, duplicates, missingShards, incomplete, missingTrajectories, notes, results };
}

/**
 * Writes a merge plan to `out`: results.json and every merged row's trajectory.
 * @throws InputError when the plan has conflicts, or `out` already holds a run or is one of the inputs
 */
export function writeMerge(plan: MergePlan, out: string): void {
  if (plan.conflicts.length) throw new InputError(out, undefined, `not written: ${plan.conflicts.length} episode(s) have different results in different inputs`);
  const outAbs = path.resolve(out);
  const input = plan.shards.find((s) => path.resolve(s.dir) === outAbs);
  if (input) throw new InputError(out, undefined, "--out is one of the inputs; merge into a new folder");
  if (existsSync(path.join(out, "results.json")) || (existsSync(path.join(out, "episodes")) && readdirSync(path.join(out, "episodes")).length)) {
    throw new InputError(out, undefined, "already holds a run; merge into an empty or new folder");
  }
  makeDirectory(path.join(out, "episodes"));
  for (const r of plan.rows) {
    const src = trajectoryPath(r.from.dir, r.key);
    if (existsSync(src)) copyFileSync(src, trajectoryPath(out, r.key));
  }
  // results.json last: a folder with results.json is a finished merge
  writeResultsFile(path.join(out, "results.json"), plan.results);
}

function mergedRunInfo(shards: readonly ShardRun[], planned: number): RunInfo {
  const first = shards[0]!.results;
  const workers = new Set(shards.map((s) => JSON.stringify(s.results.config.workers ?? null)));
  const config = { ...first.config, shard: null, workers: workers.size === 1 ? (first.config.workers ?? null) : null } as unknown as RunConfig;
  return {
    runId: first.runId ?? "",
    harnessVersion: first.harnessVersion ?? "",
    config,
    suite: { id: first.suite.id, path: String(first.suite.path ?? ""), description: String(first.suite.description ?? "") },
    agent: { name: first.agent.name, version: first.agent.version ?? "0" },
    // buildResults needs only the count
    planned: Array.from({ length: planned }, (_, i) => String(i)),
    resumed: [],
  };
}

function trajectoryPath(dir: string, key: string): string {
  return path.join(dir, "episodes", trajectoryFileName(key));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
