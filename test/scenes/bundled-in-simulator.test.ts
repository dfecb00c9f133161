/**
 * The bundled scenes are at rest and the tasks make sense in them, checked with the simulator's own
 * physics settling, parser, predicates and goal tracker. Scenes: loading moves no object. Tasks: every BDDL problem parses, declares exactly the bound instances, states only initial facts
 * that are true, is not already solved at the start, and the default suite uses every predicate and
 * quantifier. Tags that promise something (hidden objects, partly satisfied goals) keep their promise.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../sim/bddl/parser.ts";
import { formatExpr } from "../../sim/bddl/format.ts";
import { atomsOf } from "../../sim/bddl/walk.ts";
import type { BddlExpr } from "../../sim/bddl/ast.ts";
import { SceneSchema } from "../../sim/scene/schema.ts";
import { TaskSchema } from "../../sim/task/schema.ts";
import { TaskBinding } from "../../sim/task/binding.ts";
import { GoalTracker } from "../../sim/task/goal-tracker.ts";
import { loadWorld } from "../../sim/world/load-world.ts";
import { SuiteSchema } from "../../harness/suite/schema.ts";
import { committed } from "./bundled-files.ts";

const PREDICATES = ["ontop", "inside", "nextto", "under", "onfloor", "touching", "inroom", "open", "toggled_on"];
const OPERATORS = ["and", "or", "not", "imply", "forall", "exists", "forn", "forpairs", "fornpairs"];

const suiteFile = committed("suites", ".suite.json").find((f) => f.path === "suites/default.suite.json")!;
const suite = SuiteSchema.parse(suiteFile.json);
const episodes = suite.episodes.map((e) => {
  const dir = path.dirname(suiteFile.absolute);
  const scenePath = path.resolve(dir, e.scene);
  const taskPath = path.resolve(dir, e.task);
  const scene = SceneSchema.parse(committed("houses", ".scene.json").find((f) => path.resolve(f.absolute) === scenePath)!.json);
  const task = TaskSchema.parse(committed("tasks", ".task.json").find((f) => path.resolve(f.absolute) === taskPath)!.json);
  return { id: e.id, scene, task, taskPath };
});

/** Loads the episode's world and goal tracker at the start state. */
function start(e: (typeof episodes)[number]) {
  const problem = parseProblem(e.task.bddl!, `${e.taskPath} ($.bddl)`);
  const world = loadWorld(e.scene);
  const binding = new TaskBinding(problem, e.task.bindings, world, e.taskPath);
  return { problem, world, binding, tracker: new GoalTracker(world, binding) };
}

function operatorsOf(expr: BddlExpr): string[] {
  switch (expr.op) {
    case "atom":
      return [];
    case "not":
      return ["not", ...operatorsOf(expr.arg)];
    case "and":
    case "or":
      return [expr.op, ...expr.args.flatMap(operatorsOf)];
    case "imply":
      return ["imply", ...operatorsOf(expr.if), ...operatorsOf(expr.then)];
    default:
      return [expr.op, ...operatorsOf(expr.body)];
  }
}

describe("bundled scenes", () => {
  const scenes = committed("houses", ".scene.json").map((f) => [f.path, SceneSchema.parse(f.json)] as const);

  it.each(scenes)("%s is already at rest: settling on load moves no object", (_p, scene) => {
    const world = loadWorld(scene);
    const moved = scene.objects
      .filter((o) => {
        const now = world.objects.get(o.id)!.box;
        const d = Math.hypot(now.center.x - o.box.center.x, now.center.y - o.box.center.y, now.center.z - o.box.center.z);
        return d > 1e-6 || Math.abs(now.heading - o.box.heading) > 1e-6;
      })
      .map((o) => o.id);
    expect(moved).toEqual([]);
  });
});

describe("bundled task goals", () => {
  it.each(episodes.map((e) => [e.id, e] as const))("%s: BDDL parses and declares exactly the bound instances", (_id, e) => {
    const problem = parseProblem(e.task.bddl!, `${e.taskPath} ($.bddl)`);
    expect([...problem.objects.keys()].sort()).toEqual(Object.keys(e.task.bindings).sort());
    for (const [inst, category] of problem.objects) expect(inst.startsWith(`${category}_`), inst).toBe(true);
  });

  it.each(episodes.map((e) => [e.id, e] as const))("%s: every :init fact holds in the scene", (_id, e) => {
    const { problem, tracker } = start(e);
    expect(problem.init.filter((f) => !tracker.evaluate(f)).map(formatExpr)).toEqual([]);
  });

  it.each(episodes.map((e) => [e.id, e] as const))("%s: the goal is not already met at the start", (_id, e) => {
    const { tracker } = start(e);
    expect(tracker.conditions.length).toBeGreaterThan(0);
    expect(tracker.allHold()).toBe(false);
    if (e.task.tags.includes("partly-satisfied")) expect(tracker.satisfied().length).toBeGreaterThan(0);
  });

  it.each(episodes.filter((e) => e.task.tags.includes("hidden-in-container")).map((e) => [e.id, e] as const))(
    "%s: some object the goal ranges over starts shut in a closed container",
    (_id, e) => {
      const { problem, world, binding } = start(e);
      const ids = new Set([...problem.objects.keys()].map((i) => binding.resolve(i)).filter((x): x is string => !!x));
      const hidden = [...ids].filter((id) => {
        const s = world.supports.get(id);
        const c = s?.relation === "inside" ? world.objects.get(s.target) : undefined;
        return !!c && c.abilities.has("openable") && !c.states.open;
      });
      expect(hidden.length).toBeGreaterThan(0);
    },
  );

  it.each(episodes.filter((e) => e.task.family === "collect-all").map((e) => [e.id, e] as const))(
    "%s: the objects to collect are spread over more than one room",
    (_id, e) => {
      const { problem, world, binding } = start(e);
      const quantified = new Set(quantifiedCategories(problem.goal));
      const rooms = new Set(
        [...problem.objects].filter(([, cat]) => quantified.has(cat)).map(([inst]) => world.objects.get(binding.resolve(inst)!)!.room),
      );
      expect(rooms.size).toBeGreaterThan(1);
    },
  );

  it("the default suite uses every spatial and state predicate, and every connective and quantifier", () => {
    const goals = episodes.map((e) => parseProblem(e.task.bddl!, e.taskPath).goal);
    const preds = new Set(goals.flatMap((g) => atomsOf(g).map((a) => a.pred)));
    const ops = new Set(goals.flatMap(operatorsOf));
    expect(PREDICATES.filter((p) => !preds.has(p))).toEqual([]);
    expect(OPERATORS.filter((o) => !ops.has(o))).toEqual([]);
    // a nested `and` below the top level
    expect(goals.some((g) => g.op === "and" && g.args.some((a) => operatorsOf(a).includes("and")))).toBe(true);
  });
});

/** Categories the goal quantifies over (forall/exists/forn and both sides of pair quantifiers). */
function quantifiedCategories(expr: BddlExpr): string[] {
  switch (expr.op) {
    case "atom":
      return [];
    case "not":
      return quantifiedCategories(expr.arg);
    case "and":
    case "or":
      return expr.args.flatMap(quantifiedCategories);
    case "imply":
      return [...quantifiedCategories(expr.if), ...quantifiedCategories(expr.then)];
    case "forpairs":
    case "fornpairs":
      return [expr.cat1, expr.cat2, ...quantifiedCategories(expr.body)];
    default:
      return [expr.category, ...quantifiedCategories(expr.body)];
  }
}
