import { existsSync } from "node:fs";
import { readStructuredFile } from "../../sim/files/read-structured.ts";
import { UsageError } from "./cli-errors.ts";

/**
 * Agent options from `--agent-opt key=value` (repeatable; values parsed as JSON when they look like it)
 * or `--agent-opt ./options.yaml` (a JSON/YAML file of options).
 */
export function parseAgentOptions(values: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of values ?? []) {
    const eq = v.indexOf("=");
    if (eq < 0) {
      if (!existsSync(v)) throw new UsageError(`--agent-opt ${v}: expected key=value or a JSON/YAML file`);
      const data = readStructuredFile(v);
      if (typeof data !== "object" || data === null || Array.isArray(data)) throw new UsageError(`--agent-opt ${v}: the file must hold an object`);
      for (const [key, value] of Object.entries(data)) setOption(out, key, value, v);
      continue;
    }
    const key = v.slice(0, eq).trim();
    const raw = v.slice(eq + 1);
    if (!key) throw new UsageError(`--agent-opt ${v}: empty key`);
    setOption(out, key, parseValue(raw), v);
  }
  return out;
}

/** Keys that would reach an object's prototype rather than name an option. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Sets one option as an own property; prototype-reaching keys are refused, never assigned. */
function setOption(out: Record<string, unknown>, key: string, value: unknown, source: string): void {
  if (FORBIDDEN_KEYS.has(key)) throw new UsageError(`--agent-opt ${source}: "${key}" cannot be an option name`);
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function parseValue(raw: string): unknown {
  if (/^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(raw) || /^[[{"]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}
