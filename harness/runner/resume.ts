import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { formatJsonPath, InputError } from "../../sim/errors.ts";
import { getLogger } from "../logger.ts";
import { parseJsonText } from "../metrics/json-text.ts";
import { finishedRow } from "../metrics/results-row.ts";
import type { ResultsRow } from "../metrics/results-schema.ts";
import { rowKey } from "../reporters/results-writer.ts";
import { trajectoryFileName } from "../reporters/trajectory-writer.ts";
import { lineNumberAt, readEdgeLines, type EdgeLine, type EdgeLines } from "../trajectory/edge-lines.ts";
import { TRAJECTORY_SCHEMA_VERSION } from "../trajectory/events.ts";
import { EndEventSchema, EpisodeHeaderSchema } from "../trajectory/schema.ts";
import type { PlannedEpisode } from "./plan.ts";
import type { RunConfig } from "./run-events.ts";

/**
 * Rows of the planned episodes an earlier run in `--out` finished, in plan order. A finished episode
 * is one whose trajectory ends with its end line: the trajectory is the durable record (written as the
 * episode happens), while results.json is rewritten at most once a second during a run and so may miss
 * the last episodes before a crash. An episode's row is the one in results.json when it lists it (as
 * before), else the row rebuilt from the trajectory's header and end line — the very row the runner
 * builds ({@link finishedRow}), so the final results.json is the one an uninterrupted run writes.
 * Everything else (an episode cut off mid-way, a trajectory that cannot be read back or belongs to
 * another run) is rerun from its start; a damaged one is named in a warning.
 *
 * Refuses to mix runs: the earlier run must have the same run id (suite, agent, agent options, seed,
 * budgets, repeat) and the same episode selection and shard. Without results.json (the run never
 * began: it is written before any episode) nothing is resumed.
 *
 * @throws InputError when results.json cannot be read, is not JSON (naming its line:column) or belongs to another run
 */
export function readFinishedRows(options: RunConfig, runId: string, planned: readonly PlannedEpisode[]): ResultsRow[] {
  const file = path.join(options.out, "results.json");
  if (!existsSync(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot resume: cannot read results.json: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let prior: { runId?: unknown; config?: Record<string, unknown>; episodes?: unknown } | null;
  try {
    // the JSON reading `compare`, `merge` and `rescore` use: a syntax error names its line:column
    prior = parseJsonText(text, file) as typeof prior;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    throw new InputError(file, err.where, `cannot resume: results.json is ${err.reason}`);
  }
  if (prior === null || typeof prior !== "object" || Array.isArray(prior)) {
    throw new InputError(file, "$", "cannot resume: results.json is not a JSON object");
  }
  if (prior.runId !== runId) {
    throw new InputError(file, "$.runId", `cannot resume: this folder holds run ${JSON.stringify(prior.runId)}, but these options make run "${runId}" (suite, agent, agent options, seed, max steps, step timeout or repeat differ); give the original options or another --out`);
  }
  for (const field of ["episodes", "shard"] as const) {
    const before = JSON.stringify(prior.config?.[field] ?? null);
    const now = JSON.stringify(options[field] ?? null);
    if (before !== now) throw new InputError(file, `$.config.${field}`, `cannot resume: the run used --${field} ${before}, this command ${now}; give the same --${field}`);
  }
  const listed = new Map<string, ResultsRow>();
  for (const r of Array.isArray(prior.episodes) ? (prior.episodes as ResultsRow[]) : []) listed.set(rowKey(r), r);
  const rows: ResultsRow[] = [];
  for (const p of planned) {
    const traj = path.join(options.out, "episodes", trajectoryFileName(p.key));
    if (!existsSync(traj)) continue;
    let edges: EdgeLines;
    try {
      edges = readEdgeLines(traj);
    } catch (err) {
      rerun(traj, undefined, `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      continue;
    }
    // an episode interrupted mid-way: its file ends without the end line (or mid-line)
    if (!edges.last?.text.startsWith('{"type":"end"')) continue;
    const row = listed.get(p.key) ?? rowFromTrajectory(traj, edges.first!, edges.last, p, runId);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * The row of an episode whose trajectory ends with an end line, rebuilt from its header (id, repeat,
 * seed) and end line (metrics, reason, error); null, with a warning, when either line cannot be read
 * back or the header is not this run's planned episode (a file left from another run in this folder).
 */
function rowFromTrajectory(file: string, first: EdgeLine, last: EdgeLine, p: PlannedEpisode, runId: string): ResultsRow | null {
  const header = parseLine(file, first, EpisodeHeaderSchema);
  if (!header) return null;
  const line = () => lineNumberAt(file, first.offset);
  if (header.schemaVersion !== TRAJECTORY_SCHEMA_VERSION) return rerun(file, line(), `trajectory schemaVersion ${header.schemaVersion}, this harness writes ${TRAJECTORY_SCHEMA_VERSION}`);
  if (header.runId !== runId) return rerun(file, line(), `written by run "${header.runId}", not this run "${runId}"`);
  const expected = { episodeId: p.spec.id, repeat: p.repeat, seed: p.seed, maxSteps: p.maxSteps };
  for (const [field, value] of Object.entries(expected)) {
    const found = header[field as keyof typeof expected];
    if (found !== value) return rerun(file, line(), `header ${field} ${JSON.stringify(found)}, but the planned episode ${p.key} has ${JSON.stringify(value)}`);
  }
  const end = parseLine(file, last, EndEventSchema);
  if (!end) return null;
  return finishedRow({ id: header.episodeId, repeat: header.repeat, seed: header.seed }, end);
}

/**
 * A line parsed and checked against its schema, or null (with a warning naming file and line). The
 * value returned is the parsed JSON itself, not the schema's output: its keys keep the order the
 * writer gave them, so the rebuilt row serialises to the same bytes as the runner's.
 */
function parseLine<S extends z.ZodType>(file: string, line: EdgeLine, schema: S): z.infer<S> | null {
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (err) {
    return rerun(file, lineNumberAt(file, line.offset), `not valid JSON (${(err as Error).message})`);
  }
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return rerun(file, lineNumberAt(file, line.offset), `${formatJsonPath(issue.path)}: ${issue.message}`);
  }
  return value as z.infer<S>;
}

/** Warns that a trajectory that looked finished cannot be kept; its episode runs again (and overwrites it). */
function rerun(file: string, line: number | undefined, reason: string): null {
  getLogger().warn(`${file}${line !== undefined ? `:${line}` : ""}: ${reason}; --resume runs this episode again`);
  return null;
}
