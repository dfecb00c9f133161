import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateWith } from "../../../sim/files/read-structured.ts";
import { InputError } from "../../../sim/errors.ts";

const vector = z.union([z.object({ x: z.number(), y: z.number(), z: z.number() }).strict(), z.tuple([z.number(), z.number(), z.number()])]);
const binding = z.union([z.string().min(1), z.array(z.string().min(1))]);

/** The message validateWith gives for `value` under `{ v: schema }`. */
function messageFor(schema: z.ZodType, value: unknown): string {
  try {
    validateWith(z.object({ v: schema }), { v: value }, "f.json");
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error("accepted");
}

describe("a value that matches none of a union's forms", () => {
  it("is told what each form expected, not an example of other forms", () => {
    expect(messageFor(binding, 5)).toBe("f.json: $.v: expected string or array, received number");
    expect(messageFor(vector, 5)).toBe("f.json: $.v: expected object or tuple, received number");
    expect(messageFor(vector, { x: 1, y: 2 })).toBe("f.json: $.v: matches none of the accepted forms: (1) .z: expected number, received undefined; (2) expected tuple, received object");
  });

  it("whatever the value, the message names the place and says something for every form", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        if (vector.safeParse(value).success) return;
        const m = messageFor(vector, value);
        expect(m.startsWith("f.json: $.v: ")).toBe(true);
        if (m.includes("matches none")) {
          expect(m).toContain("(1) ");
          expect(m).toContain("(2) ");
        } else expect(m).toMatch(/^f\.json: \$\.v: expected object or tuple, received \w+$/);
      }),
    );
  });
});
