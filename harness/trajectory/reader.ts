import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { InputError, InputErrors } from "../../sim/errors.ts";
import type { EpisodeRecord } from "../metrics/episode-metrics.ts";
import { jsonErrorLocation, jsonErrorReason } from "../metrics/json-text.ts";
import { checkSchemaVersion, readResultsFile, zodProblems } from "../metrics/results-file.ts";
import type { ResultsFile } from "../metrics/results-schema.ts";
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
  const segments = text.split("\n");
  // The text after the last newline is an unterminated line: empty for a cleanly written file.
  const unterminated = segments.length - 1;
  const problems: ReadProblem[] = [];
  let truncated = false;
  let header: EpisodeHeader | null = null;
  const steps: StepEvent[] = [];
  let end: EndEvent | null = null;

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
      throw new InputError(file, jsonErrorLocation(raw, err, lineNo) ?? `line ${lineNo}`, jsonErrorReason(err));
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (end) throw new InputError(file, `line ${lineNo}`, "nothing may follow the end line");
    if (!header) {
      if (type !== "episode") throw new InputError(file, `line ${lineNo}`, `the first line must be the episode header ({"type":"episode",…}), found type ${JSON.stringify(type)}`);
      const v = value as Record<string, unknown>;
      checkSchemaVersion(file, `line ${lineNo}`, "trajectory", v.schemaVersion, TRAJECTORY_SCHEMA_VERSION, v.harnessVersion);
      header = validate(EpisodeHeaderSchema, value, file, lineNo);
      const newer = newerHarness(header.harnessVersion);
      if (newer) problems.push({ file, line: lineNo, message: newer });
      checkIndices(header.initiallySatisfied, header.conditions.length, file, lineNo, "initiallySatisfied");
    } else if (type === "step") {
      const step = validate(StepEventSchema, value, file, lineNo);
      checkIndices(step.satisfied, header.conditions.length, file, lineNo, "satisfied");
      const prev = steps.at(-1);
      if (prev && step.t <= prev.t) problems.push({ file, line: lineNo, message: `step t=${step.t} does not follow t=${prev.t}` });
      steps.push(step);
    } else if (type === "end") {
      end = validate(EndEventSchema, value, file, lineNo);
    } else {
      const what = type === "episode" ? "a second episode header" : `unknown line type ${JSON.stringify(type)}`;
      throw new InputError(file, `line ${lineNo}`, `${what}; after the header come "step" lines and one "end" line`);
    }
  }
  if (!header) {
    throw new InputError(file, "line 1", truncated ? "the header line is incomplete (the writer stopped mid-line): nothing to read" : "empty trajectory: no episode header line");
  }
  if (!end) {
    problems.push({ file, message: `no end line: the episode stopped after ${steps.length} step(s) (interrupted run); metrics cover those steps` });
  }
  return { file, header, steps, end, truncated, problems };
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
  throw errors.length === 1 ? errors[0]! : new InputErrors(errors);
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
  /** Trajectories ordered by episode id, then repeat. */
  episodes: TrajectoryRead[];
  /** Problems of the run and of its trajectories. */
  problems: ReadProblem[];
}

/**
 * Reads a run directory: `results.json` plus `episodes/*.jsonl`.
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

  const episodes = files.map((f) => readTrajectory(path.join(episodesDir, f)));
  const seen = new Map<string, string>();
  for (const e of episodes) {
    const key = `${e.header.episodeId}#${e.header.repeat}`;
    const other = seen.get(key);
    if (other) throw new InputError(e.file, "line 1", `episode "${e.header.episodeId}" repeat ${e.header.repeat} is also in ${other}`);
    seen.set(key, e.file);
    problems.push(...e.problems);
  }
  episodes.sort((a, b) => compareIds(a.header.episodeId, b.header.episodeId) || a.header.repeat - b.header.repeat);
  return { dir, results, episodes, problems };
}

/** Plain code-unit order: stable across machines and locales. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
