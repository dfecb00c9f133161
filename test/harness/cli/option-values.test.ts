import fc from "fast-check";
import { describe, expect, it } from "vitest";
import yargs from "yargs";
import { UsageError } from "../../../harness/cli/cli-errors.ts";
import { failWithUsageError } from "../../../harness/cli/main.ts";
import {
  checkedOptionValue,
  checkInteger,
  checkNumber,
  globListOption,
  integerOption,
  joinGlobAlternatives,
  numberOption,
  rejectRepeatedOptions,
} from "../../../harness/cli/option-values.ts";

/** Any value a parser could hand a coerce function, and more. */
const anyValue = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer()), fc.object());

describe("checkInteger", () => {
  it("accepts a number iff it is a safe integer within the range (positive integers for min 1)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 1, -1, 2.5, Number.MAX_SAFE_INTEGER + 1)), (n) => {
        const r = checkInteger(n, { min: 1 });
        expect(r.ok).toBe(Number.isSafeInteger(n) && n >= 1);
        if (r.ok) expect(r.value).toBe(n);
      }),
    );
  });

  it("accepts the decimal text of a number exactly when it accepts the number", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), fc.integer({ min: -5, max: 5 }), (n, min) => {
        const fromText = checkInteger(String(n), { min });
        const fromNumber = checkInteger(n, { min });
        expect(fromText.ok).toBe(fromNumber.ok);
        if (fromText.ok && fromNumber.ok) expect(fromText.value).toBe(fromNumber.value);
      }),
    );
  });

  it("accepts arbitrary text only as a safe integer within the range, which reads back unchanged", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 100 }), (s, min, span) => {
        const r = checkInteger(s, { min, max: min + span });
        if (!r.ok) return;
        expect(Number.isSafeInteger(r.value)).toBe(true);
        expect(r.value).toBeGreaterThanOrEqual(min);
        expect(r.value).toBeLessThanOrEqual(min + span);
        expect(checkInteger(String(r.value), { min, max: min + span })).toEqual(r);
      }),
    );
  });

  it("rejects text with anything but digits, sign, point and exponent", () => {
    const junk = fc.string({ minLength: 1 }).filter((s) => /[^0-9.+\-eE\s]/.test(s));
    fc.assert(fc.property(fc.string(), junk, fc.string(), (a, j, b) => {
        expect(checkInteger(`${a}${j}${b}`).ok).toBe(false);
      }),
    );
  });

  it("rejects what QA found slipping through, and anything that is not a number or text", () => {
    for (const bad of ["abc", "-5", "2.5", "0", "", " ", "NaN", "Infinity", "1e400", "99999999999999999999", "5abc", "0x10", true, false, null, undefined, [1, 2], {}])
      expect(checkInteger(bad, { min: 1 }), JSON.stringify(bad) ?? String(bad)).toMatchObject({ ok: false, expected: "whole number ≥ 1" });
    expect(checkInteger(-3)).toEqual({ ok: true, value: -3 });
    expect(checkInteger(" 12 ", { min: 1 })).toEqual({ ok: true, value: 12 });
    expect(checkInteger("1e3", { min: 1 })).toEqual({ ok: true, value: 1000 });
    expect(checkInteger("-0", { min: 0 })).toEqual({ ok: true, value: 0 });
    expect(Object.is((checkInteger(-0, { min: 0 }) as { value: number }).value, 0)).toBe(true);
  });
});

describe("checkNumber", () => {
  it("accepts a number iff it is finite and within the range (> 0 for a timeout)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer()), (n) => {
        expect(checkNumber(n, { min: 0, minExclusive: true }).ok).toBe(Number.isFinite(n) && n > 0);
        expect(checkNumber(n, { min: 0, max: 1, minExclusive: true }).ok).toBe(Number.isFinite(n) && n > 0 && n <= 1);
      }),
    );
  });

  it("never accepts a value that is neither a number nor decimal text", () => {
    fc.assert(fc.property(anyValue.filter((v) => typeof v !== "number" && typeof v !== "string"), (v) => {
        expect(checkNumber(v).ok).toBe(false);
      }),
    );
  });

  it("says what it expects", () => {
    expect(checkNumber("abc", { min: 0, minExclusive: true })).toEqual({ ok: false, expected: "number > 0" });
    expect(checkNumber(2, { min: 0, max: 1, minExclusive: true })).toEqual({ ok: false, expected: "number in (0, 1]" });
    expect(checkNumber("0.25", { min: 0, max: 1 })).toEqual({ ok: true, value: 0.25 });
  });
});

