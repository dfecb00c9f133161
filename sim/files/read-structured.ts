import { parseDocument, LineCounter, visit } from "yaml";
import type { z } from "zod";
import { InputError, formatJsonPath, oneInputError } from "../errors.ts";
import { jsonErrorMessage, jsonSyntaxErrorOffset, lineColumnAt } from "./json-syntax.ts";
import { yamlDepthBound } from "./nesting-depth.ts";
import { readTextFile } from "./read-text.ts";

/** Deepest YAML accepted (see nesting-depth.ts): far beyond any scene, task or suite, far below a stack overflow. */
export const MAX_YAML_DEPTH = 256;

/**
 * Reads a JSON or YAML file people or tools wrote, with errors that name the file and the place:
 * `line L, column C` for syntax, the JSON path for schema problems.
 */
export function readStructuredFile(file: string): unknown {
  return parseStructuredText(readTextFile(file), file);
}

/** Parses JSON (by extension or first character) or YAML text. */
export function parseStructuredText(text: string, file: string): unknown {
  // a byte-order mark (Windows editors write one) is not part of the content
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const isJson = /\.json$/i.test(file) || /^\s*[[{]/.test(text);
  if (isJson && !/\.ya?ml$/i.test(file)) {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new InputError(file, jsonErrorPlace(text, err as Error), `invalid JSON: ${jsonErrorMessage(err)}`);
    }
  }
  const bound = yamlDepthBound(text, MAX_YAML_DEPTH);
  if (bound.depth > MAX_YAML_DEPTH) {
    throw new InputError(file, `line ${bound.line}, column ${bound.column}`, `invalid YAML: nested too deep (more than ${MAX_YAML_DEPTH} levels of brackets and indentation)`);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = lineCounter.linePos(e.pos[0]);
    throw new InputError(file, `line ${pos.line}, column ${pos.col}`, `invalid YAML: ${e.message.split("\n")[0]}`);
  }
  try {
    return doc.toJS();
  } catch (err) {
    // aliases resolve only here: one to an anchor never set, or too many of them (an alias bomb)
    let at = 0;
    visit(doc, {
      Alias(_, node) {
        at = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    const pos = lineCounter.linePos(at);
    throw new InputError(file, `line ${pos.line}, column ${pos.col}`, `invalid YAML: ${(err as Error).message.split("\n")[0]}`);
  }
}

/** `line L, column C` of a JSON syntax error: from our own scan (V8 names a position for some errors only). */
function jsonErrorPlace(text: string, err: Error): string {
  const v8 = /position (\d+)/.exec(err.message);
  const offset = jsonSyntaxErrorOffset(text) ?? (v8 ? Number(v8[1]) : text.length);
  const { line, column } = lineColumnAt(text, offset);
  return `line ${line}, column ${column}`;
}

/** Validates `data` against a zod schema, turning every issue into an InputError with its JSON path. */
export function validateWith<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => new InputError(file, formatJsonPath(issue.path), describeIssue(issue)));
  throw oneInputError(problems);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  if (issue.code === "invalid_union") return describeUnion(issue.errors);
  return issue.message;
}

/**
 * Why a value matches none of a union's forms, from what each form said: "expected string or array, received
 * number" when every form wanted another type, else each form's complaints in turn (a vector `{x, y}` is missing
 * `z` as an object and is not an array either).
 */
export function describeUnion(branches: readonly (readonly z.core.$ZodIssue[])[]): string {
  const typeOnly = branches.length > 0 && branches.every((b) => b.length === 1 && b[0]!.code === "invalid_type" && b[0]!.path.length === 0);
  if (typeOnly) {
    const expected = [...new Set(branches.map((b) => String((b[0] as z.core.$ZodIssueInvalidType).expected)))];
    const received = /received (\w+)/.exec(branches[0]![0]!.message)?.[1];
    return `expected ${expected.join(" or ")}${received ? `, received ${received}` : ""}`;
  }
  const forms = branches.map((b) => b.map((i) => `${i.path.length > 0 ? `${formatJsonPath(i.path).replace(/^\$/, "")}: ` : ""}${plain(describeIssue(i))}`).join(", "));
  return `matches none of the accepted forms: ${forms.map((f, i) => `(${i + 1}) ${f}`).join("; ")}`;
}

/** A zod message without its generic "Invalid input: " lead. */
function plain(message: string): string {
  return message.replace(/^Invalid input: /, "");
}
