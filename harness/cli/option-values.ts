/**
 * Checked option values for the command builders. yargs' `type: "number"` lets bad values through
 * silently: `--max-steps abc` becomes NaN, `-5` and `2.5` are kept, and an option given twice becomes an
 * array (`--seed 1 --seed 2` → [1, 2]). The factories here give an option a `coerce` that checks the value
 * as the user wrote it, so a bad one stops the command with a usage error (exit 2) naming the option and
 * what it expects, before any handler runs:
 *
 *   .option("max-steps", integerOption("max-steps", { min: 1, describe: "override every episode's step budget" }))
 *
 * `rejectRepeatedOptions` (a middleware of main.ts) does the same for every other single-valued option:
 * `--suite a --suite b` is an error, not an array the handler trips over. Options declared `array: true`
 * (`--agent-opt`, `--train`, `--kind`, …) are repeatable, and `globListOption` makes `--episodes A
 * --episodes B` the alternatives `A,B`.
 */
import type { Options } from "yargs";
import { UsageError } from "./cli-errors.ts";

/** Bounds of a numeric option (inclusive unless marked exclusive). */
export interface NumericRange {
  min?: number;
  max?: number;
  /** `min` (resp. `max`) itself is out of range, e.g. a timeout > 0. */
  minExclusive?: boolean;
  maxExclusive?: boolean;
}

/** A checked value, or what the option expects. */
export type CheckedValue = { ok: true; value: number } | { ok: false; expected: string };

/** A number written in decimal (`12`, `-3`, `0.25`, `.5`, `1e3`); hex, `Infinity`, `NaN` and blanks are not. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number `raw` spells: a finite number, or decimal text for one (surrounding blanks ignored); else NaN. */
function toNumber(raw: unknown): number {
  if (typeof raw === "number") return raw;
  if (typeof raw === "string" && DECIMAL.test(raw.trim())) return Number(raw.trim());
  return Number.NaN;
}

/** "whole number ≥ 1", "number > 0", "number in (0, 1]", "whole number from 0 to 65535". */
export function describeRange(kind: "whole number" | "integer" | "number", range: NumericRange = {}): string {
  const { min, max, minExclusive, maxExclusive } = range;
  if (min !== undefined && max !== undefined) {
    if (!minExclusive && !maxExclusive) return `${kind} from ${min} to ${max}`;
    return `${kind} in ${minExclusive ? "(" : "["}${min}, ${max}${maxExclusive ? ")" : "]"}`;
  }
  if (min !== undefined) return `${kind} ${minExclusive ? ">" : "≥"} ${min}`;
  if (max !== undefined) return `${kind} ${maxExclusive ? "<" : "≤"} ${max}`;
  return kind;
}

/** "whole number ≥ 0" when negatives are out of range, else "integer …". */
function integerKind(range: NumericRange): string {
  return describeRange(range.min !== undefined && range.min >= 0 ? "whole number" : "integer", range);
}

function inRange(n: number, r: NumericRange): boolean {
  if (r.min !== undefined && (r.minExclusive ? !(n > r.min) : !(n >= r.min))) return false;
  if (r.max !== undefined && (r.maxExclusive ? !(n < r.max) : !(n <= r.max))) return false;
  return true;
}

/**
 * Checks an integer option value (a number, or decimal text as the user wrote it): accepted iff it is a
 * safe integer within `range`. `-0` comes back as 0.
 */
export function checkInteger(raw: unknown, range: NumericRange = {}): CheckedValue {
  const n = toNumber(raw);
  if (!Number.isSafeInteger(n) || !inRange(n, range)) return { ok: false, expected: integerKind(range) };
  return { ok: true, value: n + 0 };
}

/** Checks a numeric option value: accepted iff it is a finite number within `range`. */
export function checkNumber(raw: unknown, range: NumericRange = {}): CheckedValue {
  const n = toNumber(raw);
  if (!Number.isFinite(n) || !inRange(n, range)) return { ok: false, expected: describeRange("number", range) };
  return { ok: true, value: n + 0 };
}

/** The usage error of an option given more than once (its values as the user wrote them). */
export function repeatedOptionError(name: string, values: readonly unknown[]): UsageError {
  return new UsageError(`--${name} was given ${values.length} times (${values.map(String).join(", ")}); give it once`);
}

