import { readFileSync, writeFileSync, renameSync } from "node:fs";
import type { z } from "zod";
import { formatJsonPath, InputError, InputErrors } from "../../sim/errors.ts";
import { parseJsonText } from "./json-text.ts";
import { RESULTS_SCHEMA_VERSION, ResultsFileSchema, type ResultsFile } from "./results-schema.ts";

/** Turns zod issues into InputErrors naming the file and each issue's JSON path. */
export function zodProblems(file: string, issues: readonly z.core.$ZodIssue[], prefix = ""): InputError[] {
  return issues.map((i) => new InputError(file, `${prefix}${formatJsonPath(i.path)}`, i.message));
}

/**
 * Checks the `schemaVersion` of a parsed file before its shape, so a file from another harness
 * version gets one clear sentence rather than a list of field errors.
 */
export function checkSchemaVersion(
  file: string,
  where: string,
  what: string,
  found: unknown,
  supported: number,
  writtenBy: unknown,
): void {
  if (typeof found !== "number" || found === supported) return;
  const by = typeof writtenBy === "string" ? ` (written by rearrange ${writtenBy})` : "";
  const advice =
    found > supported
      ? "it comes from a newer rearrange: upgrade to read it"
      : "it comes from an older rearrange: read it with that version or re-run it";
  throw new InputError(file, where, `${what} schemaVersion ${found}${by} is not supported; this rearrange reads schemaVersion ${supported}; ${advice}`);
}

/**
 * Reads and validates a results.json; the value has the file's keys in the file's order.
 * @throws InputError (bad JSON, unsupported schemaVersion) or InputErrors (every schema problem, with JSON paths)
 */
export function readResultsFile(file: string): ResultsFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return parseResultsText(text, file);
}

/** Validates results.json text (see `readResultsFile`). */
export function parseResultsText(text: string, file: string): ResultsFile {
  const raw = parseJsonText(text, file) as Record<string, unknown> | null;
  if (raw && typeof raw === "object") {
    checkSchemaVersion(file, "$.schemaVersion", "results", raw.schemaVersion, RESULTS_SCHEMA_VERSION, raw.harnessVersion);
  }
  const parsed = ResultsFileSchema.safeParse(raw);
  if (!parsed.success) throw new InputErrors(zodProblems(file, parsed.error.issues));
  // the parsed JSON itself, not the schema's output (the schema has no defaults or transforms, so the content
  // is the same): zod lists a loose object's unknown keys (`complete`, a custom measure's) after the known
  // ones, and a file written back (`rescore --write`) must keep its keys where they were
  return raw as ResultsFile;
}

/** Writes results.json atomically (temp file + rename), so a reader never sees half a file. */
export function writeResultsFile(file: string, results: ResultsFile): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(tmp, file);
}
