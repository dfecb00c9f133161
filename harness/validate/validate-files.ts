import { existsSync, readFileSync, statSync } from "node:fs";
import { InputError, InputErrors } from "../../sim/errors.ts";
import { formatWarning, parseProblem } from "../../sim/bddl/parser.ts";
import { readStructuredFile, validateWith } from "../../sim/files/read-structured.ts";
import { loadSceneFile, type LoadedScene } from "../../sim/scene/load.ts";
import { bindingProblems, sceneObjectIds } from "../../sim/task/binding.ts";
import { loadTaskFile, type LoadedTask } from "../../sim/task/load.ts";
import { problemsBeforeSampling } from "../../sim/sampler/index.ts";
import { SuiteSchema } from "../suite/schema.ts";
import { resolveRelative } from "../suite/load.ts";
import { readResultsFile } from "../metrics/results-file.ts";
import { trajectoryProblems } from "../trajectory/reader.ts";
import { listSourceFiles } from "../probes/datasets/source-files.ts";
import { funGraphFileProblems, funGraphKindOf, importSummaryProblems, probeFileProblems, probeKindByName, probeKindOf, probeResultsProblems, type FunGraphFileKind, type ProbeFileKind } from "./probe-files.ts";

export type FileKind = "scene" | "task" | "bddl" | "suite" | "results" | "trajectory" | ProbeFileKind | FunGraphFileKind | "import-summary" | "probe-results" | "unknown";

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
  if (/(^|[\\/])import\.json$/i.test(file)) return "import-summary";
  if (/\.jsonl$/i.test(file)) return "trajectory";
  return "unknown";
}

/**
 * Checks each file and collects every problem (never stops at the first file). A folder stands for the files
 * under it that validate knows by name or can tell by content (JSON, YAML, JSONL, BDDL): a run folder, an
 * import's output.
 */
export async function validateFiles(files: readonly string[]): Promise<FileReport[]> {
  const out: FileReport[] = [];
  for (const file of expandFolders(files, out)) {
    let kind = kindOf(file);
    const problems: string[] = [];
    const warnings: string[] = [];
    try {
      if (!existsSync(file)) throw new InputError(file, undefined, "no such file");
      if (kind === "unknown") kind = sniff(file);
      // a JSONL file is a trajectory unless its first line is a probe case, label or prediction (read once for both)
      const jsonl = kind === "trajectory" ? readText(file) : null;
      if (jsonl !== null) kind = probeKindOf(jsonl) ?? emptyProbeKind(file, jsonl, warnings) ?? kind;
      checkOne(file, kind, problems, warnings, jsonl);
    } catch (err) {
      problems.push(...messages(err));
    }
    out.push({ file, kind, ok: problems.length === 0, problems, warnings });
  }
  return out;
}

/** At most this many bad lines of one trajectory or probe file are listed; the rest are counted. */
export const TRAJECTORY_PROBLEM_LIMIT = 100;

/** An empty JSONL file the importers' names call a probe file: its kind, with a warning that it has nothing to score. */
function emptyProbeKind(file: string, text: string, warnings: string[]): ProbeFileKind | null {
  if (text.replace(/^\ufeff/, "").trim() !== "") return null;
  const kind = probeKindByName(file);
  if (kind) warnings.push(`${file}: no lines: an empty ${kind} file (nothing to score)`);
  return kind;
}

