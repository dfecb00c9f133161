/**
 * Finding and reading the files of a data set folder for the importers: every file is accounted for
 * (used, or skipped with a reason), and unreadable or malformed files are skipped, not fatal.
 */
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";
import { toJsonl } from "../io/jsonl.ts";
import { makeDirectory } from "../../../sim/files/make-directory.ts";

export { parseJsonText } from "../io/json-text.ts";

/** Every regular file under `src` (or `src` itself when it is a file), sorted, skipping dot-files. */
export function listSourceFiles(src: string): string[] {
  let stat;
  try {
    stat = statSync(src);
  } catch (err) {
    throw new InputError(src, undefined, `cannot read source (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (stat.isFile()) return [src];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith(".")) continue;
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(src);
  return out;
}

/** Writes a JSONL file under `out` (creating folders) and returns its path. */
export function writeJsonlFile(out: string, name: string, values: readonly unknown[]): string {
  const file = path.join(out, name);
  makeDirectory(path.dirname(file));
  writeFileSync(file, toJsonl(values));
  return file;
}

/** Writes a pretty JSON file under `out` (creating folders) and returns its path. */
export function writeJsonFile(out: string, name: string, value: unknown): string {
  const file = path.join(out, name);
  makeDirectory(path.dirname(file));
  writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
  return file;
}
