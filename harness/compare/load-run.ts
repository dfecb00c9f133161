import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import { readResultsFile } from "../metrics/results-file.ts";
import { resultsFromTrajectories } from "../metrics/results-row.ts";
import type { ResultsFile } from "../metrics/results-schema.ts";
import { readRun, type ReadProblem, type TrajectoryRead } from "../trajectory/reader.ts";

/** One side of a comparison: its results, and its trajectories when they are at hand. */
export interface ComparableRun {
  /** The path as given. */
  path: string;
  results: ResultsFile;
  /** Trajectories by episode id then repeat; empty when only a results.json was given. */
  trajectories: Map<string, Map<number, TrajectoryRead>>;
  problems: ReadProblem[];
}

/**
 * Loads a run for `compare`: a run directory (results.json + episodes/*.jsonl; without
 * results.json the rows are scored from the trajectories), or a results.json file on its own
 * (then no divergence steps can be reported).
 * @throws InputError when the path is neither, or a file in it is invalid
 */
export function loadComparableRun(target: string): ComparableRun {
  if (!existsSync(target)) throw new InputError(target, undefined, "no such file or directory");
  if (!statSync(target).isDirectory()) {
    if (path.extname(target) !== ".json") throw new InputError(target, undefined, "expected a run directory or its results.json");
    return { path: target, results: readResultsFile(target), trajectories: new Map(), problems: [] };
  }
  const run = readRun(target);
  const results = run.results ?? resultsFromTrajectories(run.episodes);
  const trajectories = new Map<string, Map<number, TrajectoryRead>>();
  for (const e of run.episodes) {
    const byRepeat = trajectories.get(e.header.episodeId) ?? new Map<number, TrajectoryRead>();
    byRepeat.set(e.header.repeat, e);
    trajectories.set(e.header.episodeId, byRepeat);
  }
  return { path: target, results, trajectories, problems: run.problems };
}
