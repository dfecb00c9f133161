import fc from "fast-check";
import { expect } from "vitest";
import { InputError, InputErrors } from "../../../sim/errors.ts";

/** A JSON path as segments: object keys and array indices. */
export type JsonPath = Array<string | number>;

/**
 * Hostile JSON values, as raw text because JSON.stringify cannot write most of them: numbers that
 * overflow to Infinity, NaN spelled as a string, `__proto__` keys, deep nesting, huge strings.
 */
export const NASTY_VALUES: readonly string[] = [
  "null",
  "true",
  "0",
  "-0",
  "-1",
  "1.5",
  "1e308",
  "-1e308",
  "1e999",
  "-1e999",
  "5e-324",
  "9007199254740993",
  '"NaN"',
  '"Infinity"',
  '"1e999"',
  '"12"',
  '""',
  '"\\u0000"',
  '"../../../../etc/passwd"',
  '"__proto__"',
  `"${"x".repeat(100_000)}"`,
  "[]",
  "{}",
  "[1,2,3]",
  "[1,2]",
  '{"x":1,"y":2,"z":3}',
  '{"x":"1","y":2,"z":3}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${"[".repeat(3000)}${"]".repeat(3000)}`,
  `${'{"a":'.repeat(1000)}1${"}".repeat(1000)}`,
];

/** Keys an attacker or a typo might add to an object. */
export const NASTY_KEYS: readonly string[] = ["__proto__", "constructor", "prototype", "polluted", "toString", "hasOwnProperty", "", "x".repeat(1000), "Id", "extra"];

/** One edit of a JSON document: which node (an index into its nodes, modulo their number) and what to do. */
export type Mutation =
  | { op: "replace"; node: number; value: string }
  | { op: "delete"; node: number }
  | { op: "addKey"; node: number; key: string; value: string };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("replace" as const), node: fc.nat(), value: fc.constantFrom(...NASTY_VALUES) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant("delete" as const), node: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("addKey" as const), node: fc.nat(), key: fc.constantFrom(...NASTY_KEYS), value: fc.constantFrom(...NASTY_VALUES) }), weight: 2 },
);

/** Every node of a JSON value, root first, with its path. */
export function nodesOf(value: unknown, at: JsonPath = []): Array<{ path: JsonPath; value: unknown }> {
  const out = [{ path: at, value }];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...nodesOf(v, [...at, i])));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...nodesOf(v, [...at, k]));
  return out;
}

/** What an applied mutation did, for oracles: the path it touched and the node that was there. */
export interface Applied {
  mutation: Mutation;
  path: JsonPath;
  before: unknown;
}

/**
 * Applies mutations to a copy of `doc` and writes it as JSON text (raw values spliced in as text).
 * @returns the text and what each mutation touched
 */
export function mutateToText(doc: unknown, mutations: readonly Mutation[]): { text: string; applied: Applied[] } {
  let copy = structuredClone(doc);
  const raws: string[] = [];
  const placeholder = (raw: string) => `\u0001RAW${raws.push(raw) - 1}\u0001`;
  const applied: Applied[] = [];
  for (const m of mutations) {
    const nodes = nodesOf(copy);
    const { path, value } = nodes[m.node % nodes.length]!;
    applied.push({ mutation: m, path, before: value });
    if (m.op === "addKey") {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        Object.defineProperty(value, m.key, { value: placeholder(m.value), enumerable: true, writable: true, configurable: true });
      }
      continue;
    }
    if (path.length === 0) {
      copy = m.op === "replace" ? placeholder(m.value) : null;
      continue;
    }
    const parent = path.slice(0, -1).reduce((o: any, k) => o[k], copy) as any;
    const key = path.at(-1)!;
    if (m.op === "replace") parent[key] = placeholder(m.value);
    else if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  }
  const text = JSON.stringify(copy, null, 1).replace(/"\\u0001RAW(\d+)\\u0001"/g, (_, i) => raws[Number(i)]!);
  return { text, applied };
}

/** The input errors an exception carries; anything else is a bug and is rethrown. */
export function inputErrorsOf(err: unknown): InputError[] {
  if (err instanceof InputErrors) return err.problems;
  if (err instanceof InputError) return [err];
  throw err;
}

/** A place in a file: a JSON path, `line L, column C`, `line L` or `L:C`, possibly with a JSON path after. */
const PLACE = /^(\$.*|line \d+(, column \d+)?(, \$.*)?|\d+:\d+)$/;

/**
 * Runs `load`; it must succeed or throw InputError(s) that name `file`, a place and a reason.
 * @returns the loaded value, or the errors
 */
export function loadOrInputErrors<T>(load: () => T, file: string): { ok: true; value: T } | { ok: false; errors: InputError[] } {
  try {
    return { ok: true, value: load() };
  } catch (err) {
    const errors = inputErrorsOf(err);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) {
      // text embedded in a file is named as such: `task.json ($.bddl)`
      expect(e.file === file || e.file.startsWith(`${file} ($.`), `${e.file} is not ${file}`).toBe(true);
      expect(e.where ?? "", `${e.message}`).toMatch(PLACE);
      expect(e.reason.length).toBeGreaterThan(0);
    }
    return { ok: false, errors };
  }
}

/** The JSON path format InputError uses (`$.objects[3].box`). */
export function jsonPathText(path: JsonPath): string {
  let out = "$";
  for (const seg of path) out += typeof seg === "number" ? `[${seg}]` : /^[A-Za-z_$][\w$]*$/.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`;
  return out;
}

/** True when no prototype was polluted by loading something. */
export function prototypesClean(): boolean {
  return ({} as Record<string, unknown>).polluted === undefined && !("polluted" in Object.prototype) && ([] as unknown as Record<string, unknown>).polluted === undefined;
}
