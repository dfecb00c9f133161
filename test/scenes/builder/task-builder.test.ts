import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { formatExpr } from "../../../sim/bddl/format.ts";
import { TaskSchema } from "../../../sim/task/schema.ts";
import { FURNITURE as F, ITEMS as I } from "../../../scenes/builder/catalog.ts";
import { SceneBuilder } from "../../../scenes/builder/scene-builder.ts";
import { budgetFor, buildTask, goalVocabulary, TaskBuildError, type TaskSpec } from "../../../scenes/builder/task-builder.ts";

function house(): SceneBuilder {
  return new SceneBuilder({ id: "t", name: "test", description: "" })
    .room("kitchen", "kitchen", [0, 0], [5, 5])
    .room("hall", "corridor", [0, 5], [5, 6])
    .door("kitchen", "hall")
    .onFloor("fridge", F.fridge, "kitchen", 4.5, 4.5)
    .onFloor("table", F.kitchenTable, "kitchen", 2, 2)
    .onTop("bowl", I.fruitBowl, "table", 0.3, 0)
    .inside("apple_1", I.apple, "bowl")
    .onTop("apple_2", I.apple, "table", -0.3, 0)
    .inside("apple_3", I.apple, "fridge")
    .onFloor("lamp", F.floorLamp, "hall", 4, 0.5, { states: { toggled_on: true } })
    .agentStart("hall");
}

const FRIDGE_TASK: TaskSpec = {
  id: "t-apples",
  instruction: "Put the apples from the table in the fridge.",
  family: "test",
  bind: { "apple.n.01_1": "apple_1", "apple.n.01_2": "apple_2", "electric_refrigerator.n.01_1": "fridge" },
  goal: "(and (forall (?apple.n.01 - apple.n.01) (inside ?apple.n.01 ?electric_refrigerator.n.01_1)))",
  optimalSteps: 10,
};

function problemsOf(spec: TaskSpec): string {
  try {
    buildTask(house(), spec);
    return "";
  } catch (e) {
    if (e instanceof TaskBuildError) return e.message;
    throw e;
  }
}

describe("buildTask", () => {
  it("derives :init from the scene: anchors each bound object to what holds it, declaring the supports", () => {
    const { task, maxSteps } = buildTask(house(), FRIDGE_TASK);
    expect(TaskSchema.safeParse(task).success).toBe(true);
    expect(maxSteps).toBe(budgetFor(10));
    const problem = parseProblem(task.bddl!, "t-apples");
    expect(problem.init.map(formatExpr)).toEqual([
      "(inroom table.n.02_1 kitchen)",
      "(ontop bowl.n.01_1 table.n.02_1)",
      "(inside apple.n.01_1 bowl.n.01_1)",
      "(ontop apple.n.01_2 table.n.02_1)",
      "(inroom electric_refrigerator.n.01_1 kitchen)",
      "(not (open electric_refrigerator.n.01_1))",
      "(inroom floor.n.01_1 corridor)",
      "(onfloor agent.n.01_1 floor.n.01_1)",
    ]);
    expect(task.bindings).toMatchObject({ "table.n.02_1": "table", "bowl.n.01_1": "bowl", "floor.n.01_1": "floor_hall", "agent.n.01_1": "agent" });
    // the goal is copied, not rewritten
    expect(formatExpr(problem.goal)).toContain("forall");
    expect(task.tags).toEqual(expect.arrayContaining(["and", "forall", "inside"]));
  });

  it("states toggled_on for toggleable objects and inroom for fixed ones", () => {
    const { task } = buildTask(house(), {
      ...FRIDGE_TASK,
      id: "t-lamp",
      bind: { "lamp.n.02_1": "lamp" },
      goal: "(and (not (toggled_on ?lamp.n.02_1)))",
    });
    const init = parseProblem(task.bddl!, "t-lamp").init.map(formatExpr);
    expect(init).toEqual(expect.arrayContaining(["(inroom lamp.n.02_1 corridor)", "(toggled_on lamp.n.02_1)"]));
  });

  it("refuses a binding to an object of another category, or to a missing object", () => {
    expect(problemsOf({ ...FRIDGE_TASK, bind: { ...FRIDGE_TASK.bind, "apple.n.01_2": "bowl" } })).toContain(
      "apple.n.01_2 binds to bowl, whose category is bowl.n.01",
    );
    expect(problemsOf({ ...FRIDGE_TASK, bind: { ...FRIDGE_TASK.bind, "apple.n.01_2": "pear" } })).toContain(
      'apple.n.01_2 binds to "pear", which is not in scene t',
    );
  });

  it("refuses a goal naming an unbound instance", () => {
    expect(problemsOf({ ...FRIDGE_TASK, goal: "(and (inside ?apple.n.01_1 ?bowl.n.01_1))" })).toContain(
      "the goal names bowl.n.01_1 but it is not bound",
    );
  });

  it("refuses to silently widen a quantifier with an auto-declared support of the same category", () => {
    // apple_1 rests in the bowl: declaring the bowl for :init would add a bowl the forall ranges over
    const message = problemsOf({
      ...FRIDGE_TASK,
      bind: { "apple.n.01_1": "apple_1" },
      goal: "(and (forall (?bowl.n.01 - bowl.n.01) (ontop ?bowl.n.01 ?bowl.n.01)))",
    });
    expect(message).toContain("bind it explicitly since the goal quantifies over bowl.n.01");
  });
});

describe("goalVocabulary", () => {
  it("lists predicates and operators once, sorted", () => {
    expect(goalVocabulary("(and (forn (2) (?a.n.01 - a.n.01) (ontop ?a.n.01 ?b.n.01_1)) (not (open ?b.n.01_1)))")).toEqual([
      "and",
      "forn",
      "not",
      "ontop",
      "open",
    ]);
  });
});
