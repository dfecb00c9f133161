import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { InputError, InputErrors, oneInputError } from "../../sim/errors.ts";
import type { EpisodeRecord } from "../metrics/episode-metrics.ts";
import { jsonErrorLocation, jsonErrorReason } from "../metrics/json-text.ts";
import { checkSchemaVersion, readResultsFile, zodProblems } from "../metrics/results-file.ts";
import type { ResultsFile } from "../metrics/results-schema.ts";
import { planOrder, runSuiteIds, sortIntoRunOrder } from "../runner/plan-order.ts";
import { HARNESS_VERSION } from "../version.ts";
import { TRAJECTORY_SCHEMA_VERSION, type EndEvent, type EpisodeHeader, type StepEvent } from "./events.ts";
import { EndEventSchema, EpisodeHeaderSchema, StepEventSchema } from "./schema.ts";

/** Something worth telling the user that does not stop the file from being read. */
export interface ReadProblem {
  file: string;
  /** 1-based line number, when the problem is about one line. */
  line?: number;
  message: string;
}

/** A trajectory file read back: its parts plus what was odd about it. */
export interface TrajectoryRead extends EpisodeRecord {
  file: string;
  header: EpisodeHeader;
  steps: StepEvent[];
  end: EndEvent | null;
  /** The file ends in the middle of a line (the writer stopped mid-write); that line was ignored. */
  truncated: boolean;
  problems: ReadProblem[];
}

/**
 * A trajectory without its episode header line: empty, or its first line cut off. The run was killed
 * between opening the file and writing the header, so nothing of the episode can be read. Read alone
 * (`validate`, `rescore FILE`) it is an error; in a run folder, {@link readRun} counts it as an
 * interrupted episode and reads the others.
 */
export class HeaderlessTrajectoryError extends InputError {}

