/**
 * JSONL reading for probe files: one JSON value a line. A line that is not JSON, or does not fit the
 * expected shape, is reported with its 1-based line number and skipped — never fatal. Only a file that
 * cannot be read at all is an error.
 */
import type { z } from "zod";
import { InputError, formatJsonPath } from "../../../sim/errors.ts";
import type { SkippedLine } from "../types.ts";
import { jsonErrorMessage } from "../../metrics/json-text.ts";
import { readTextFile } from "../../../sim/files/read-text.ts";

/** A parsed line with its 1-based line number. */
export interface JsonlRow<T> {
  line: number;
  value: T;
}

/** Rows that parsed and validated, and the lines that were skipped with why. */
export interface JsonlRead<T> {
  rows: Array<JsonlRow<T>>;
  skipped: SkippedLine[];
}

/** Reads a text file or throws InputError naming it (the shared reader, re-exported for the probe files). */
export { readTextFile };

/** Parses JSONL text; each non-blank line is JSON-parsed and, when a schema is given, validated. */
export function parseJsonl<S extends z.ZodType>(text: string, file: string, schema: S): JsonlRead<z.infer<S>> {
  const rows: Array<JsonlRow<z.infer<S>>> = [];
  const skipped: SkippedLine[] = [];
  // a byte-order mark (Windows editors write one) would make line 1 look malformed
  const lines = text.replace(/^\ufeff/, "").split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === "") return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (err) {
      skipped.push({ file, line, reason: `not JSON: ${jsonErrorMessage(err)}` });
      return;
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      skipped.push({ file, line, reason: `${formatJsonPath(issue.path)}: ${issue.message}` });
      return;
    }
    rows.push({ line, value: result.data });
  });
  return { rows, skipped };
}

/** Reads and parses a JSONL file (see parseJsonl). */
export function readJsonl<S extends z.ZodType>(file: string, schema: S): JsonlRead<z.infer<S>> {
  return parseJsonl(readTextFile(file), file, schema);
}

/** Serialises values as JSONL (one compact JSON value a line, trailing newline). */
export function toJsonl(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join("\n") + (values.length > 0 ? "\n" : "");
}

/** Formats a skipped line for logs and tables: `file:line: reason`. */
export function describeSkipped(s: SkippedLine): string {
  return `${s.file}:${s.line}: ${s.reason}`;
}
