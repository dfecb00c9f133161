import { describe, expect, it } from "vitest";
import { ontop } from "../../../sim/predicates/ontop.ts";
import { floor, object, restingBox } from "../geometry/fixtures.ts";

const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
const cupOn = (x: number, y: number, bottom = 0.75, heading = 0) => object("cup", restingBox(x, y, bottom, 0.08, 0.08, 0.1, heading));

describe("ontop", () => {
  it("holds for an object resting on the top face, within the contact tolerance", () => {
    expect(ontop(cupOn(0.2, 0.1), table)).toBe(true);
    expect(ontop(cupOn(0.2, 0.1, 0.74), table)).toBe(true); // sunk 1 cm into the top (scan noise)
    expect(ontop(cupOn(0.2, 0.1, 0.76), table)).toBe(true);
  });

  it("flips when the object is lifted, moved off the footprint or set on the floor", () => {
    expect(ontop(cupOn(0.2, 0.1, 0.8), table)).toBe(false);
    expect(ontop(cupOn(2, 0.1), table)).toBe(false);
    expect(ontop(cupOn(0.2, 0.1, 0), table)).toBe(false);
    // hanging over the edge by all but a sliver (5% of its footprint over the table)
    expect(ontop(cupOn(0.6 + 0.036, 0), table)).toBe(false);
    expect(ontop(cupOn(0.6 + 0.02, 0), table)).toBe(true);
  });

  it("is not symmetric", () => {
    expect(ontop(table, cupOn(0.2, 0.1))).toBe(false);
  });

  it("in a stack of three, the top is on the middle and not on the bottom", () => {
    const bottom = object("b1", restingBox(0, 0, 0.75, 0.3, 0.3, 0.1));
    const middle = object("b2", restingBox(0.02, 0, 0.85, 0.25, 0.25, 0.1));
    const top = object("b3", restingBox(0, 0.03, 0.95, 0.2, 0.2, 0.1));
    expect(ontop(top, middle)).toBe(true);
    expect(ontop(middle, bottom)).toBe(true);
    expect(ontop(bottom, table)).toBe(true);
    expect(ontop(top, bottom)).toBe(false);
    expect(ontop(top, table)).toBe(false);
  });

  it("counts an object straddling two surfaces as on both, by contact", () => {
    const left = object("left", restingBox(-0.5, 0, 0, 1, 1, 0.75), { kind: "fixed" });
    const right = object("right", restingBox(0.5, 0, 0, 1, 1, 0.75), { kind: "fixed" });
    const lowRight = object("right", restingBox(0.5, 0, 0, 1, 1, 0.7), { kind: "fixed" });
    const board = object("board", restingBox(0, 0, 0.75, 0.6, 0.3, 0.02));
    expect(ontop(board, left)).toBe(true);
    expect(ontop(board, right)).toBe(true);
    expect(ontop(board, lowRight)).toBe(false); // 5 cm lower: no contact
  });

  it("works on a turned support", () => {
    const turned = object("shelf", restingBox(0, 0, 0, 1, 0.2, 0.5, Math.PI / 4), { kind: "fixed" });
    expect(ontop(object("cup", restingBox(0.3, 0.3, 0.5, 0.05, 0.05, 0.1)), turned)).toBe(true);
    expect(ontop(object("cup", restingBox(0.3, -0.3, 0.5, 0.05, 0.05, 0.1)), turned)).toBe(false);
  });

  it("does not count an object in a container's cavity as on the container", () => {
    const basket = object("basket", restingBox(0, 0, 0.75, 0.4, 0.3, 0.2), { shape: "container" });
    expect(ontop(object("apple", restingBox(0, 0, 0.77, 0.08, 0.08, 0.08)), basket)).toBe(false);
    expect(ontop(object("lid", restingBox(0, 0, 0.95, 0.4, 0.3, 0.01)), basket)).toBe(true);
  });

  it("holds on a floor", () => {
    expect(ontop(cupOn(2, 0, 0), floor("floor", -5, -5, 5, 5))).toBe(true);
  });

  it("is false while either object is held, and for an object and itself", () => {
    expect(ontop({ ...cupOn(0.2, 0.1), held: true }, table)).toBe(false);
    expect(ontop(cupOn(0.2, 0.1), { ...table, held: true })).toBe(false);
    expect(ontop(table, table)).toBe(false);
  });
});
