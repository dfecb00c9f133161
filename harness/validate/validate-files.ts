import { existsSync, readFileSync } from "node:fs";
import { InputError, InputErrors } from "../../sim/errors.ts";
import { formatWarning, parseProblem } from "../../sim/bddl/parser.ts";
import { readStructuredFile, validateWith } from "../../sim/files/read-structured.ts";
import { loadSceneFile } from "../../sim/scene/load.ts";
import { loadTaskFile } from "../../sim/task/load.ts";
import { SuiteSchema } from "../suite/schema.ts";
import { resolveRelative } from "../suite/load.ts";
import { readResultsFile } from "../metrics/results-file.ts";
import { formatProblem, readTrajectory } from "../trajectory/reader.ts";

export type FileKind = "scene" | "task" | "bddl" | "suite" | "results" | "trajectory" | "unknown";

export interface FileReport {
  file: string;
  kind: FileKind;
  ok: boolean;
  /** Each problem as `file: place: reason`. */
  problems: string[];
  /** What was accepted but should be fixed, as `file: place: what` (a stray token in a BDDL file). */
  warnings: string[];
}

/** What kind of file this is, from its name (then its content). */
export function kindOf(file: string): FileKind {
  if (/\.scene\.(json|ya?ml)$/i.test(file)) return "scene";
  if (/\.task\.(json|ya?ml)$/i.test(file)) return "task";
  if (/\.bddl$/i.test(file)) return "bddl";
  if (/\.suite\.(json|ya?ml)$/i.test(file)) return "suite";
  if (/results\.json$/i.test(file)) return "results";
  if (/\.jsonl$/i.test(file)) return "trajectory";
  return "unknown";
}

/** Checks each file and collects every problem (never stops at the first file). */
export async function validateFiles(files: readonly string[]): Promise<FileReport[]> {
  const out: FileReport[] = [];
  for (const file of files) {
    let kind = kindOf(file);
    const problems: string[] = [];
    const warnings: string[] = [];
    try {
      if (!existsSync(file)) throw new InputError(file, undefined, "no such file");
      if (kind === "unknown") kind = sniff(file);
      checkOne(file, kind, problems, warnings);
    } catch (err) {
      problems.push(...messages(err));
    }
    out.push({ file, kind, ok: problems.length === 0, problems, warnings });
  }
  return out;
}

function checkOne(file: string, kind: FileKind, problems: string[], warnings: string[]): void {
  switch (kind) {
    case "scene":
      loadSceneFile(file);
      return;
    case "task":
      loadTaskFile(file);
      return;
    case "bddl":
      for (const w of parseProblem(readFileSync(file, "utf8"), file).warnings) warnings.push(formatWarning(file, w));
      return;
    case "suite": {
      const suite = validateWith(SuiteSchema, readStructuredFile(file), file);
      suite.episodes.forEach((e, i) => {
        for (const what of ["scene", "task"] as const) {
          const p = resolveRelative(file, e[what]);
          if (!existsSync(p)) problems.push(`${file}: $.episodes[${i}].${what}: ${what} file ${p} does not exist`);
        }
      });
      return;
    }
    case "results":
      readResultsFile(file);
      return;
    case "trajectory": {
      const t = readTrajectory(file);
      for (const p of t.problems) problems.push(formatProblem(p));
      return;
    }
    default:
      throw new InputError(file, undefined, "unknown file kind (expected *.scene.json, *.task.json, *.suite.json, *.bddl, results.json or *.jsonl)");
  }
}

function sniff(file: string): FileKind {
  const text = readFileSync(file, "utf8").trimStart();
  if (text.startsWith("(")) return "bddl";
  try {
    const data = readStructuredFile(file) as Record<string, unknown>;
    if (data && Array.isArray(data.rooms)) return "scene";
    if (data && Array.isArray(data.episodes) && "metrics" in data) return "results";
    if (data && Array.isArray(data.episodes)) return "suite";
    if (data && ("bddl" in data || "bddlFile" in data)) return "task";
  } catch {
    /* reported by the kind-specific check */
  }
  return "unknown";
}

function messages(err: unknown): string[] {
  if (err instanceof InputErrors) return err.problems.map((p) => p.message);
  if (err instanceof InputError) return [err.message];
  throw err;
}
