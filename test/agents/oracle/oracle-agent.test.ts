import { describe, expect, it } from "vitest";
import { holdsAtom } from "../../../sim/task/atoms.ts";
import { house, indexOfAction, runOracle, task, transcript, type OracleRun } from "./fixtures.ts";

/** The run ended with `done` while every goal condition held. */
function expectSolved(run: OracleRun): void {
  const last = run.steps.at(-1)!;
  expect(last.action, transcript(run)).toEqual({ type: "done" });
  expect(run.terminated).toBe(true);
  run.env.tracker.recheckAll();
  expect(run.env.tracker.allHold(), transcript(run)).toBe(true);
  expect(run.env.tracker.satisfied()).toHaveLength(run.env.tracker.conditions.length);
}

const holds = (run: OracleRun, pred: string, ...args: string[]) => holdsAtom(run.env.world, pred, args);

describe("OracleAgent", () => {
  it("puts an apple in the closed fridge: opens it first, closes it after placing", () => {
    const run = runOracle(
      house(),
      task("apple-in-fridge", ["apple.n.01_1", "electric_refrigerator.n.01_1"], "(and (inside apple.n.01_1 electric_refrigerator.n.01_1) (not (open electric_refrigerator.n.01_1)))"),
    );
    expectSolved(run);
    const opened = indexOfAction(run, { type: "open", object: "fridge_1" });
    const placed = indexOfAction(run, { type: "place", object: "apple_1", target: "fridge_1" });
    const closed = indexOfAction(run, { type: "close", object: "fridge_1" });
    expect(opened).toBeGreaterThanOrEqual(0);
    expect(opened).toBeLessThan(placed);
    expect(placed).toBeLessThan(closed);
    expect(run.steps.every((s) => s.feedback.ok), transcript(run)).toBe(true);
  });

  it("takes a cup out of a closed cabinet and closes the cabinet again", () => {
    const run = runOracle(
      house(),
      task("cup-to-table", ["cup.n.01_1", "table.n.02_1", "cabinet.n.01_1"], "(and (ontop cup.n.01_1 table.n.02_1) (not (open cabinet.n.01_1)))"),
    );
    expectSolved(run);
    expect(indexOfAction(run, { type: "open", object: "cabinet_1" })).toBeLessThan(indexOfAction(run, { type: "pick", object: "cup_1" }));
    expect(holds(run, "open", "cabinet_1")).toBe(false);
  });

  it("solves exists by filling one basket", () => {
    const run = runOracle(house(), task("apple-in-a-basket", ["apple.n.01_1", "basket.n.01_1", "basket.n.01_2"], "(exists (?b - basket.n.01) (inside apple.n.01_1 ?b))"));
    expectSolved(run);
    // basket_1 is the nearer one to the apple
    expect(["basket_1", "basket_2"].filter((b) => holds(run, "inside", "apple_1", b))).toEqual(["basket_1"]);
  });

  it("calls done at once when the goal already holds", () => {
    const run = runOracle(house(), task("already", ["apple.n.01_1", "countertop.n.01_1"], "(ontop apple.n.01_1 countertop.n.01_1)"));
    expect(run.steps.map((s) => s.action)).toEqual([{ type: "done" }]);
    expectSolved(run);
  });

  it("solves forn 2 with three candidate apples: exactly two end on the table", () => {
    const run = runOracle(
      house(),
      task("two-apples", ["apple.n.01_1", "apple.n.01_2", "apple.n.01_3", "table.n.02_1"], "(forn (2) (?a - apple.n.01) (ontop ?a table.n.02_1))"),
    );
    expectSolved(run);
    expect(["apple_1", "apple_2", "apple_3"].filter((a) => holds(run, "ontop", a, "table_1"))).toHaveLength(2);
  });

  it("solves forn 1 when too many already hold by moving the extras away", () => {
    const onTable = house((s) => {
      s.objects.filter((o) => o.id.startsWith("apple_")).forEach((o, i) => {
        o.room = "living_room";
        o.box = { ...o.box, center: [7.0 + 0.3 * i, 2.3, 0.75 + 0.04] };
      });
    });
    const run = runOracle(onTable, task("one-apple", ["apple.n.01_1", "apple.n.01_2", "apple.n.01_3", "table.n.02_1"], "(forn (1) (?a - apple.n.01) (ontop ?a table.n.02_1))"));
    expectSolved(run);
    expect(["apple_1", "apple_2", "apple_3"].filter((a) => holds(run, "ontop", a, "table_1"))).toHaveLength(1);
    expect(run.steps.filter((s) => s.action.type === "pick")).toHaveLength(2);
  });

  it("solves forpairs (baskets × apples) with one apple per basket", () => {
    const run = runOracle(
      house(),
      task("apple-per-basket", ["apple.n.01_1", "apple.n.01_2", "basket.n.01_1", "basket.n.01_2"], "(forpairs (?b - basket.n.01) (?a - apple.n.01) (inside ?a ?b))"),
    );
    expectSolved(run);
    for (const b of ["basket_1", "basket_2"]) expect(["apple_1", "apple_2"].filter((a) => holds(run, "inside", a, b))).toHaveLength(1);
  });

  it("makes not ontop true by moving the book off the table, and keeps it off", () => {
    const run = runOracle(house(), task("book-off-table", ["book.n.02_1", "table.n.02_1"], "(not (ontop book.n.02_1 table.n.02_1))"));
    expectSolved(run);
    expect(run.env.world.agent.holding).toBeNull();
  });

  it("switches the lamp on in another room", () => {
    const run = runOracle(house(), task("lamp-on", ["floor_lamp.n.01_1"], "(toggled_on floor_lamp.n.01_1)"));
    expectSolved(run);
    expect(indexOfAction(run, { type: "toggle_on", object: "floor_lamp_1" })).toBe(run.steps.length - 2);
  });

  it("places an apple next to the bowl", () => {
    const run = runOracle(house(), task("apple-by-bowl", ["apple.n.01_1", "bowl.n.01_1"], "(nextto apple.n.01_1 bowl.n.01_1)"));
    expectSolved(run);
  });

  it("puts the shoe under the living-room table", () => {
    const run = runOracle(house(), task("shoe-under-table", ["shoe.n.01_1", "table.n.02_1"], "(under shoe.n.01_1 table.n.02_1)"));
    expectSolved(run);
    expect(indexOfAction(run, { type: "place", object: "shoe_1", relation: "under", target: "table_1" })).toBeGreaterThan(0);
  });

  it("brings the apple into the bedroom (inroom)", () => {
    const run = runOracle(house(), task("apple-to-bedroom", ["apple.n.01_1"], "(inroom apple.n.01_1 bedroom)"));
    expectSolved(run);
    expect(run.env.world.objects.get("apple_1")!.room).toBe("bedroom");
  });

  it("solves several conditions at once without undoing finished ones", () => {
    const run = runOracle(
      house(),
      task(
        "tidy",
        ["apple.n.01_1", "milk.n.01_1", "book.n.02_1", "basket.n.01_1", "table.n.02_1", "electric_refrigerator.n.01_1"],
        "(and (ontop milk.n.01_1 table.n.02_1) (inside book.n.02_1 basket.n.01_1) (inside apple.n.01_1 electric_refrigerator.n.01_1) (not (open electric_refrigerator.n.01_1)))",
      ),
    );
    expectSolved(run);
    expect(run.steps.filter((s) => s.action.type === "place" && s.action.object !== "apple_1" && s.action.object !== "milk_1" && s.action.object !== "book_1")).toHaveLength(0);
  });

  it("switches a lamp on through the wall switch that controls it", () => {
    const wired = house((s) => {
      const lamp = s.objects.find((o) => o.id === "floor_lamp_1")!;
      lamp.abilities = [];
      s.objects.push({
        id: "switch_1", category: "light_switch.n.01", room: "bedroom", kind: "fixed", abilities: ["toggleable"], controls: ["floor_lamp_1"],
        box: { center: [0.5, 5.5, 1.2], size: [0.08, 0.02, 0.12], heading: 0 },
      });
    });
    const run = runOracle(wired, task("lamp-by-switch", ["floor_lamp.n.01_1"], "(toggled_on floor_lamp.n.01_1)"));
    expectSolved(run);
    expect(indexOfAction(run, { type: "toggle_on", object: "switch_1" })).toBeGreaterThanOrEqual(0);
  });

  it("makes two objects touch, and puts an object on a named floor", () => {
    const run = runOracle(
      house(),
      task("touch-and-floor", ["apple.n.01_2", "book.n.02_1", "shoe.n.01_1", "floor.n.01_1"], "(and (touching apple.n.01_2 book.n.02_1) (onfloor shoe.n.01_1 floor.n.01_1))"),
    );
    expectSolved(run);
    expect(run.env.world.objects.get("shoe_1")!.room).toBe("kitchen");
  });

  it("takes an object out of a room for not inroom", () => {
    const run = runOracle(house(), task("shoe-out", ["shoe.n.01_1"], "(not (inroom shoe.n.01_1 bedroom))"));
    expectSolved(run);
    expect(run.env.world.objects.get("shoe_1")!.room).not.toBe("bedroom");
    expect(run.env.world.agent.holding).toBeNull();
  });

  it("gives up on an impossible goal within a bounded number of steps", () => {
    // a book does not fit in the bowl: place keeps failing, the oracle tries, then stops
    const run = runOracle(house(), task("book-in-bowl", ["book.n.02_1", "bowl.n.01_1"], "(inside book.n.02_1 bowl.n.01_1)"), { maxSteps: 200 });
    expect(run.steps.at(-1)!.action).toEqual({ type: "done" });
    expect(run.truncated).toBe(false);
    expect(run.steps.length).toBeLessThan(40);
    expect(run.steps.filter((s) => !s.feedback.ok).length).toBeLessThanOrEqual(3);
  });

  it("gives up at once on a literal no achiever can make true", () => {
    const run = runOracle(house(), task("table-in-basket", ["table.n.02_1", "basket.n.01_1"], "(inside table.n.02_1 basket.n.01_1)"));
    expect(run.steps.map((s) => s.action)).toEqual([{ type: "done" }]);
    expect(run.agent.lastStepInfo.oracle).toMatch(/^done: no goal literal/);
  });
});