/** Formats a problem as `file:line: message`. */
export function formatProblem(p: ReadProblem): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ""}: ${p.message}`;
}

/**
 * Reads a trajectory file (`episodes/<id>.jsonl`). Robust to a crash: an incomplete last line
 * (no newline after it and not valid JSON) is ignored and reported as `truncated`; a missing end
 * line is reported in `problems`. Anything else that is wrong is an error naming file and line.
 *
 * @throws InputError for an unreadable file, a malformed line that is not the last, a trajectory
 *   from an incompatible harness version (its schemaVersion), a line that breaks the schema
 *   (with its JSON path), or lines out of order (header first, end last).
 */
export function readTrajectory(file: string): TrajectoryRead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return parseTrajectory(text, file);
}

/** Parses trajectory text (see `readTrajectory`); `file` is used in messages only. */
export function parseTrajectory(text: string, file: string): TrajectoryRead {
  const s = scanTrajectory(text, file, (err) => {
    throw err;
  });
  return { file, header: s.header!, steps: s.steps, end: s.end, truncated: s.truncated, problems: s.problems };
}

/** Every problem of a trajectory text (see {@link trajectoryProblems}). */
export interface TrajectoryCheck {
  /** What `parseTrajectory` would throw, for every bad line (each line skipped, reading goes on); at most `limit`. */
  errors: InputError[];
  /** Errors found beyond `limit` (counted, not kept). */
  omitted: number;
  /** What `parseTrajectory` reports without failing (a missing end line, steps out of order, …). */
  problems: ReadProblem[];
}

/**
 * Checks trajectory text line by line and reports every bad line, not only the first (`rearrange validate`):
 * a bad line is recorded and skipped, and the lines after it are checked as if it were not there. A line
 * after a header that breaks the schema is still checked against its own schema. Stops early only on a
 * trajectory schemaVersion this harness does not read (every later line would fail for the same reason).
 */
export function trajectoryProblems(text: string, file: string, limit = Infinity): TrajectoryCheck {
  const out: TrajectoryCheck = { errors: [], omitted: 0, problems: [] };
  const add = (err: InputError | InputErrors) => {
    for (const e of err instanceof InputErrors ? err.problems : [err]) {
      if (out.errors.length < limit) out.errors.push(e);
      else out.omitted++;
    }
  };
  try {
    out.problems = scanTrajectory(text, file, add).problems;
  } catch (err) {
    if (!(err instanceof InputError || err instanceof InputErrors)) throw err;
    add(err);
  }
  return out;
}

interface Scan {
  header: EpisodeHeader | null;
  steps: StepEvent[];
  end: EndEvent | null;
  truncated: boolean;
  problems: ReadProblem[];
}

/**
 * The reading behind {@link parseTrajectory} and {@link trajectoryProblems}: each bad line goes to `fail`,
 * which either throws (parse) or records it (check); after a recorded one, reading goes on with the next line.
 */
function scanTrajectory(text: string, file: string, fail: (err: InputError | InputErrors) => void): Scan {
  const segments = text.split("\n");
  // The text after the last newline is an unterminated line: empty for a cleanly written file.
  const unterminated = segments.length - 1;
  const problems: ReadProblem[] = [];
  let truncated = false;
  let header: EpisodeHeader | null = null;
  /** A header line was met (or its absence reported): later lines are read as steps and end, not as a header. */
  let headerSeen = false;
  const steps: StepEvent[] = [];
  let end: EndEvent | null = null;
  /** The error of a header of another schemaVersion: it ends the reading. */
  let foreign: unknown = null;

  const readLine = (value: unknown, lineNo: number): void => {
    const type = (value as { type?: unknown } | null)?.type;
    if (end) throw new InputError(file, `line ${lineNo}`, "nothing may follow the end line");
    if (!headerSeen) {
      headerSeen = true;
      if (type !== "episode") throw new InputError(file, `line ${lineNo}`, `the first line must be the episode header ({"type":"episode",…}), found type ${JSON.stringify(type)}`);
      const v = value as Record<string, unknown>;
      try {
        checkSchemaVersion(file, `line ${lineNo}`, "trajectory", v.schemaVersion, TRAJECTORY_SCHEMA_VERSION, v.harnessVersion);
      } catch (err) {
        // another schemaVersion: one sentence, not a failure for every later line
        throw (foreign = err);
      }
      header = validate(EpisodeHeaderSchema, value, file, lineNo);
      const newer = newerHarness(header.harnessVersion);
      if (newer) problems.push({ file, line: lineNo, message: newer });
      checkIndices(header.initiallySatisfied, header.conditions.length, file, lineNo, "initiallySatisfied");
    } else if (type === "step") {
      const step = validate(StepEventSchema, value, file, lineNo);
      // without a valid header (already reported) there is no condition count to check indices against
      if (header) checkIndices(step.satisfied, (header as EpisodeHeader).conditions.length, file, lineNo, "satisfied");
      const prev = steps.at(-1);
      if (prev && step.t <= prev.t) problems.push({ file, line: lineNo, message: `step t=${step.t} does not follow t=${prev.t}` });
      steps.push(step);
    } else if (type === "end") {
      end = validate(EndEventSchema, value, file, lineNo);
    } else {
      const what = type === "episode" ? "a second episode header" : `unknown line type ${JSON.stringify(type)}`;
      throw new InputError(file, `line ${lineNo}`, `${what}; after the header come "step" lines and one "end" line`);
    }
  };

  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i]!;
    const lineNo = i + 1;
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      if (i === unterminated) {
        truncated = true;
        problems.push({ file, line: lineNo, message: "incomplete last line ignored (the writer stopped mid-line)" });
        break;
      }
      fail(new InputError(file, jsonLineWhere(raw, err, lineNo), jsonErrorReason(err)));
      continue;
    }
    try {
      readLine(value, lineNo);
    } catch (err) {
      if (err === foreign || !(err instanceof InputError || err instanceof InputErrors)) throw err;
      fail(err);
    }
  }
  if (!headerSeen) {
    fail(new HeaderlessTrajectoryError(file, "line 1", truncated ? "the header line is incomplete (the writer stopped mid-line): nothing to read" : "empty trajectory: no episode header line"));
  }
  if (!end) {
    problems.push({ file, message: `no end line: the episode stopped after ${steps.length} step(s) (interrupted run); metrics cover those steps` });
  }
  return { header, steps, end, truncated, problems };
}

/** `line L, column C` of a JSON.parse failure on line `lineNo` (`line L` when the position is unknown). */
function jsonLineWhere(raw: string, err: unknown, lineNo: number): string {
  const at = jsonErrorLocation(raw, err, lineNo);
  const column = at === undefined ? undefined : at.split(":")[1];
  return column === undefined ? `line ${lineNo}` : `line ${lineNo}, column ${column}`;
}

/**
 * A same-schema trajectory from a newer major harness version still reads, but its meaning may
 * have shifted (say, a predicate's tolerance): worth a warning, not a failure.
 */
function newerHarness(writtenBy: string): string | null {
  const major = (v: string) => Number(/^(\d+)\./.exec(v)?.[1] ?? NaN);
  if (!(major(writtenBy) > major(HARNESS_VERSION))) return null;
  return `written by rearrange ${writtenBy}, newer than this rearrange ${HARNESS_VERSION}: read as schemaVersion ${TRAJECTORY_SCHEMA_VERSION}; upgrade if numbers look off`;
}

function validate<S extends z.ZodType>(schema: S, value: unknown, file: string, lineNo: number): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = zodProblems(file, parsed.error.issues, `line ${lineNo}, `);
  throw oneInputError(errors);
}

function checkIndices(indices: readonly number[], total: number, file: string, lineNo: number, field: string): void {
  const bad = indices.findIndex((i) => i >= total);
  if (bad >= 0) {
    throw new InputError(file, `line ${lineNo}, $.${field}[${bad}]`, `condition index ${indices[bad]} is out of range: the header lists ${total} condition(s)`);
  }
}

/** A run directory read back: results.json (when present) and every trajectory. */
export interface RunRead {
  dir: string;
  /** `<dir>/results.json`, or null when the run never wrote it (crash before the end). */
  results: ResultsFile | null;
  /**
   * Trajectories in the run's order, the one its results.json rows have: plan order (the suite's episodes
   * in file order, each with its repeats in turn; see {@link sortIntoRunOrder}). Scores summed in another
   * order could differ from results.json's in the last digit.
   */
  episodes: TrajectoryRead[];
  /**
   * Trajectory files without an episode header line (empty, or the header cut off): episodes the run was
   * interrupted in before their first line reached the disk. Not finished, not in `episodes`, each named in
   * `problems`; `run --resume` runs them again.
   */
  headerless: string[];
  /** Problems of the run and of its trajectories. */
  problems: ReadProblem[];
}

/**
 * Reads a run directory: `results.json` plus `episodes/*.jsonl`. A trajectory cut short by a crash is
 * read as far as it goes: without its end line (or with its last line cut off) it is an unfinished
 * episode, and without even its header line (an empty file) it is listed in `headerless`; either way a
 * problem names the file and the other episodes are read.
 * @throws InputError when `dir` is not a directory, a file is invalid, or two trajectories claim
 *   the same episode and repeat.
 */
