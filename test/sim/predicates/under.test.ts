import { describe, expect, it } from "vitest";
import { under } from "../../../sim/predicates/under.ts";
import { floor, object, restingBox } from "../geometry/fixtures.ts";

const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
const crate = (x: number, height = 0.3, bottom = 0) => object("crate", restingBox(x, 0, bottom, 0.3, 0.3, height));

describe("under", () => {
  it("holds for an object in a table's leg space", () => {
    expect(under(crate(0), table)).toBe(true);
    expect(under(crate(0, 0.7), table)).toBe(true); // up to the slab's underside (0.71 m)
  });

  it("flips when the object is moved out, is too tall, or is on the table", () => {
    expect(under(crate(1), table)).toBe(false);
    expect(under(crate(0, 0.74), table)).toBe(false);
    expect(under(crate(0, 0.3, 0.75), table)).toBe(false);
    expect(under(table, crate(0))).toBe(false);
  });

  it("holds below any object with overlapping footprints", () => {
    const book = object("book", restingBox(0, 0, 0.75, 0.2, 0.15, 0.03));
    const cupOnBook = object("cup", restingBox(0.02, 0, 0.78, 0.08, 0.08, 0.1));
    expect(under(book, cupOnBook)).toBe(true);
    expect(under(cupOnBook, book)).toBe(false);
  });

  it("is false for floors and held objects", () => {
    expect(under(crate(0), floor("floor", -5, -5, 5, 5))).toBe(false);
    expect(under({ ...crate(0), held: true }, table)).toBe(false);
  });
});