/** Checks one file of `kind`; `jsonl` is the text of a JSONL file, already read. */
function checkOne(file: string, kind: FileKind, problems: string[], warnings: string[], jsonl: string | null): void {
  switch (kind) {
    case "scene":
      loadSceneFile(file);
      return;
    case "task":
      // the schema, the BDDL text, its predicates and the bindings the task alone shows (sim/task/load.ts)
      loadTaskFile(file);
      return;
    case "bddl": {
      const problem = parseProblem(readText(file), file);
      for (const w of problem.warnings) warnings.push(formatWarning(file, w));
      // what `import bddl` refuses it for (predicates loadTaskFile, so `run`, checks too; objects no house can place)
      for (const e of problemsBeforeSampling(problem)) problems.push(e.message);
      return;
    }
    case "suite":
      checkSuite(file, problems);
      return;
    case "results":
      readResultsFile(file);
      return;
    case "trajectory": {
      const text = jsonl ?? readText(file);
      // one message, not the two the line checks give (no header line, and no end line after 0 steps)
      if (text.trim() === "") throw new InputError(file, undefined, "empty trajectory: no episode header line (nor, were it a probe file, any case, label or prediction)");
      const check = trajectoryProblems(text, file, TRAJECTORY_PROBLEM_LIMIT);
      for (const e of check.errors) problems.push(e.message);
      if (check.omitted > 0) problems.push(`${file}: … and ${check.omitted} more problem(s) not listed (the first ${TRAJECTORY_PROBLEM_LIMIT} are)`);
      for (const p of check.problems) problems.push(`${p.file}${p.line !== undefined ? `: line ${p.line}` : ""}: ${p.message}`);
      return;
    }
    case "import-summary":
      problems.push(...importSummaryProblems(file, readStructuredFile(file)));
      return;
    case "probe-results":
      problems.push(...probeResultsProblems(file, readStructuredFile(file)));
      return;
    case "fungraph-truth":
    case "fungraph-prediction":
      problems.push(...funGraphFileProblems(file, kind));
      return;
    case "ranking-cases":
    case "ranking-predictions":
    case "detection-cases":
    case "detection-labels":
    case "grounding-questions":
    case "grounding-predictions": {
      const found = probeFileProblems(file, jsonl ?? readText(file), kind);
      problems.push(...found.slice(0, TRAJECTORY_PROBLEM_LIMIT));
      if (found.length > TRAJECTORY_PROBLEM_LIMIT) problems.push(`${file}: … and ${found.length - TRAJECTORY_PROBLEM_LIMIT} more problem(s) not listed (the first ${TRAJECTORY_PROBLEM_LIMIT} are)`);
      return;
    }
    default:
      throw new InputError(file, undefined, "unknown file kind (expected *.scene.json, *.task.json, *.suite.json, *.bddl, results.json, import.json or *.jsonl: a trajectory or a probe file)");
  }
}

/**
 * A suite: its schema problems, and — whatever they are — the files its episodes name: each must exist and
 * be a valid scene or task, and each task must bind to its episode's scene (what `run` checks before it starts).
 * A referenced file's problems are listed once, under their own file name.
 */
function checkSuite(file: string, problems: string[]): void {
  const data = readStructuredFile(file);
  try {
    validateWith(SuiteSchema, data, file);
  } catch (err) {
    problems.push(...messages(err));
  }
  const episodes = (data as { episodes?: unknown } | null)?.episodes;
  if (!Array.isArray(episodes)) return;
  const seen = new Set(problems);
  const report = (msgs: string[]) => {
    for (const m of msgs) if (!seen.has(m)) (seen.add(m), problems.push(m));
  };
  const scenes = new Map<string, LoadedScene | null>();
  const tasks = new Map<string, LoadedTask | null>();
  const load = <T>(cache: Map<string, T | null>, p: string, loader: (p: string) => T): T | null => {
    if (!cache.has(p)) {
      try {
        cache.set(p, loader(p));
      } catch (err) {
        cache.set(p, null);
        report(messages(err));
      }
    }
    return cache.get(p)!;
  };
  episodes.forEach((e: unknown, i) => {
    const ref = (what: "scene" | "task") => {
      const name = (e as Record<string, unknown> | null)?.[what];
      if (typeof name !== "string" || name === "") return null; // a schema problem, reported above
      const p = resolveRelative(file, name);
      if (existsSync(p)) return p;
      problems.push(`${file}: $.episodes[${i}].${what}: ${what} file ${p} does not exist`);
      return null;
    };
    const scenePath = ref("scene");
    const taskPath = ref("task");
    const scene = scenePath === null ? null : load(scenes, scenePath, loadSceneFile);
    const task = taskPath === null ? null : load(tasks, taskPath, loadTaskFile);
    if (!scene || !task) return;
    const ids = sceneObjectIds(scene.scene);
    report(bindingProblems(task.problem, task.task.bindings, task.path, (id) => ids.has(id), scene.path).map((p) => p.message));
  });
}

/** The files to check: `files` with each folder replaced by the checkable files under it, in name order. */
function expandFolders(files: readonly string[], out: FileReport[]): string[] {
  const list: string[] = [];
  for (const file of files) {
    if (!isFolder(file)) {
      list.push(file);
      continue;
    }
    const found = listSourceFiles(file).filter((f) => kindOf(f) !== "unknown" || CONTENT_KINDS.test(f));
    if (found.length === 0) out.push({ file, kind: "unknown", ok: false, problems: [`${file}: a folder with no file to check (scene, task, suite, BDDL, results, trajectory or probe files)`], warnings: [] });
    list.push(...found);
  }
  return list;
}

/** Files whose kind is told by their content. */
const CONTENT_KINDS = /\.(json|ya?ml|jsonl|bddl)$/i;

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
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
    if (data && typeof data.probe === "string" && "summary" in data) return "probe-results";
    if (data && typeof data.out === "string" && Array.isArray(data.files)) return "import-summary";
    const funGraph = funGraphKindOf(data);
    if (funGraph) return funGraph;
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