/** The one value of a single-valued option, or a usage error when it was given more than once. */
function single(name: string, raw: unknown): unknown {
  if (Array.isArray(raw)) {
    if (raw.length === 1) return raw[0];
    throw repeatedOptionError(name, raw);
  }
  return raw;
}

/** The value of `--name raw` checked by `check`, or a usage error naming the option and what it expects. */
export function checkedOptionValue(name: string, raw: unknown, check: (raw: unknown) => CheckedValue): number {
  const one = single(name, raw);
  const checked = check(one);
  if (checked.ok) return checked.value;
  const shown = typeof one === "string" && one.trim() ? one : JSON.stringify(one) ?? String(one);
  throw new UsageError(`--${name} ${shown}: expected ${/^[aeiou]/.test(checked.expected) ? "an" : "a"} ${checked.expected}`);
}

interface NumericOptionSpec extends NumericRange {
  describe: string;
  default?: number;
}

/** The yargs option a factory makes: yargs infers `number` from the coerce, or `number | undefined` without a default. */
export type CheckedNumberOption<S extends NumericOptionSpec> = Options & { coerce: (raw: unknown) => number } & (S extends { default: number } ? { default: number } : unknown);

/**
 * A yargs option that takes one value checked by `check` (see module comment). It declares no yargs
 * `type`, so the coerce sees what the user wrote ("abc", not NaN); the help shows the expected range.
 */
function numericOption<S extends NumericOptionSpec>(name: string, spec: S, check: (raw: unknown) => CheckedValue, expected: string): CheckedNumberOption<S> {
  const { describe, default: dflt } = spec;
  return {
    describe: `${describe} (${expected})`,
    requiresArg: true,
    ...(dflt !== undefined ? { default: dflt } : {}),
    coerce: (raw: unknown) => checkedOptionValue(name, raw, check),
  } as CheckedNumberOption<S>;
}

function rangeOf(spec: NumericRange): NumericRange {
  return { min: spec.min, max: spec.max, minExclusive: spec.minExclusive, maxExclusive: spec.maxExclusive };
}

/** An option taking one safe integer within the range, e.g. `integerOption("repeat", { min: 1, … })`. */
export function integerOption<S extends NumericOptionSpec>(name: string, spec: S): CheckedNumberOption<S> {
  const range = rangeOf(spec);
  return numericOption(name, spec, (raw) => checkInteger(raw, range), integerKind(range));
}

/** An option taking one finite number within the range, e.g. `numberOption("step-timeout", { min: 0, minExclusive: true, … })`. */
export function numberOption<S extends NumericOptionSpec>(name: string, spec: S): CheckedNumberOption<S> {
  const range = rangeOf(spec);
  return numericOption(name, spec, (raw) => checkNumber(raw, range), describeRange("number", range));
}

/** Glob alternatives from `--name A,B` and/or repeated `--name A --name B`: one comma-separated string. */
export function joinGlobAlternatives(raw: unknown): string {
  const parts = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v));
  return parts.join(",");
}

/**
 * A glob option whose alternatives may be comma-separated or given as repeated options, one value each
 * (`--episodes A --episodes B` is `--episodes A,B`); the handler gets one comma-separated string.
 */
export function globListOption(spec: { describe: string }): Options & { coerce: (raw: unknown) => string } {
  return { type: "string", array: true, requiresArg: true, describe: spec.describe, coerce: joinGlobAlternatives };
}

/** What `rejectRepeatedOptions` needs of yargs' option registry (`yargs.getOptions()`). */
export interface OptionRegistry {
  key: Record<string, unknown>;
  array: string[];
}

/**
 * Throws a usage error when a single-valued option was given more than once (yargs collects the values
 * into an array). Options declared `array: true` are repeatable and pass.
 */
export function rejectRepeatedOptions(argv: Record<string, unknown>, options: OptionRegistry): void {
  const repeatable = new Set(options.array);
  for (const name of Object.keys(options.key)) {
    if (repeatable.has(name)) continue;
    const value = argv[name];
    if (Array.isArray(value) && value.length > 1) throw repeatedOptionError(name, value);
  }
}
