import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";

/** One BEHAVIOR problem file and the activity it defines. */
export interface ProblemSource {
  file: string;
  /** Activity name: the folder the file is in (`cleaning_a_car/problem0.bddl` → `cleaning_a_car`). */
  activity: string;
}

/**
 * The problem files under `src`: the file itself, or every `*.bddl` in the folder tree (the BEHAVIOR
 * layout `<activity>/problemN.bddl`), sorted by path so imports are reproducible.
 */
export function findProblemFiles(src: string): ProblemSource[] {
  let stat;
  try {
    stat = statSync(src);
  } catch {
    throw new InputError(src, undefined, "no such file or folder");
  }
  if (stat.isFile()) return [{ file: src, activity: activityOf(src) }];
  const out: ProblemSource[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (/\.bddl$/i.test(name)) out.push({ file: p, activity: activityOf(p) });
    }
  };
  walk(src);
  return out;
}

function activityOf(file: string): string {
  const dir = path.basename(path.dirname(path.resolve(file)));
  return dir || path.basename(file, path.extname(file));
}
