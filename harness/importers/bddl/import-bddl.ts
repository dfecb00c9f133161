/**
 * `rearrange import bddl SRC --out DIR [--instructions FILE] [--seeds N] [--seed S]`: BEHAVIOR activity
 * files → a runnable suite. SRC is one `problemN.bddl` or a folder tree of `<activity>/problemN.bddl`.
 * For every activity and each of N seeds (S, S+1, …) it samples a house (sim/sampler) and writes
 *   scenes/<problem>-s<seed>.scene.json   the sampled house
 *   tasks/<problem>-s<seed>.task.json     instruction, the BDDL text and how its instances bind to the house
 *   <name>.suite.json                     one episode per activity and seed (name: --name, else DIR's name)
 *   import.json                           this summary
 * Instructions come from FILE (keyed by activity name; `SRC/instructions.json` is used when present),
 * else are made from the activity name. An activity using a predicate the simulator does not support, with
 * objects no house can place, or whose initial facts no sampled house satisfies, is skipped with the reason —
 * never written wrong.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BddlProblem } from "../../../sim/bddl/ast.ts";
import { expandGoalConditions, declaredInstancesOf } from "../../../sim/bddl/conditions.ts";
import { formatWarning, parseProblem } from "../../../sim/bddl/parser.ts";
import { InputError } from "../../../sim/errors.ts";
import { problemsBeforeSampling, sampleScene, SamplingError } from "../../../sim/sampler/index.ts";
import { TaskSchema, type TaskFile } from "../../../sim/task/schema.ts";
import { SuiteSchema, type EpisodeSpec } from "../../suite/schema.ts";
import type { ImportOptions, ImportSummary } from "../index.ts";
import { findProblemFiles, type ProblemSource } from "./discover.ts";
import { instructionFor, instructionsBeside, loadInstructions, type Instructions } from "./instructions.ts";
import { makeDirectory } from "../../../sim/files/make-directory.ts";

/** Options of the BDDL importer beyond {@link ImportOptions}. */
export interface BddlImportOptions extends ImportOptions {
  /** Instructions JSON file. */
  instructions?: string;
  /** Sampled houses (episodes) per activity; default 1. */
  seeds?: number;
  /** Suite id and file name; default the output folder's name. */
  name?: string;
}

