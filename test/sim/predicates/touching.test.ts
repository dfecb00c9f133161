import { describe, expect, it } from "vitest";
import { touching } from "../../../sim/predicates/touching.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

describe("touching", () => {
  it("holds within a centimetre and fails beyond", () => {
    const a = object("a", restingBox(0, 0, 0, 0.1, 0.1, 0.1));
    expect(touching(a, object("b", restingBox(0.1, 0, 0, 0.1, 0.1, 0.1)))).toBe(true);
    expect(touching(a, object("b", restingBox(0.108, 0, 0, 0.1, 0.1, 0.1)))).toBe(true);
    expect(touching(a, object("b", restingBox(0.12, 0, 0, 0.1, 0.1, 0.1)))).toBe(false);
    expect(touching(a, object("b", restingBox(0, 0, 0.1, 0.1, 0.1, 0.1)))).toBe(true);
    expect(touching(a, object("b", restingBox(0, 0, 0.13, 0.1, 0.1, 0.1)))).toBe(false);
  });

  it("uses the solid parts of hollow shapes", () => {
    const cabinet = object("cabinet", restingBox(0, 0, 0, 0.6, 0.5, 0.8), { shape: "container", abilities: ["openable"] });
    expect(touching(object("apple", restingBox(0, 0, 0.02, 0.08, 0.08, 0.08)), cabinet)).toBe(true);
    expect(touching(object("apple", restingBox(0, 0, 0.3, 0.08, 0.08, 0.08)), cabinet)).toBe(false);
    const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table" });
    expect(touching(object("ball", restingBox(0, 0, 0, 0.2, 0.2, 0.2)), table)).toBe(false);
    expect(touching(object("ball", restingBox(0, 0, 0.51, 0.2, 0.2, 0.2)), table)).toBe(true);
  });

  it("is symmetric and false while held", () => {
    const a = object("a", restingBox(0, 0, 0, 0.1, 0.1, 0.1));
    const b = object("b", restingBox(0.1, 0, 0, 0.1, 0.1, 0.1));
    expect(touching(b, a)).toBe(true);
    expect(touching({ ...a, held: true }, b)).toBe(false);
  });
});
