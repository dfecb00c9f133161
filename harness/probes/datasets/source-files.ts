/**
 * Finding and reading the files of a data set folder for the importers: every file is accounted for
 * (used, or skipped with a reason), and unreadable or malformed files are skipped, not fatal.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";
import { toJsonl } from "../io/jsonl.ts";

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

/** Parses JSON text; on failure returns the reason with the line of the syntax error. */
export function parseJsonText(text: string): { value: unknown } | { where: string; reason: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split("\n").length : undefined;
    return { where: line ? `line ${line}` : "$", reason: `not JSON: ${(err as Error).message.replace(/ in JSON at position \d+.*$/, "")}` };
  }
}

/** Writes a JSONL file under `out` (creating folders) and returns its path. */
export function writeJsonlFile(out: string, name: string, values: readonly unknown[]): string {
  const file = path.join(out, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, toJsonl(values));
  return file;
}

/** Writes a pretty JSON file under `out` (creating folders) and returns its path. */
export function writeJsonFile(out: string, name: string, value: unknown): string {
  const file = path.join(out, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
  return file;
}
