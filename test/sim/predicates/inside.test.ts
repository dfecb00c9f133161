import { describe, expect, it } from "vitest";
import { inside } from "../../../sim/predicates/inside.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

const basket = object("basket", restingBox(0, 0, 0, 0.4, 0.3, 0.2), { shape: "container", wall: 0.02 });
const apple = (x: number, y: number, bottom: number, size = 0.08) => object("apple", restingBox(x, y, bottom, size, size, size));

describe("inside", () => {
  it("holds for an object resting in the cavity", () => {
    expect(inside(apple(0, 0, 0.02), basket)).toBe(true);
    expect(inside(apple(0.1, 0.05, 0.02), basket)).toBe(true);
  });

  it("flips when the object is taken out, lifted above or set on the rim", () => {
    expect(inside(apple(0.6, 0, 0), basket)).toBe(false);
    expect(inside(apple(0, 0, 0.3), basket)).toBe(false);
    expect(inside(object("plate", restingBox(0, 0, 0.2, 0.5, 0.5, 0.02)), basket)).toBe(false);
    // mostly over the wall and outside
    expect(inside(apple(0.2 + 0.01, 0, 0.02), basket)).toBe(false);
  });

  it("counts a tall object standing in a shallow container", () => {
    expect(inside(object("bottle", restingBox(0, 0, 0.02, 0.07, 0.07, 0.3)), basket)).toBe(true);
  });

  it("holds for objects stacked on others inside", () => {
    expect(inside(apple(0, 0, 0.1), basket)).toBe(true);
  });

  it("holds in a closed container", () => {
    const cabinet = object("cabinet", restingBox(0, 0, 0, 0.6, 0.5, 0.8), {
      shape: "container",
      abilities: ["openable"],
      states: { open: false },
    });
    expect(inside(apple(0, 0, 0.02), cabinet)).toBe(true);
    expect(inside(apple(0, 0, 0.8), cabinet)).toBe(false); // on its top panel
  });

  it("follows a turned container's interior, not its axis-aligned one", () => {
    const tray = object("tray", restingBox(0, 0, 0, 0.8, 0.2, 0.1, Math.PI / 4), { shape: "container" });
    const along = object("pen", restingBox(0.2, 0.2, 0.02, 0.04, 0.04, 0.02)); // on the turned long axis
    const across = object("pen", restingBox(0.28, -0.02, 0.02, 0.04, 0.04, 0.02)); // in the unturned interior only
    expect(inside(along, tray)).toBe(true);
    expect(inside(across, tray)).toBe(false);
  });

  it("is false for shapes without an interior", () => {
    const table = object("table", restingBox(0, 0, 0, 1, 1, 0.75), { shape: "table" });
    const block = object("block", restingBox(0, 0, 0, 1, 1, 0.75));
    expect(inside(apple(0, 0, 0.3), table)).toBe(false);
    expect(inside(object("core", restingBox(0, 0, 0.2, 0.1, 0.1, 0.1)), block)).toBe(false);
  });

  it("is false while held", () => {
    expect(inside({ ...apple(0, 0, 0.02), held: true }, basket)).toBe(false);
  });
});