describe("checkedOptionValue", () => {
  it("throws a usage error naming the option, the value as written and what it expects", () => {
    const check = (raw: unknown) => checkInteger(raw, { min: 1 });
    expect(() => checkedOptionValue("max-steps", "abc", check)).toThrow(new UsageError("--max-steps abc: expected a whole number ≥ 1"));
    expect(() => checkedOptionValue("max-steps", -5, check)).toThrow(/^--max-steps -5: expected a whole number ≥ 1$/);
    expect(() => checkedOptionValue("max-steps", "", check)).toThrow(/^--max-steps "": expected/);
    expect(() => checkedOptionValue("seed", "x", (raw) => checkInteger(raw))).toThrow(/^--seed x: expected an integer$/);
    expect(checkedOptionValue("max-steps", "7", check)).toBe(7);
  });

  it("refuses an option given more than once, whatever its values", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.string()), { minLength: 2, maxLength: 5 }), (values) => {
        expect(() => checkedOptionValue("seed", values, (raw) => checkInteger(raw))).toThrow(new RegExp(`^--seed was given ${values.length} times`));
      }),
    );
  });
});

describe("rejectRepeatedOptions", () => {
  const registry = { key: { seed: true, suite: true, "agent-opt": true, json: true }, array: ["agent-opt"] };

  it("refuses a single-valued option given twice, and lets repeatable ones and single values pass", () => {
    expect(() => rejectRepeatedOptions({ seed: [1, 2] }, registry)).toThrow(new UsageError("--seed was given 2 times (1, 2); give it once"));
    expect(() => rejectRepeatedOptions({ suite: ["a", "b", "c"] }, registry)).toThrow(/--suite was given 3 times \(a, b, c\)/);
    expect(() => rejectRepeatedOptions({ seed: 1, suite: "a", "agent-opt": ["a=1", "b=2"], json: true, _: ["run", "x"] }, registry)).not.toThrow();
  });
});

describe("globListOption", () => {
  it("joins repeated values into comma-separated alternatives", () => {
    fc.assert(fc.property(fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes(",")), { minLength: 1, maxLength: 4 }), (globs) => {
        expect(joinGlobAlternatives(globs).split(",")).toEqual(globs);
      }),
    );
    expect(joinGlobAlternatives("flat-*,loft-*")).toBe("flat-*,loft-*");
  });
});

/** Parses `args` with the given options as the CLI does (its failure handler), returning argv or the error. */
async function parse(args: string[], build: (y: ReturnType<typeof yargs>) => ReturnType<typeof yargs>): Promise<Record<string, unknown> | Error> {
  try {
    return (await build(yargs(args)).strict().fail(failWithUsageError).parseAsync()) as Record<string, unknown>;
  } catch (err) {
    return err as Error;
  }
}

describe("option factories in yargs", () => {
  const build = (y: ReturnType<typeof yargs>) =>
    y
      .option("steps", integerOption("steps", { min: 1, describe: "steps" }))
      .option("seed", integerOption("seed", { default: 0, describe: "seed" }))
      .option("timeout", numberOption("timeout", { min: 0, minExclusive: true, default: 120, describe: "seconds" }))
      .option("episodes", globListOption({ describe: "globs" }));

  it("passes good values through as numbers, and the defaults when absent", async () => {
    expect(await parse(["--steps", "3", "--seed", "-4", "--timeout", "0.5", "--episodes", "a*", "--episodes", "b"], build)).toMatchObject({ steps: 3, seed: -4, timeout: 0.5, episodes: "a*,b" });
    const defaults = (await parse([], build)) as Record<string, unknown>;
    expect(defaults).toMatchObject({ seed: 0, timeout: 120 });
    expect(defaults.steps).toBeUndefined();
  });

  it("turns every value a property draws outside the range into a usage error naming the option", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.double().map(String), fc.integer().map(String)), async (text) => {
        const got = await parse([`--steps=${text}`], build);
        const expected = checkInteger(text, { min: 1 });
        if (got instanceof Error) {
          expect(got).toBeInstanceOf(UsageError);
          expect(got.message).toMatch(/^(--steps |Not enough arguments)/);
        } else {
          // yargs itself reads numeric-looking text as a number (e.g. "0x10" → 16); what passes is a whole number ≥ 1
          expect(Number.isSafeInteger(got.steps) && (got.steps as number) >= 1).toBe(true);
          if (expected.ok) expect(got.steps).toBe(expected.value);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("refuses an option without its value", async () => {
    expect(await parse(["--steps"], build)).toBeInstanceOf(UsageError);
  });
});
