import { describe, expect, it } from "vitest";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import { bottomZ } from "../../../sim/geometry/vertical.ts";
import { settleScene } from "../../../sim/physics/settle-scene.ts";
import { snapDown } from "../../../sim/physics/support.ts";
import { inside } from "../../../sim/predicates/inside.ts";
import { onfloor } from "../../../sim/predicates/onfloor.ts";
import { ontop } from "../../../sim/predicates/ontop.ts";
import { floor, object, restingBox, type TestObject } from "../geometry/fixtures.ts";

function settle(objects: TestObject[]) {
  const index = new SpatialIndex(1);
  for (const o of objects) index.insert(o.id, o.box);
  return { report: settleScene(objects, index), index };
}

describe("settleScene", () => {
  it("drops floating objects onto the highest support below and lifts sunk ones onto it", () => {
    const fl = floor("floor_1", -5, -5, 5, 5);
    const table = object("table_1", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
    const cup = object("cup", restingBox(0.2, 0.1, 0.8, 0.08, 0.08, 0.1)); // 5 cm above the table
    const plate = object("plate", restingBox(-0.2, 0, 0.74, 0.2, 0.2, 0.02)); // 1 cm into it
    const ball = object("ball", restingBox(2, 2, 0.3, 0.2, 0.2, 0.2)); // above the floor
    const objects = [fl, table, cup, plate, ball];
    const { report, index } = settle(objects);
    expect(report.moved.sort()).toEqual(["ball", "cup", "plate"]);
    expect(report.unstable).toEqual([]);
    expect(ontop(cup, table)).toBe(true);
    expect(bottomZ(cup.box)).toBeCloseTo(0.75, 12);
    expect(bottomZ(plate.box)).toBeCloseTo(0.75, 12);
    expect(onfloor(ball, fl)).toBe(true);
    expect(index.query(ball.box, 0)).toContain("ball");
    expect(table.box.center.z).toBeCloseTo(0.375, 12); // fixed furniture stays
  });

  it("settles a stack from the bottom up and things inside a container onto its base", () => {
    const table = object("table_1", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
    const b1 = object("b1", restingBox(0, 0, 0.78, 0.3, 0.3, 0.1));
    const b2 = object("b2", restingBox(0, 0, 0.9, 0.25, 0.25, 0.1));
    const basket = object("basket", restingBox(0.4, 0, 0.8, 0.3, 0.3, 0.2), { shape: "container" });
    const apple = object("apple", restingBox(0.4, 0, 0.9, 0.08, 0.08, 0.08));
    settle([b2, apple, table, basket, b1]);
    expect(ontop(b1, table)).toBe(true);
    expect(ontop(b2, b1)).toBe(true);
    expect(ontop(basket, table)).toBe(true);
    expect(inside(apple, basket)).toBe(true);
    expect(bottomZ(apple.box)).toBeCloseTo(0.77, 12);
  });

  it("lets an object whose centre hangs over an edge fall to the floor and reports it", () => {
    const fl = floor("floor_1", -5, -5, 5, 5);
    const table = object("table_1", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
    const book = object("book", restingBox(0.65, 0, 0.75, 0.2, 0.15, 0.03)); // centre 5 cm past the edge
    const { report } = settle([fl, table, book]);
    expect(report.unstable).toEqual(["book"]);
    expect(report.moved).toEqual(["book"]);
    expect(ontop(book, table)).toBe(false);
    expect(onfloor(book, fl)).toBe(true);
  });

  it("keeps an object bridging two tables, its centre over the gap", () => {
    const left = object("left", restingBox(-0.3, 0, 0, 0.5, 0.5, 0.75), { kind: "fixed" });
    const right = object("right", restingBox(0.3, 0, 0, 0.5, 0.5, 0.75), { kind: "fixed" });
    const board = object("board", restingBox(0, 0, 0.76, 0.5, 0.3, 0.02));
    const { report } = settle([left, right, board]);
    expect(report.unstable).toEqual([]);
    expect(ontop(board, left) && ontop(board, right)).toBe(true);
  });

  it("never moves held objects", () => {
    const cup = object("cup", restingBox(0, 0, 1.2, 0.08, 0.08, 0.1), { held: true });
    const { report } = settle([cup]);
    expect(report.moved).toEqual([]);
    expect(bottomZ(cup.box)).toBeCloseTo(1.2, 12);
  });
});

describe("snapDown", () => {
  it("rests on the bare floor plane when nothing is below", () => {
    const snap = snapDown(restingBox(0, 0, 0.5, 0.1, 0.1, 0.1), []);
    expect(bottomZ(snap.box)).toBe(0);
    expect(snap.stable).toBe(true);
  });

  it("judges balance by the support polygon, not by any single support", () => {
    const a = object("a", restingBox(-0.3, 0, 0, 0.2, 0.5, 0.5), { kind: "fixed" });
    const b = object("b", restingBox(0.3, 0, 0, 0.2, 0.5, 0.5), { kind: "fixed" });
    expect(snapDown(restingBox(0, 0, 0.5, 0.8, 0.1, 0.02), [a, b]).stable).toBe(true);
    expect(snapDown(restingBox(0.28, 0, 0.5, 0.3, 0.1, 0.02), [a, b]).stable).toBe(true);
    expect(snapDown(restingBox(0.45, 0, 0.5, 0.2, 0.1, 0.02), [a, b]).stable).toBe(false);
  });
});
