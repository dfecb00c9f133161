import { InputError } from "../../sim/errors.ts";
import { jsonErrorMessage, jsonSyntaxErrorOffset } from "../../sim/files/json-syntax.ts";

export { jsonErrorMessage };

/**
 * `line:column` of a JSON.parse failure in `text`: where V8's message says (`… in JSON at position 12`),
 * else where the shared scanner finds the text stops being JSON (V8 names no position for `Unexpected end
 * of JSON input` and some `Unexpected token` errors); undefined only when neither finds one. `firstLine`
 * offsets the line number (a JSONL line's number in its file).
 */
export function jsonErrorLocation(text: string, err: unknown, firstLine = 1): string | undefined {
  const m = /at position (\d+)/.exec(err instanceof Error ? err.message : String(err));
  const offset = m ? Number(m[1]) : jsonSyntaxErrorOffset(text);
  if (offset === null) return undefined;
  const pos = Math.min(offset, text.length);
  const before = text.slice(0, pos);
  const line = firstLine + (before.match(/\n/g)?.length ?? 0);
  const column = pos - (before.lastIndexOf("\n") + 1) + 1;
  return `${line}:${column}`;
}

/** The reason part of a JSON.parse failure: `not valid JSON: ` and {@link jsonErrorMessage}. */
export function jsonErrorReason(err: unknown): string {
  return `not valid JSON: ${jsonErrorMessage(err)}`;
}

/**
 * Parses JSON text, turning a syntax error into an InputError that names the file and line:column.
 * @param firstLine line number of the text's first line in the file (for one line of a JSONL file)
 */
export function parseJsonText(text: string, file: string, firstLine = 1): unknown {
  // a byte-order mark (Windows editors write one) is no part of the JSON, and no line break: positions hold
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError(file, jsonErrorLocation(text, err, firstLine) ?? `line ${firstLine}`, jsonErrorReason(err));
  }
}