export function readRun(dir: string): RunRead {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(dir, undefined, "not a run directory");
  const problems: ReadProblem[] = [];
  const resultsPath = path.join(dir, "results.json");
  const results = existsSync(resultsPath) ? readResultsFile(resultsPath) : null;
  if (!results) problems.push({ file: resultsPath, message: "missing: the run did not finish (metrics come from the trajectories)" });

  const episodesDir = path.join(dir, "episodes");
  const files = existsSync(episodesDir)
    ? readdirSync(episodesDir).filter((f) => f.endsWith(".jsonl")).sort()
    : [];
  if (files.length === 0) problems.push({ file: episodesDir, message: "no trajectory files (*.jsonl)" });

  const episodes: TrajectoryRead[] = [];
  const headerless: string[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    const file = path.join(episodesDir, f);
    let e: TrajectoryRead;
    try {
      e = readTrajectory(file);
    } catch (err) {
      if (!(err instanceof HeaderlessTrajectoryError)) throw err;
      headerless.push(file);
      problems.push({ file, line: 1, message: `${err.reason}: the episode was interrupted before its first line was written (interrupted run); it is not finished and is left out (run --resume runs it again)` });
      continue;
    }
    const key = `${e.header.episodeId}#${e.header.repeat}`;
    const other = seen.get(key);
    if (other) throw new InputError(e.file, "line 1", `episode "${e.header.episodeId}" repeat ${e.header.repeat} is also in ${other}`);
    seen.set(key, e.file);
    episodes.push(e);
    problems.push(...e.problems);
  }
  return { dir, results, episodes: inRunOrder(episodes, results, resultsPath, problems), headerless, problems };
}

/**
 * A run's trajectories in the order its results.json has (or would have) its rows: plan order, from the
 * suite file the run names (results.json `suite.path`, else `--suite` as the headers record it), reconciled
 * with results.json's own row order (see {@link sortIntoRunOrder}). A file listing gives no such order.
 */
function inRunOrder(episodes: TrajectoryRead[], results: ResultsFile | null, resultsPath: string, problems: ReadProblem[]): TrajectoryRead[] {
  if (episodes.length === 0) return episodes;
  const header = episodes[0]!.header;
  const suite = runSuiteIds({ path: results?.suite.path, spec: header.config.suite, id: results?.suite.id ?? header.suite });
  const listed = results ? results.episodes.map((r) => ({ id: r.id, repeat: r.repeat ?? 0 })) : null;
  if (!suite.ids && !listed) {
    problems.push({ file: resultsPath, message: `${suite.reason}: the run's episode order is unknown, so rows are in episode-id order (means may differ from the run's in the last digit)` });
  }
  return sortIntoRunOrder(episodes, (e) => ({ id: e.header.episodeId, repeat: e.header.repeat }), listed, suite.ids ? planOrder(suite.ids) : null);
}
