/**
 * JSON text for hand-readable bundled files: any object or array whose one-line form fits the line width
 * stays on one line (boxes, states, door lists), bigger ones break one member per line. Output parses to
 * exactly the input value, so the formatter never changes content.
 */

const WIDTH = 120;

/** Formats a JSON value with 2-space indentation, keeping small members on one line. Ends with a newline. */
export function formatJson(value: unknown): string {
  return `${format(value, 0)}\n`;
}

/** `lead` = characters already on the line before the value (indentation plus any key). */
function format(value: unknown, indent: number, lead = indent): string {
  const flat = inline(value);
  // one character is kept for the comma that may follow the value
  if (lead + flat.length + 1 <= WIDTH || value === null || typeof value !== "object") return flat;
  const pad = " ".repeat(indent + 2);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => pad + format(v, indent + 2)).join(",\n")}\n${" ".repeat(indent)}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const body = entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${format(v, indent + 2, indent + 2 + JSON.stringify(k).length + 2)}`).join(",\n");
  return `{\n${body}\n${" ".repeat(indent)}}`;
}

function inline(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(", ")} }`;
}
