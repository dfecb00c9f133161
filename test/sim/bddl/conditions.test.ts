import { describe, expect, it } from "vitest";
import { declaredInstancesOf, expandGoalConditions, formatExpr, topLevelConjuncts } from "../../../sim/bddl/conditions.ts";
import { evaluate } from "../../../sim/bddl/evaluate.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { FakeWorld } from "./helpers.ts";

const OBJECTS = `ashcan.n.01_1 - ashcan.n.01
  can__of__soda.n.01_1 can__of__soda.n.01_2 can__of__soda.n.01_3 - can__of__soda.n.01
  tree.n.01_* - tree.n.01
  egg.n.01_1 egg.n.01_2 - egg.n.01
  floor.n.01_1 - floor.n.01`;

function problem(goal: string) {
  return parseProblem(`(define (problem p) (:domain d) (:objects ${OBJECTS}) (:init) (:goal ${goal}))`, "p.bddl");
}

function expand(goal: string, instancesOf?: (c: string) => string[]) {
  const p = problem(goal);
  return expandGoalConditions(p, instancesOf ?? declaredInstancesOf(p));
}

describe("expandGoalConditions", () => {
  it("picking up trash: a forall over 3 cans is 3 conditions", () => {
    const conds = expand("(and (forall (?can__of__soda.n.01 - can__of__soda.n.01) (inside ?can__of__soda.n.01 ?ashcan.n.01_1)))");
    expect(conds.map((c) => c.text)).toEqual([
      "(inside can__of__soda.n.01_1 ashcan.n.01_1)",
      "(inside can__of__soda.n.01_2 ashcan.n.01_1)",
      "(inside can__of__soda.n.01_3 ashcan.n.01_1)",
    ]);
    expect(conds.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(conds[1]!.instances).toEqual(["can__of__soda.n.01_2", "ashcan.n.01_1"]);
  });

  it("flattens nested top-level ands", () => {
    const conds = expand("(and (and (open egg.n.01_1) (and (open egg.n.01_2))) (open ashcan.n.01_1) (and))");
    expect(conds.map((c) => c.text)).toEqual(["(open egg.n.01_1)", "(open egg.n.01_2)", "(open ashcan.n.01_1)"]);
  });

  it("a single non-and goal is one condition", () => {
    expect(expand("(open ashcan.n.01_1)").map((c) => c.text)).toEqual(["(open ashcan.n.01_1)"]);
  });

  it("a forall over zero instances expands to zero conditions (and is true)", () => {
    const p = problem("(and (forall (?t - tree.n.01) (nextto ?t ashcan.n.01_1)) (open ashcan.n.01_1))");
    const conds = expandGoalConditions(p, declaredInstancesOf(p));
    expect(conds.map((c) => c.text)).toEqual(["(open ashcan.n.01_1)"]);
    expect(evaluate(p.goal, new FakeWorld({}, ["open ashcan.n.01_1"]))).toBe(true);
  });

  it("a wildcard category expands over the caller's scene objects", () => {
    const conds = expand("(forall (?t - tree.n.01) (nextto ?t ashcan.n.01_1))", (c) =>
      c === "tree.n.01" ? ["oak_7", "elm_2"] : [],
    );
    expect(conds.map((c) => c.text)).toEqual(["(nextto oak_7 ashcan.n.01_1)", "(nextto elm_2 ashcan.n.01_1)"]);
  });

  it("keeps exists, forn, forpairs, or, not and forall nested inside them as one condition each", () => {
    const conds = expand(`(and
      (exists (?t - tree.n.01) (forall (?e - egg.n.01) (nextto ?e ?t)))
      (forn (2) (?c - can__of__soda.n.01) (inside ?c ashcan.n.01_1))
      (forpairs (?e - egg.n.01) (?c - can__of__soda.n.01) (nextto ?e ?c))
      (or (open ashcan.n.01_1) (forall (?e - egg.n.01) (onfloor ?e floor.n.01_1)))
      (not (forall (?e - egg.n.01) (cooked ?e))))`);
    expect(conds.map((c) => c.expr.op)).toEqual(["exists", "forn", "forpairs", "or", "not"]);
  });

  it("a forall body that is an and stays one condition per instance", () => {
    const conds = expand("(forall (?e - egg.n.01) (and (not (inside ?e ashcan.n.01_1)) (onfloor ?e floor.n.01_1)))");
    expect(conds.map((c) => c.text)).toEqual([
      "(and (not (inside egg.n.01_1 ashcan.n.01_1)) (onfloor egg.n.01_1 floor.n.01_1))",
      "(and (not (inside egg.n.01_2 ashcan.n.01_1)) (onfloor egg.n.01_2 floor.n.01_1))",
    ]);
  });

  it("instances are the constants named (SPEC); rangedInstances add what quantifiers range over", () => {
    const [c] = expand("(exists (?e - egg.n.01) (nextto ?e ashcan.n.01_1))");
    expect(c!.instances).toEqual(["ashcan.n.01_1"]);
    expect(c!.rangedInstances).toEqual(["ashcan.n.01_1", "egg.n.01_1", "egg.n.01_2"]);
    const [d] = expand("(exists (?t - tree.n.01) (forall (?e - egg.n.01) (nextto ?e ?t)))");
    expect(d!.instances).toEqual([]);
  });

  it("does not substitute a variable the body rebinds, and renames a binder that would capture the instance", () => {
    const shadow = expand("(forall (?e - egg.n.01) (and (open ?e) (exists (?e - egg.n.01) (cooked ?e))))");
    expect(shadow[0]!.text).toBe("(and (open egg.n.01_1) (exists (?e - egg.n.01) (cooked ?e)))");
    const capture = expand("(forall (?e - egg.n.01) (exists (?egg.n.01_1 - egg.n.01) (nextto ?e ?egg.n.01_1)))");
    expect(capture[0]!.text).toBe("(exists (?v_egg.n.01_1 - egg.n.01) (nextto egg.n.01_1 ?v_egg.n.01_1))");
    // the renamed condition means what the original meant with ?e = egg.n.01_1
    const w = new FakeWorld({ "egg.n.01": ["egg.n.01_1", "egg.n.01_2"] }, ["nextto egg.n.01_1 egg.n.01_2"]);
    const p = problem("(exists (?x - egg.n.01) (nextto egg.n.01_1 ?x))");
    expect(evaluate(capture[0]!.expr, w)).toBe(evaluate(p.goal, w));
    expect(evaluate(capture[0]!.expr, w)).toBe(true);
  });

  it("topLevelConjuncts and formatExpr agree with the source text", () => {
    const p = problem("(and (open egg.n.01_1) (inroom floor.n.01_1 kitchen))");
    expect(topLevelConjuncts(p.goal).map(formatExpr)).toEqual(["(open egg.n.01_1)", "(inroom floor.n.01_1 kitchen)"]);
  });
});
