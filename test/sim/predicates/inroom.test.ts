import { describe, expect, it } from "vitest";
import { inroom } from "../../../sim/predicates/inroom.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

const kitchen = { id: "kitchen_0", type: "kitchen", outdoor: false, footprint: { min: { x: 0, y: 0 }, max: { x: 4, y: 4 } } };

describe("inroom", () => {
  it("holds when the centre is in the footprint", () => {
    expect(inroom(object("cup", restingBox(1, 1, 0, 0.1, 0.1, 0.1)), kitchen)).toBe(true);
    expect(inroom(object("cup", restingBox(4.2, 1, 0, 0.1, 0.1, 0.1)), kitchen)).toBe(false);
    // a sofa poking through the wall still belongs to the room its centre is in
    expect(inroom(object("sofa", restingBox(3.5, 1, 0, 2, 1, 0.8)), kitchen)).toBe(true);
  });

  it("uses the object's room while it is held", () => {
    const held = object("cup", restingBox(40, 40, 0, 0.1, 0.1, 0.1), { held: true, room: "kitchen_0" });
    expect(inroom(held, kitchen)).toBe(true);
    expect(inroom({ ...held, room: "garage_0" }, kitchen)).toBe(false);
  });
});
