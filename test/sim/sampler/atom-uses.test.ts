/**
 * atomUses: every atom an activity writes, its arguments widened to the instances a variable stands for, and which
 * arguments need only one of them (`oneOf`: a variable of an `exists` wanted true). The sampler sizes a receptacle
 * for one instance of such an argument: `(exists (?paper) (ontop ?paper steak))` puts one sheet on the steak.
 */
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { atomUses } from "../../../sim/sampler/atom-uses.ts";

const problem = (goal: string) =>
  parseProblem(
    `(define (problem p)
      (:domain omnigibson)
      (:objects steak.n.01_1 - steak.n.01 wax_paper.n.01_1 wax_paper.n.01_2 - wax_paper.n.01 tupperware.n.01_1 tupperware.n.01_2 - tupperware.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
      (:init (ontop steak.n.01_1 floor.n.01_1) (inroom floor.n.01_1 kitchen))
      (:goal ${goal}))`,
    "p.bddl",
  );

const goalUses = (goal: string) => atomUses(problem(goal)).filter((u) => u.goal).map((u) => ({ pred: u.pred, args: u.args, oneOf: u.oneOf, sign: u.sign }));

describe("atomUses", () => {
  it("marks the variable of an exists wanted true as one of its instances, the others as all of them", () => {
    expect(goalUses("(exists (?wax_paper.n.01 - wax_paper.n.01) (forall (?tupperware.n.01 - tupperware.n.01) (and (ontop ?wax_paper.n.01 ?steak.n.01_1) (inside ?steak.n.01_1 ?tupperware.n.01))))")).toEqual([
      { pred: "ontop", args: [["wax_paper.n.01_1", "wax_paper.n.01_2"], ["steak.n.01_1"]], oneOf: [true, false], sign: "positive" },
      { pred: "inside", args: [["steak.n.01_1"], ["tupperware.n.01_1", "tupperware.n.01_2"]], oneOf: [false, false], sign: "positive" },
    ]);
  });

  it("reads a negated exists as a forall (none of them), and an inner quantifier of the same name as shadowing it", () => {
    expect(goalUses("(not (exists (?wax_paper.n.01 - wax_paper.n.01) (ontop ?wax_paper.n.01 ?steak.n.01_1)))")[0]!.oneOf).toEqual([false, false]);
    expect(goalUses("(exists (?wax_paper.n.01 - wax_paper.n.01) (forall (?wax_paper.n.01 - wax_paper.n.01) (ontop ?wax_paper.n.01 ?steak.n.01_1)))")[0]!.oneOf).toEqual([false, false]);
    expect(goalUses("(forall (?wax_paper.n.01 - wax_paper.n.01) (exists (?wax_paper.n.01 - wax_paper.n.01) (ontop ?wax_paper.n.01 ?steak.n.01_1)))")[0]!.oneOf).toEqual([true, false]);
  });
});
