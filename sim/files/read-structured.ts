import { readFileSync } from "node:fs";
import { parseDocument, LineCounter } from "yaml";
import type { z } from "zod";
import { InputError, InputErrors, formatJsonPath } from "../errors.ts";

/**
 * Reads a JSON or YAML file people or tools wrote, with errors that name the file and the place:
 * `line L, column C` for syntax, the JSON path for schema problems.
 */
export function readStructuredFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return parseStructuredText(text, file);
}

/** Parses JSON (by extension or first character) or YAML text. */
export function parseStructuredText(text: string, file: string): unknown {
  const isJson = /\.json$/i.test(file) || /^\s*[[{]/.test(text);
  if (isJson && !/\.ya?ml$/i.test(file)) {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new InputError(file, jsonErrorPlace(text, err as Error), `invalid JSON: ${(err as Error).message.replace(/ in JSON at position \d+.*$/, "")}`);
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = lineCounter.linePos(e.pos[0]);
    throw new InputError(file, `line ${pos.line}, column ${pos.col}`, `invalid YAML: ${e.message.split("\n")[0]}`);
  }
  return doc.toJS();
}

function jsonErrorPlace(text: string, err: Error): string | undefined {
  const m = /position (\d+)/.exec(err.message);
  const lc = /line (\d+) column (\d+)/.exec(err.message);
  if (lc) return `line ${lc[1]}, column ${lc[2]}`;
  if (!m) return undefined;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split("\n").length;
  const column = pos - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

/** Validates `data` against a zod schema, turning every issue into an InputError with its JSON path. */
export function validateWith<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => new InputError(file, formatJsonPath(issue.path), describeIssue(issue)));
  if (problems.length === 1) throw problems[0]!;
  throw new InputErrors(problems);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  if (issue.code === "invalid_union") return "expected one of the accepted forms (e.g. {x,y,z} or [x,y,z])";
  return issue.message;
}
