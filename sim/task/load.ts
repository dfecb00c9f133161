import { readFileSync } from "node:fs";
import path from "node:path";
import { parseProblem } from "../bddl/parser.ts";
import type { BddlProblem } from "../bddl/ast.ts";
import { InputError, oneInputError } from "../errors.ts";
import { parseStructuredText, validateWith } from "../files/read-structured.ts";
import { readTextFile } from "../files/read-text.ts";
import { contentHash } from "../scene/load.ts";
import { bindingProblems } from "./binding.ts";
import { predicateProblems } from "./predicate-check.ts";
import { TaskSchema, type TaskFile } from "./schema.ts";

/** A task file as loaded: validated content, its parsed BDDL problem and the content hash trajectories record. */
export interface LoadedTask {
  path: string;
  hash: string;
  task: TaskFile;
  problem: BddlProblem;
}

/**
 * Loads a `*.task.json|yaml` file, or a bare BEHAVIOR `problemN.bddl` (then the instruction is the
 * activity name and bindings must be supplied by an importer).
 *
 * Besides the schema and the BDDL syntax it checks what the task alone shows: every predicate is one the
 * simulator evaluates, with operands of the right number and kind ({@link predicateProblems}), and — for a
 * task file — every declared instance but the agent's is bound ({@link bindingProblems}). Whether the
 * bound objects exist is the scene's question, asked when the task is bound.
 *
 * @throws InputError / InputErrors naming the file, the place (JSON path, or line and column in the BDDL
 *   text) and the reason — every problem of these checks, not only the first.
 */
export function loadTaskFile(file: string): LoadedTask {
  const text = readTextFile(file, "task file");
  if (/\.bddl$/i.test(file)) {
    const problem = parseProblem(text, file);
    const task: TaskFile = {
      schemaVersion: 1,
      id: problem.name,
      instruction: problem.name.replace(/[-_]\d+$/, "").replace(/_/g, " "),
      bddlFile: path.basename(file),
      bindings: {},
      tags: [],
    };
    refuse(predicateProblems(problem));
    return { path: file, hash: contentHash(text), task, problem };
  }
  const task = validateWith(TaskSchema, parseStructuredText(text, file), file);
  let bddlText: string;
  let bddlName: string;
  let hashInput = text;
  if (task.bddlFile !== undefined) {
    bddlName = path.resolve(path.dirname(file), task.bddlFile);
    try {
      bddlText = readFileSync(bddlName, "utf8");
    } catch {
      throw new InputError(file, "$.bddlFile", `cannot read BDDL file ${bddlName}`);
    }
    hashInput += bddlText;
  } else {
    bddlText = task.bddl!;
    bddlName = `${file} ($.bddl)`;
  }
  const problem = parseProblem(bddlText, bddlName);
  refuse([...predicateProblems(problem), ...bindingProblems(problem, task.bindings, file)]);
  return { path: file, hash: contentHash(hashInput), task, problem };
}

/** Throws every problem found (one InputError, or InputErrors for several). */
function refuse(problems: InputError[]): void {
  if (problems.length > 0) throw oneInputError(problems);
}
