/**
 * `rearrange validate` on the files of the side probes and of `rearrange import` (SPEC §7): JSONL case,
 * label and prediction files, checked line by line against the schemas the probes read them with, and an
 * import's `import.json`, checked against the files it lists.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { PROBE_RESULTS_SCHEMA_VERSION } from "../probes/report/results-file.ts";
import { PROBE_KINDS } from "../probes/types.ts";
import { indexRows } from "../probes/io/join.ts";
import { parseJsonl } from "../probes/io/jsonl.ts";
import type { SkippedLine } from "../probes/types.ts";
import { readJsonFile } from "../probes/fungraph/files.ts";
import {
  DetectionCaseSchema,
  FunGraphSchema,
  FunGraphTruthSchema,
  DetectionLabelSchema,
  GroundingPredictionSchema,
  GroundingTruthSchema,
  RankingCaseSchema,
  RankingPredictionSchema,
} from "../probes/io/schemas.ts";

/** The probe JSONL files, by what a line holds. */
export type ProbeFileKind = "ranking-cases" | "ranking-predictions" | "detection-cases" | "detection-labels" | "grounding-questions" | "grounding-predictions";

interface ProbeFileShape {
  schema: z.ZodType;
  /** What joins a line to its counterpart (ground truth to prediction): it must be unique in the file. */
  key: (value: never) => string;
  /** True when a line of this kind looks like `v` (its telling keys), before any schema check. */
  looksLike: (v: Record<string, unknown>) => boolean;
}

const byId = (v: { id: string }) => v.id;
const byQuestion = (v: { question: string }) => v.question;

/** In the order they are tried: the first whose telling keys a line has decides the file's kind. */
const SHAPES: Record<ProbeFileKind, ProbeFileShape> = {
  "ranking-cases": { schema: RankingCaseSchema, key: byId, looksLike: (v) => "candidates" in v || "relevance" in v },
  "ranking-predictions": { schema: RankingPredictionSchema, key: byId, looksLike: (v) => "ranking" in v },
  "detection-cases": { schema: DetectionCaseSchema, key: byId, looksLike: (v) => Array.isArray(v.objects) },
  "detection-labels": { schema: DetectionLabelSchema, key: byId, looksLike: (v) => "misplaced" in v },
  "grounding-questions": { schema: GroundingTruthSchema, key: byQuestion, looksLike: (v) => "question" in v && ("object_list" in v || "answer" in v) },
  "grounding-predictions": { schema: GroundingPredictionSchema, key: byQuestion, looksLike: (v) => "question" in v && "prediction" in v },
};

/** Line types of a trajectory: a file whose first line is one of these is a trajectory. */
const TRAJECTORY_LINE_TYPES = new Set(["episode", "step", "end"]);

/**
 * The probe file kind of JSONL `text` from its first JSON line, or null when it is a trajectory or nothing
 * the probes read (then the trajectory check reports what is wrong with it).
 */
export function probeKindOf(text: string): ProbeFileKind | null {
  for (const raw of text.replace(/^\ufeff/, "").split(/\r?\n/)) {
    if (raw.trim() === "") continue;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
    if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
    const line = v as Record<string, unknown>;
    if (typeof line.type === "string" && TRAJECTORY_LINE_TYPES.has(line.type)) return null;
    for (const [kind, shape] of Object.entries(SHAPES) as Array<[ProbeFileKind, ProbeFileShape]>) if (shape.looksLike(line)) return kind;
    return null;
  }
  return null;
}

/**
 * The probe kind the importers' file names say (`ranking.<split>.jsonl`, `detection.cases.jsonl`,
 * `detection.gt.jsonl`, `grounding/<scene>.gt.jsonl`), for a file with no line to tell it by: an import can
 * write an empty one (a split with no objects, no seen placements), and that is no broken trajectory.
 */
export function probeKindByName(file: string): ProbeFileKind | null {
  const base = path.basename(file).toLowerCase();
  if (/^ranking\.[^.]+\.jsonl$/.test(base)) return "ranking-cases";
  if (base === "detection.cases.jsonl") return "detection-cases";
  if (base === "detection.gt.jsonl") return "detection-labels";
  if (path.basename(path.dirname(path.resolve(file))) === "grounding" && base.endsWith(".gt.jsonl")) return "grounding-questions";
  return null;
}

/**
 * Every problem of a probe file: lines that are not JSON or do not fit the kind's schema, and keys (case ids,
 * grounding questions) that occur more than once — a scorer would take the first and ignore the others.
 * Returns `file: line N: reason` messages.
 */
export function probeFileProblems(file: string, text: string, kind: ProbeFileKind): string[] {
  const shape = SHAPES[kind];
  const read = parseJsonl(text, file, shape.schema);
  const dup = indexRows(read.rows as Array<{ line: number; value: never }>, shape.key, file);
  return [...read.skipped, ...dup.skipped].sort((a, b) => a.line - b.line).map(lineProblem);
}

/** A skipped line as validate reports a problem: `file: line N: reason`. */
function lineProblem(s: SkippedLine): string {
  return `${s.file}: line ${s.line}: ${s.reason}`;
}

/**
 * A summary of written files (`import.json` of `rearrange import`, `cases.json` of `rearrange probe cases`): every
 * file it lists must be there — with as many lines as it says, for JSONL files. A folder moved as a whole still checks: a
 * listed path under the summary's `out` is looked for under the summary's own folder.
 */
