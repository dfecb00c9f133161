/**
 * Parsing a whole JSON file's text with an error that names the line, for reports that skip the file.
 */

/** 1-based line of a JSON.parse error (V8 gives a position, or says the input ended early). */
export function jsonErrorLine(text: string, err: Error): number | undefined {
  const m = /position (\d+)/.exec(err.message);
  if (m) return text.slice(0, Number(m[1])).split("\n").length;
  if (/end of JSON input/.test(err.message)) return text.trimEnd().split("\n").length;
  return undefined;
}

/** Parses JSON text; on failure returns where (`line N`) and why. */
export function parseJsonText(text: string): { value: unknown } | { where: string; reason: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    const line = jsonErrorLine(text, err as Error);
    return { where: line ? `line ${line}` : "$", reason: `not JSON: ${(err as Error).message.replace(/ in JSON at position \d+.*$/, "")}` };
  }
}