describe("OracleAgent when the target is taken", () => {
  it("clears a stacked object off the target before placing on it", () => {
    const stacked = house((s) => {
      const book = s.objects.find((o) => o.id === "book_1")!;
      const [x, y, z] = book.box.center as [number, number, number];
      s.objects.push({ ...book, id: "book_2", box: { ...book.box, center: [x, y, z + 0.04] } });
    });
    const run = runOracle(stacked, task("apple-on-book", ["apple.n.01_1", "book.n.02_1"], "(ontop apple.n.01_1 book.n.02_1)"));
    expectSolved(run);
    expect(holds(run, "ontop", "book_2", "book_1")).toBe(false);
    expect(run.steps.some((s) => s.action.type === "place" && s.action.object === "book_2")).toBe(true);
  });

  it("meets on the support when there is no room beside an object that must stay there", () => {
    // the book on the table is boxed in by four cartons: nothing fits beside it where it lies
    const boxedIn = house((s) => {
      const carton = (id: string, cx: number, cy: number, sx: number, sy: number) =>
        s.objects.push({ id, category: "carton.n.02", room: "living_room", kind: "carryable", box: { center: [cx, cy, 0.75 + 0.1], size: [sx, sy, 0.2], heading: 0 } });
      carton("carton_1", 7.3 - 0.1 - 0.005 - 0.1, 2.5, 0.2, 0.4);
      carton("carton_2", 7.3 + 0.1 + 0.005 + 0.1, 2.5, 0.2, 0.4);
      carton("carton_3", 7.3, 2.5 - 0.075 - 0.005 - 0.05, 0.2, 0.1);
      carton("carton_4", 7.3, 2.5 + 0.075 + 0.005 + 0.05, 0.2, 0.1);
    });
    const run = runOracle(
      boxedIn,
      task("apple-by-book", ["apple.n.01_1", "book.n.02_1", "table.n.02_1"], "(and (ontop book.n.02_1 table.n.02_1) (nextto apple.n.01_1 book.n.02_1))"),
    );
    expectSolved(run);
    expect(run.steps.some((s) => !s.feedback.ok && s.action.type === "place" && s.action.relation === "nextto")).toBe(true);
  });
});
