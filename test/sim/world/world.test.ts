import { describe, expect, it } from "vitest";
import { World } from "../../../sim/world/world.ts";
import { deriveSupports } from "../../../sim/world/load-world.ts";
import { tinyFlat, tinyFlatInput } from "../../helpers/scenes.ts";
import { SceneSchema } from "../../../sim/scene/schema.ts";

describe("World scene graph", () => {
  it("adds a floor object per room whose top is z = 0", () => {
    const w = new World(tinyFlat());
    const floor = w.get("floor_kitchen");
    expect(floor.shape).toBe("floor");
    expect(floor.box.center.z + floor.box.size.z / 2).toBeCloseTo(0, 9);
  });

  it("derives supports from geometry: on the counter, inside the fridge, on the floor", () => {
    const w = new World(tinyFlat());
    deriveSupports(w);
    expect(w.supports.get("apple_1")).toEqual({ relation: "ontop", target: "counter_1" });
    expect(w.supports.get("apple_2")).toEqual({ relation: "inside", target: "fridge_1" });
    expect(w.supports.get("book_1")).toEqual({ relation: "onfloor", target: "floor_living" });
    // the scene graph mirrors it: the apple in the fridge is the fridge node's child
    expect(w.get("apple_2").node.parent).toBe(w.get("fridge_1").node);
  });

  it("an object standing under a table records the table as what it is under", () => {
    const input = tinyFlatInput();
    input.objects.push({ id: "ball_1", category: "ball.n.01", room: "kitchen", kind: "carryable", box: { center: [2, 1.2, 0.1], size: [0.2, 0.2, 0.2] } });
    const w = new World(SceneSchema.parse(input));
    deriveSupports(w);
    expect(w.supports.get("ball_1")).toEqual({ relation: "under", target: "table_1" });
    expect(w.get("ball_1").node.parent?.name).toBe("kitchen");
  });

  it("setState replaces an object's states record and leaves the one it replaced as it was", () => {
    const w = new World(tinyFlat());
    const fridge = w.get("fridge_1");
    const before = fridge.states;
    const seen = JSON.stringify(before);
    expect(w.setState("fridge_1", "open", !(before.open ?? false))).toEqual(["fridge_1"]);
    expect(fridge.states).not.toBe(before);
    expect(JSON.stringify(before)).toBe(seen);
    expect(fridge.states.open).toBe(!(before.open ?? false));
    // the keys keep their order, a new one comes last, as an edit in place would leave them
    expect(Object.keys(fridge.states)).toEqual([...new Set([...Object.keys(before), "open"])]);
    // setting what already holds changes nothing, not even the record
    const now = fridge.states;
    expect(w.setState("fridge_1", "open", now.open!)).toEqual([]);
    expect(fridge.states).toBe(now);
  });

  it("a held object is a child of the agent and moves with it", () => {
    const w = new World(tinyFlat());
    deriveSupports(w);
    w.hold("book_1");
    expect(w.get("book_1").node.parent).toBe(w.agent.node);
    w.moveAgent("kitchen", { x: 2, y: 2 });
    const b = w.get("book_1");
    expect(b.box.center.x).toBeCloseTo(2, 9);
    expect(b.box.center.y).toBeCloseTo(2, 9);
    expect(b.room).toBe("kitchen");
    expect(b.held).toBe(true);
  });

  it("an object inside a carried container moves with it, keeping its offset", () => {
    const w = new World(tinyFlat());
    deriveSupports(w);
    const apple = w.get("apple_1");
    const basket = w.get("basket_1");
    const inBasket = { center: { x: basket.box.center.x + 0.05, y: basket.box.center.y, z: basket.box.center.z - 0.1 + 0.02 + 0.04 }, size: apple.box.size, heading: 0 };
    w.setPose("apple_1", inBasket, { relation: "inside", target: "basket_1" });
    w.hold("basket_1");
    w.moveAgent("living", { x: 7, y: 2 });
    const a = w.get("apple_1").box.center;
    const c = w.get("basket_1").box.center;
    expect(a.x - c.x).toBeCloseTo(0.05, 9);
    expect(a.z - c.z).toBeCloseTo(-0.04, 9);
    expect(w.get("apple_1").room).toBe("living");
  });

  it("world boxes follow a rotated parent (three.js matrices updated explicitly)", () => {
    const w = new World(tinyFlat());
    deriveSupports(w);
    const basket = w.get("basket_1");
    w.setPose("apple_1", { center: { x: basket.box.center.x + 0.1, y: basket.box.center.y, z: 0.8 }, size: { x: 0.08, y: 0.08, z: 0.08 }, heading: 0 }, { relation: "inside", target: "basket_1" });
    w.setPose("basket_1", { center: { x: 3, y: 1, z: 0.1 }, size: basket.box.size, heading: Math.PI / 2 }, { relation: "onfloor", target: "floor_kitchen" });
    const a = w.get("apple_1").box;
    expect(a.center.x).toBeCloseTo(3, 9);
    expect(a.center.y).toBeCloseTo(1.1, 9);
    expect(a.heading).toBeCloseTo(Math.PI / 2, 9);
  });
});
