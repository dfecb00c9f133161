import { describe, expect, it } from "vitest";
import { onfloor } from "../../../sim/predicates/onfloor.ts";
import { floor, object, restingBox } from "../geometry/fixtures.ts";

const kitchenFloor = floor("floor_kitchen", 0, 0, 4, 4, "kitchen");
const livingFloor = floor("floor_living", 4, 0, 10, 4, "living_room");
const basket = (x: number, bottom = 0) => object("basket", restingBox(x, 1, bottom, 0.4, 0.3, 0.2), { shape: "container" });

describe("onfloor", () => {
  it("holds on the floor of the room the object stands in", () => {
    expect(onfloor(basket(1), kitchenFloor)).toBe(true);
    expect(onfloor(basket(1), livingFloor)).toBe(false);
    expect(onfloor(basket(6), livingFloor)).toBe(true);
  });

  it("flips when the object is raised", () => {
    expect(onfloor(basket(1, 0.75), kitchenFloor)).toBe(false);
    expect(onfloor(basket(1, 0.01), kitchenFloor)).toBe(true);
  });

  it("decides a doorway by the object's centre", () => {
    expect(onfloor(basket(3.9), kitchenFloor)).toBe(true);
    expect(onfloor(basket(3.9), livingFloor)).toBe(false);
  });

  it("needs a floor object and a free object", () => {
    const rug = object("rug", restingBox(1, 1, -0.01, 2, 2, 0.01));
    expect(onfloor(basket(1), rug)).toBe(false);
    expect(onfloor({ ...basket(1), held: true }, kitchenFloor)).toBe(false);
  });
});
