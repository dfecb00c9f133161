import { describe, expect, it } from "vitest";
import { nextto, nexttoThreshold } from "../../../sim/predicates/nextto.ts";
import { floor, object, restingBox } from "../geometry/fixtures.ts";

const cup = (id: string, x: number, y = 0, bottom = 0.75) => object(id, restingBox(x, y, bottom, 0.08, 0.08, 0.1));

describe("nextto", () => {
  it("holds for objects side by side and fails when they are apart", () => {
    // threshold for two 8×8×10 cm cups: (0.26 + 0.26) / 3 / 6 ≈ 2.9 cm
    expect(nexttoThreshold(cup("a", 0), cup("b", 0))).toBeCloseTo(0.52 / 18, 12);
    expect(nextto(cup("a", 0), cup("b", 0.1))).toBe(true); // 2 cm gap
    expect(nextto(cup("a", 0), cup("b", 0.12))).toBe(false); // 4 cm gap
    expect(nextto(cup("a", 0), cup("b", 0.5))).toBe(false);
  });

  it("is symmetric", () => {
    const pairs = [
      [cup("a", 0), cup("b", 0.1)],
      [cup("a", 0), cup("b", 0.12)],
      [cup("a", 0), object("fridge", restingBox(0.5, 0, 0, 0.8, 0.7, 1.8))],
    ] as const;
    for (const [a, b] of pairs) expect(nextto(a, b)).toBe(nextto(b, a));
  });

  it("scales the allowed gap with the objects' size", () => {
    const fridge = object("fridge", restingBox(0, 0, 0, 0.8, 0.7, 1.8), { kind: "fixed" });
    expect(nextto(cup("apple", 0.55, 0, 0), fridge)).toBe(true); // 11 cm from a fridge is next to it
    expect(nextto(cup("apple", 0.8, 0, 0), fridge)).toBe(false);
  });

  it("uses the turned footprints", () => {
    const a = object("a", restingBox(0, 0, 0, 1, 0.1, 0.1, Math.PI / 4));
    const b = object("b", restingBox(0.3, -0.3, 0, 0.1, 0.1, 0.1));
    expect(nextto(a, b)).toBe(false); // the bounds touch, the turned boxes are 30 cm apart
  });

  it("needs the height ranges to overlap", () => {
    expect(nextto(cup("a", 0), cup("b", 0.1, 0, 1.0))).toBe(false);
  });

  it("is false when one is on, in or under the other", () => {
    const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
    expect(nextto(cup("a", 0), table)).toBe(false); // on it
    expect(nextto(object("box", restingBox(0, 0, 0, 0.3, 0.3, 0.3)), table)).toBe(false); // under it
    expect(nextto(object("chair", restingBox(0.75, 0, 0, 0.4, 0.4, 0.9)), table)).toBe(true);
    const basket = object("basket", restingBox(0, 0, 0, 0.4, 0.3, 0.2), { shape: "container" });
    expect(nextto(cup("a", 0, 0, 0.02), basket)).toBe(false);
  });

  it("is false for floors and held objects", () => {
    expect(nextto(cup("a", 0, 0, 0), floor("floor", -5, -5, 5, 5))).toBe(false);
    expect(nextto({ ...cup("a", 0), held: true }, cup("b", 0.1))).toBe(false);
  });
});