export function importSummaryProblems(file: string, data: unknown): string[] {
  const s = data as { out?: unknown; files?: unknown } | null;
  if (typeof s !== "object" || s === null || !Array.isArray(s.files)) {
    return [`${file}: not a summary of written files (expected {source, out, files: [{path, what, count}], …}, as rearrange import and probe cases write)`];
  }
  const problems: string[] = [];
  const here = path.dirname(path.resolve(file));
  const out = typeof s.out === "string" ? path.resolve(s.out) : here;
  s.files.forEach((f: unknown, i) => {
    const entry = f as { path?: unknown; count?: unknown } | null;
    if (typeof entry?.path !== "string") {
      problems.push(`${file}: $.files[${i}].path: expected the path of a written file`);
      return;
    }
    const listed = path.resolve(here, entry.path);
    const moved = path.join(here, path.relative(out, listed));
    const at = existsSync(listed) ? listed : existsSync(moved) ? moved : null;
    if (!at) {
      problems.push(`${file}: $.files[${i}].path: ${entry.path} does not exist`);
      return;
    }
    if (!at.endsWith(".jsonl") || typeof entry.count !== "number") return;
    const lines = readFileSync(at, "utf8").split(/\r?\n/).filter((l) => l.trim() !== "").length;
    if (lines !== entry.count) problems.push(`${file}: $.files[${i}].count: the summary says ${entry.count} line(s), ${at} holds ${lines}`);
  });
  return problems;
}

/**
 * A probe's results file (`rearrange probe … --out`): the schema version this harness writes, a known probe, its
 * mode, and a summary; in agent mode, the predictions file beside it is checked as a probe file of its own.
 */
export function probeResultsProblems(file: string, data: unknown): string[] {
  const r = data as { schemaVersion?: unknown; probe?: unknown; mode?: unknown; summary?: unknown };
  const problems: string[] = [];
  if (r.schemaVersion !== PROBE_RESULTS_SCHEMA_VERSION) problems.push(`${file}: $.schemaVersion: expected ${PROBE_RESULTS_SCHEMA_VERSION}, found ${JSON.stringify(r.schemaVersion)}`);
  if (!(PROBE_KINDS as readonly unknown[]).includes(r.probe)) problems.push(`${file}: $.probe: expected one of ${PROBE_KINDS.join(", ")}, found ${JSON.stringify(r.probe)}`);
  if (r.mode !== "offline" && r.mode !== "agent") problems.push(`${file}: $.mode: expected "offline" or "agent", found ${JSON.stringify(r.mode)}`);
  if (typeof r.summary !== "object" || r.summary === null) problems.push(`${file}: $.summary: expected the probe's summary (an object)`);
  return problems;
}

/** The functional scene graph files (JSON, one scene each): ground truth and predictions. */
export type FunGraphFileKind = "fungraph-truth" | "fungraph-prediction";

/** The fungraph kind of parsed JSON `data` from its keys, or null. */
export function funGraphKindOf(data: unknown): FunGraphFileKind | null {
  const v = data as { annotations?: unknown; nodes?: unknown } | null;
  if (v && Array.isArray(v.annotations)) return "fungraph-truth";
  if (v && Array.isArray(v.nodes)) return "fungraph-prediction";
  return null;
}

/**
 * A functional scene graph file: its schema (as `rearrange probe fungraph` reads it), ids that occur twice, and
 * relations (edges) that name an id no annotation (node) has — a scorer could match them to nothing.
 */
export function funGraphFileProblems(file: string, kind: FunGraphFileKind): string[] {
  const truth = kind === "fungraph-truth";
  const read = readJsonFile(file, truth ? FunGraphTruthSchema : FunGraphSchema);
  if ("skipped" in read) return [lineProblem(read.skipped)];
  const problems: string[] = [];
  const items: Array<{ id: string | number }> = truth
    ? (read.value as z.infer<typeof FunGraphTruthSchema>).annotations.map((a) => ({ id: a.annot_id }))
    : (read.value as z.infer<typeof FunGraphSchema>).nodes;
  const list = truth ? "annotations" : "nodes";
  const field = truth ? "annot_id" : "id";
  const ids = new Map<string, number>();
  items.forEach((it, i) => {
    const id = String(it.id);
    const first = ids.get(id);
    if (first !== undefined) problems.push(`${file}: $.${list}[${i}].${field}: ${JSON.stringify(id)} again (first at $.${list}[${first}])`);
    else ids.set(id, i);
  });
  const links: Array<[string | number, string | number]> = truth
    ? (read.value as z.infer<typeof FunGraphTruthSchema>).relations.map((r) => [r.first_node_annot_id, r.second_node_annot_id])
    : (read.value as z.infer<typeof FunGraphSchema>).edges.map((e) => [e.element, e.object]);
  const ends = truth ? ["first_node_annot_id", "second_node_annot_id"] : ["element", "object"];
  links.forEach((pair, i) =>
    pair.forEach((id, k) => {
      if (!ids.has(String(id))) problems.push(`${file}: $.${truth ? "relations" : "edges"}[${i}].${ends[k]}: ${JSON.stringify(id)} is none of the ${list}' ${field}s`);
    }),
  );
  return problems;
}
