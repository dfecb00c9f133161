import { readFileSync } from "node:fs";
import path from "node:path";
import { parseProblem } from "../bddl/parser.ts";
import type { BddlProblem } from "../bddl/ast.ts";
import { InputError } from "../errors.ts";
import { parseStructuredText, validateWith } from "../files/read-structured.ts";
import { contentHash } from "../scene/load.ts";
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
 */
export function loadTaskFile(file: string): LoadedTask {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read task file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
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
  return { path: file, hash: contentHash(hashInput), task, problem };
}