/** Imports BEHAVIOR activities (see module comment). */
export async function importBddl(src: string, options: BddlImportOptions): Promise<ImportSummary> {
  const out = options.out;
  const seeds = options.seeds ?? 1;
  const seed0 = options.seed ?? 0;
  if (!Number.isInteger(seeds) || seeds < 1) throw new InputError("--seeds", undefined, `expected a positive whole number, got ${seeds}`);
  const sources = findProblemFiles(src);
  const instructionsFile = options.instructions ?? instructionsBeside(src);
  const instructions: Instructions = instructionsFile ? loadInstructions(instructionsFile) : new Map();
  const name = options.name ?? (path.basename(path.resolve(out)).replace(/[^A-Za-z0-9_.:@+-]/g, "_") || "bddl");
  const summary: ImportSummary = { format: "bddl", source: src, out, files: [], skipped: [], notes: [] };
  makeDirectory(path.join(out, "scenes"));
  makeDirectory(path.join(out, "tasks"));

  const episodes: EpisodeSpec[] = [];
  const taken = new Set<string>();
  const imported = new Set<string>();
  let madeUp = 0;
  const warnings: string[] = [];
  for (const { file, activity } of sources) {
    let problem: BddlProblem;
    try {
      problem = parseProblem(readFileSync(file, "utf8"), file);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      summary.skipped.push({ file, ...(err.where ? { where: err.where } : {}), reason: err.reason });
      continue;
    }
    for (const w of problem.warnings) warnings.push(`warning: ${formatWarning(file, w)}`);
    // unsupported predicates, else objects no house can place: refused once for the file, every problem with its
    // place, not once per seed
    const refused = problemsBeforeSampling(problem);
    if (refused.length > 0) {
      for (const u of refused) summary.skipped.push({ file, where: u.where, reason: u.reason });
      continue;
    }
    const instruction = instructionFor(activity, problem.name, instructions);
    if (!instruction.fromFile) madeUp++;
    const taskId = unique(safeId(problem.name), taken);
    const extras = new Set<string>();
    for (let k = 0; k < seeds; k++) {
      const seed = seed0 + k;
      const episodeId = `${taskId}-s${seed}`;
      let sampled;
      try {
        // placement was checked above, once for every seed
        sampled = sampleScene(problem, { seed, sceneId: episodeId, precheck: false });
      } catch (err) {
        if (!(err instanceof SamplingError)) throw err;
        summary.skipped.push({ file, reason: `seed ${seed}: ${err.message}` });
        continue;
      }
      const scenePath = `scenes/${episodeId}.scene.json`;
      const taskPath = `tasks/${episodeId}.task.json`;
      writeJson(path.join(out, scenePath), sampled.scene);
      writeJson(path.join(out, taskPath), taskFile(problem, taskId, activity, instruction.text, readFileSync(file, "utf8"), sampled.bindings));
      episodes.push({ id: episodeId, scene: scenePath, task: taskPath, seed, maxSteps: stepBudget(problem) });
      for (const e of sampled.extras) if (e.origin === "provider") extras.add(e.category);
      imported.add(file);
    }
    if (extras.size) summary.notes.push(`${activity}: added ${[...extras].sort().join(", ")} (the goal needs it under the state rules and the activity declares none)`);
  }

  const suite = SuiteSchema.parse({
    schemaVersion: 1,
    id: name,
    description: `BEHAVIOR activities imported from ${src} (${seeds} sampled house${seeds === 1 ? "" : "s"} each, seeds from ${seed0})`,
    episodes,
  });
  const suitePath = path.join(out, `${name}.suite.json`);
  writeJson(suitePath, suite);
  summary.files.push(
    { path: suitePath, what: "suite: one episode per activity and seed", count: episodes.length },
    { path: path.join(out, "scenes"), what: "sampled houses (*.scene.json)", count: episodes.length },
    { path: path.join(out, "tasks"), what: "tasks: instruction, BDDL and bindings (*.task.json)", count: episodes.length },
    { path: path.join(out, "import.json"), what: "this summary", count: 1 },
  );
  summary.notes.unshift(
    coverageNote(sources, imported, summary.skipped.map((s) => s.file), episodes.length),
    instructionsFile
      ? `instructions: from ${instructionsFile}${madeUp ? `; ${madeUp} activities missing there got one made from their name` : ""}`
      : "instructions: made from the activity names (no instructions file)",
  );
  summary.notes.push(...warnings);
  writeJson(path.join(out, "import.json"), summary);
  return summary;
}

/**
 * The task file of one sampled episode: the problem text inline, so the suite folder stands alone. `id` is the
 * problem's name made unique among the import's files (two files may name the same problem): a task's id
 * names it in results and seeds its episodes' draws.
 */
function taskFile(problem: BddlProblem, id: string, activity: string, instruction: string, bddl: string, bindings: Record<string, string | string[]>): TaskFile {
  return TaskSchema.parse({
    schemaVersion: 1,
    id,
    instruction,
    bddl,
    bindings,
    family: "behavior",
    tags: ["behavior", activity, problem.domain],
  });
}

/**
 * A generous step budget: a searching agent needs about ten steps per object it moves (explore, walk,
 * open, pick, walk, place) and a few per goal condition.
 */
export function stepBudget(problem: BddlProblem): number {
  const objects = [...problem.objects.values()].filter((c) => c !== "agent.n.01" && c !== "floor.n.01").length;
  const conditions = expandGoalConditions(problem, declaredInstancesOf(problem)).length;
  return 100 + 15 * objects + 10 * conditions;
}

/**
 * `coverage: A of B activities imported, C skipped; E episodes`. It counts problem files, and calls them
 * activities only when each is its own activity's: a folder may hold several problems of one activity
 * (problem0, problem1, …), or a flat folder many activities' files.
 */
function coverageNote(sources: readonly ProblemSource[], imported: ReadonlySet<string>, skippedFiles: readonly string[], episodes: number): string {
  const unit = new Set(sources.map((s) => s.activity)).size === sources.length ? "activities" : "problem files";
  const skipped = new Set(skippedFiles.filter((f) => !imported.has(f))).size;
  return `coverage: ${imported.size} of ${sources.length} ${unit} imported, ${skipped} skipped; ${episodes} episodes`;
}

function safeId(name: string): string {
  return name.replace(/[^A-Za-z0-9_.:@+-]/g, "_") || "activity";
}

function unique(id: string, taken: Set<string>): string {
  let out = id;
  for (let k = 2; taken.has(out); k++) out = `${id}_${k}`;
  taken.add(out);
  return out;
}

function writeJson(file: string, data: unknown): void {
  makeDirectory(path.dirname(file));
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
