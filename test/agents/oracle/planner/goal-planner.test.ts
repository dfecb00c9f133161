import { describe, expect, it } from "vitest";
import { literalKey, type GroundLiteral } from "../../../../agents/oracle/literal.ts";
import { ChoiceMemory } from "../../../../agents/oracle/planner/choice-memory.ts";
import { GoalPlanner, type ConditionPlan } from "../../../../agents/oracle/planner/goal-planner.ts";
import type { SceneInput } from "../../../../sim/scene/schema.ts";
import { TaskBinding } from "../../../../sim/task/binding.ts";
import { GoalTracker } from "../../../../sim/task/goal-tracker.ts";
import { loadWorld } from "../../../../sim/world/load-world.ts";
import { house, task } from "../fixtures.ts";

/** Plans the task's goal on the house (after `edit`), every false literal costing 1 unless `cost` says otherwise. */
function plan(objects: string[], goal: string, edit?: (s: SceneInput) => void, cost: (l: GroundLiteral) => number = () => 1): ConditionPlan[] {
  const t = task("plan", objects, goal);
  const world = loadWorld(house(edit));
  const binding = new TaskBinding(t.problem, t.task.bindings, world, t.path);
  const tracker = new GoalTracker(world, binding);
  const planner = new GoalPlanner({ world, binding, memory: new ChoiceMemory(), literalCost: cost });
  return planner.plan(tracker.conditions, tracker.conditions.map((c) => tracker.evaluate(c.expr)));
}

const keys = (p: ConditionPlan) => p.choice.literals.map(literalKey);

/** Moves an object (by id) to a new centre. */
const moveTo = (id: string, center: [number, number, number], room?: string) => (s: SceneInput) => {
  const o = s.objects.find((x) => x.id === id)!;
  o.box = { ...o.box, center };
  if (room) o.room = room;
};

describe("GoalPlanner", () => {
  it("reads an atom as one literal, and `not` as its negation", () => {
    const [p] = plan(["book.n.02_1", "table.n.02_1"], "(not (ontop book.n.02_1 table.n.02_1))");
    expect(keys(p!)).toEqual(["!ontop(book_1,table_1)"]);
    expect(p!.holds).toBe(false);
    expect(p!.choice.cost).toBe(1);
  });

  it("takes the exists instance that already holds (cost 0)", () => {
    const [p] = plan(
      ["apple.n.01_1", "basket.n.01_1", "basket.n.01_2"],
      "(exists (?b - basket.n.01) (inside apple.n.01_1 ?b))",
      moveTo("apple_1", [9.0, 4.2, 0.02 + 0.04], "living_room"),
    );
    expect(p!.holds).toBe(true);
    expect(keys(p!)).toEqual(["inside(apple_1,basket_2)"]);
    expect(p!.choice.cost).toBe(0);
  });

  it("takes the cheapest exists instance when none holds", () => {
    const [p] = plan(["apple.n.01_1", "basket.n.01_1", "basket.n.01_2"], "(exists (?b - basket.n.01) (inside apple.n.01_1 ?b))", undefined, (l) =>
      l.args[1] === "basket_1" ? 3 : 1,
    );
    expect(keys(p!)).toEqual(["inside(apple_1,basket_2)"]);
  });

  it("for forn N keeps N instances and makes the extras false", () => {
    const onTable = (id: string, x: number) => moveTo(id, [x, 2.5, 0.75 + 0.04], "living_room");
    const [p] = plan(
      ["apple.n.01_1", "apple.n.01_2", "apple.n.01_3", "table.n.02_1"],
      "(forn (2) (?a - apple.n.01) (ontop ?a table.n.02_1))",
      (s) => [onTable("apple_1", 7.0), onTable("apple_2", 7.5), onTable("apple_3", 7.9)].forEach((f) => f(s)),
    );
    expect(p!.holds).toBe(false);
    expect(keys(p!)).toEqual(["ontop(apple_1,table_1)", "ontop(apple_2,table_1)", "!ontop(apple_3,table_1)"]);
    expect(p!.choice.cost).toBe(1);
  });

  it("for forpairs builds a matching and keeps a pair that already holds", () => {
    const [p] = plan(
      ["apple.n.01_1", "apple.n.01_2", "basket.n.01_1", "basket.n.01_2"],
      "(forpairs (?b - basket.n.01) (?a - apple.n.01) (inside ?a ?b))",
      moveTo("apple_1", [9.0, 4.2, 0.02 + 0.04], "living_room"),
    );
    expect(keys(p!).sort()).toEqual(["inside(apple_1,basket_2)", "inside(apple_2,basket_1)"]);
    expect(p!.choice.cost).toBe(1);
  });

  it("takes the disjunct that holds, and satisfies imply through a false premise", () => {
    const [or, imply] = plan(
      ["apple.n.01_1", "table.n.02_1", "countertop.n.01_1", "electric_refrigerator.n.01_1"],
      "(and (or (ontop apple.n.01_1 table.n.02_1) (ontop apple.n.01_1 countertop.n.01_1)) (imply (open electric_refrigerator.n.01_1) (inside apple.n.01_1 electric_refrigerator.n.01_1)))",
    );
    expect(keys(or!)).toEqual(["ontop(apple_1,counter_1)"]);
    expect(keys(imply!)).toEqual(["!open(fridge_1)"]);
    expect(imply!.choice.cost).toBe(0);
  });

  it("avoids choices that would undo a condition that already holds", () => {
    // apple_1 is on the counter as the first condition wants: the exists must use another apple
    const [, p] = plan(
      ["apple.n.01_1", "apple.n.01_2", "countertop.n.01_1", "table.n.02_1"],
      "(and (ontop apple.n.01_1 countertop.n.01_1) (exists (?a - apple.n.01) (ontop ?a table.n.02_1)))",
    );
    expect(keys(p!)).toEqual(["ontop(apple_2,table_1)"]);
  });

  it("marks a condition impossible when every way is infinitely expensive", () => {
    const [p] = plan(["apple.n.01_1", "basket.n.01_1", "basket.n.01_2"], "(exists (?b - basket.n.01) (inside apple.n.01_1 ?b))", undefined, () => Infinity);
    expect(p!.choice.cost).toBe(Infinity);
  });
});
