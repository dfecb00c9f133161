/**
 * Parsing a whole JSON file's text with an error that names the line, for reports that skip the file.
 */
import { jsonSyntaxErrorOffset } from "../../../sim/files/json-syntax.ts";
import { jsonErrorMessage } from "../../metrics/json-text.ts";

/**
 * 1-based line of a JSON.parse error: where V8's message says (`… at position N`); the last line with text
 * when the input ended early; else where the shared scanner finds the text stops being JSON (V8 names no
 * position for `Unexpected token 'x', "…" is not valid JSON`).
 */
export function jsonErrorLine(text: string, err: Error): number | undefined {
  const m = /position (\d+)/.exec(err.message);
  if (m) return text.slice(0, Number(m[1])).split("\n").length;
  if (/end of JSON input/.test(err.message)) return text.trimEnd().split("\n").length;
  const offset = jsonSyntaxErrorOffset(text);
  return offset === null ? undefined : text.slice(0, offset).split("\n").length;
}

/**
 * Parses JSON text; on failure returns where (`line N`) and why. A leading byte-order mark (Windows editors
 * write one; JSON.parse refuses it) is dropped first, as the CSV, YAML and JSONL readers do: it is not a line
 * break, so the line numbers are those of the file.
 */
export function parseJsonText(text: string): { value: unknown } | { where: string; reason: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { value: JSON.parse(body) };
  } catch (err) {
    const line = jsonErrorLine(body, err as Error);
    return { where: line ? `line ${line}` : "$", reason: `not JSON: ${jsonErrorMessage(err)}` };
  }
}
