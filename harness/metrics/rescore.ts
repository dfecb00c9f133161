import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import type { EpisodeMetrics } from "../trajectory/events.ts";
import { readRun, readTrajectory, type ReadProblem, type TrajectoryRead } from "../trajectory/reader.ts";
import type { MeasureRegistry } from "./registry.ts";
import { writeResultsFile } from "./results-file.ts";
import { resultsFromTrajectories } from "./results-row.ts";
import type { ResultsFile, ResultsRow } from "./results-schema.ts";

/** A row whose recomputed metrics differ from what was stored. */
export interface ChangedRow {
  id: string;
  repeat: number;
  /** Metric fields that changed (`SR`, `conditions`, …); `["(new row)"]` when nothing was stored. */
  fields: string[];
}

/** What `rescore` found. */
export interface RescoreResult {
  /** The path as given. */
  path: string;
  kind: "episode" | "run";
  /** Rescored results: the stored run fields with recomputed rows and aggregate. */
  results: ResultsFile;
  /** Rows whose metrics differ from the stored ones (results.json rows, else the end lines). */
  changed: ChangedRow[];
  problems: ReadProblem[];
}

/**
 * Recomputes every metric from trajectory files alone, without simulating: `target` is one
 * trajectory (`.jsonl`) or a run directory. A metric fix thus applies to old runs.
 * @throws InputError when `target` is neither, or a file in it is invalid
 */
export function rescore(target: string, registry?: MeasureRegistry): RescoreResult {
  if (!existsSync(target)) throw new InputError(target, undefined, "no such file or directory");
  if (statSync(target).isDirectory()) {
    const run = readRun(target);
    const results = resultsFromTrajectories(run.episodes, run.results ?? undefined, registry);
    const stored = run.results ? new Map(run.results.episodes.map((r) => [key(r.id, r.repeat ?? 0), r])) : storedFromEnds(run.episodes);
    const problems = [...run.problems];
    if (run.results) {
      const rescored = new Set(results.episodes.map((r) => key(r.id, r.repeat ?? 0)));
      for (const r of run.results.episodes) {
        if (!rescored.has(key(r.id, r.repeat ?? 0))) {
          problems.push({ file: path.join(target, "results.json"), message: `row "${r.id}" repeat ${r.repeat ?? 0} has no trajectory; it is left out` });
        }
      }
    }
    return { path: target, kind: "run", results, changed: changedRows(results.episodes, stored), problems };
  }
  const episode = readTrajectory(target);
  const results = resultsFromTrajectories([episode], undefined, registry);
  return { path: target, kind: "episode", results, changed: changedRows(results.episodes, storedFromEnds([episode])), problems: episode.problems };
}

/**
 * Rewrites `<run>/results.json` with the rescored rows and aggregate (atomically).
 * @returns the file written
 */
export function writeRescoredResults(result: RescoreResult): string {
  if (result.kind !== "run") throw new InputError(result.path, undefined, "--write needs a run directory, not a single trajectory");
  const file = path.join(result.path, "results.json");
  writeResultsFile(file, result.results);
  return file;
}

const key = (id: string, repeat: number) => `${id}#${repeat}`;

function storedFromEnds(episodes: readonly TrajectoryRead[]): Map<string, Partial<EpisodeMetrics>> {
  const out = new Map<string, Partial<EpisodeMetrics>>();
  for (const e of episodes) if (e.end) out.set(key(e.header.episodeId, e.header.repeat), e.end.metrics);
  return out;
}

const METRIC_FIELDS_IGNORED = new Set(["id", "repeat", "seed", "reason", "error"]);

function changedRows(rows: readonly ResultsRow[], stored: ReadonlyMap<string, Partial<EpisodeMetrics>>): ChangedRow[] {
  const changed: ChangedRow[] = [];
  for (const row of rows) {
    const repeat = row.repeat ?? 0;
    const old = stored.get(key(row.id, repeat));
    if (!old) {
      changed.push({ id: row.id, repeat, fields: ["(new row)"] });
      continue;
    }
    const fields = Object.keys(row).filter((f) => !METRIC_FIELDS_IGNORED.has(f) && !sameValue(row[f], old[f]));
    if (fields.length > 0) changed.push({ id: row.id, repeat, fields });
  }
  return changed;
}

/** Deep equality with a tolerance for floating-point noise in stored numbers. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-9;
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}
