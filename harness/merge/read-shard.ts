import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import { readResultsFile } from "../metrics/results-file.ts";
import type { ResultsFile, ResultsRow } from "../metrics/results-schema.ts";
import { rowKey } from "../reporters/results-writer.ts";

/** One input of `rearrange merge`: a run folder, usually one shard's `--out`. */
export interface ShardRun {
  dir: string;
  /** `<dir>/results.json`. */
  file: string;
  /**
   * results.json exactly as written (validated first): merge copies rows as they are, so the merged
   * file matches an unsharded run's byte for byte.
   */
  results: ResultsFile & { complete?: boolean };
  /** `--shard I/N` the run was started with, or null for an unsharded run. */
  shard: { index: number; total: number } | null;
  /** Rows by episode key (`id`, or `id~rK` for repeat K). */
  rows: Map<string, ResultsRow>;
}

/**
 * Reads a run folder for merging.
 * @throws InputError when `dir` is not a folder, has no results.json, or it is invalid
 */
export function readShard(dir: string): ShardRun {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(dir, undefined, "not a folder (give the --out folders of the shard runs)");
  const file = path.join(dir, "results.json");
  if (!existsSync(file)) throw new InputError(dir, undefined, "no results.json: not a run folder, or the run never started (run it, or resume it with --resume)");
  readResultsFile(file);
  const results = JSON.parse(readFileSync(file, "utf8")) as ShardRun["results"];
  const shard = parseShardField(results.config.shard, file);
  const rows = new Map<string, ResultsRow>();
  results.episodes.forEach((r, i) => {
    const key = rowKey(r);
    if (rows.has(key)) throw new InputError(file, `$.episodes[${i}]`, `episode "${key}" appears twice`);
    rows.set(key, r);
  });
  return { dir, file, results, shard, rows };
}

function parseShardField(value: unknown, file: string): ShardRun["shard"] {
  if (value === null || value === undefined) return null;
  const s = value as { index?: unknown; total?: unknown };
  if (Number.isInteger(s.index) && Number.isInteger(s.total)) return { index: s.index as number, total: s.total as number };
  throw new InputError(file, "$.config.shard", `expected {"index": I, "total": N} or null, found ${JSON.stringify(value)}`);
}
