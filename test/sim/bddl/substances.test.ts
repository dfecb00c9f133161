/**
 * BEHAVIOR-1K's substance facts read as BEHAVIOR-100's states: `(covered x dust)` is `(dusty x)`, and what
 * has no state here is left for the predicate check to refuse, by name and place.
 */
import { describe, expect, it } from "vitest";
import { formatExpr } from "../../../sim/bddl/format.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { foldSubstances, supportedSubstances } from "../../../sim/bddl/substances.ts";
import { predicateProblems } from "../../../sim/task/predicate-check.ts";

const problem = (objects: string, init: string, goal: string) =>
  parseProblem(
    `(define (problem p-0) (:domain omnigibson)
  (:objects ${objects} floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
  (:init ${init} (inroom floor.n.01_1 kitchen) (ontop agent.n.01_1 floor.n.01_1))
  (:goal ${goal}))`,
    "p.bddl",
  );

describe("foldSubstances (through parseProblem)", () => {
  it("reads covered with dust or stains and saturated with water as dusty, stained and soaked, at the same place", () => {
    const p = problem(
      "dust.n.01_1 - dust.n.01 stain.n.01_1 - stain.n.01 water.n.06_1 - water.n.06 table.n.02_1 - table.n.02 rag.n.01_1 - rag.n.01",
      "(covered table.n.02_1 dust.n.01_1) (covered table.n.02_1 stain.n.01_1) (inroom table.n.02_1 kitchen) (ontop rag.n.01_1 table.n.02_1)",
      "(and (not (covered ?table.n.02_1 ?dust.n.01_1)) (not (covered ?table.n.02_1 ?stain.n.01_1)) (saturated ?rag.n.01_1 ?water.n.06_1))",
    );
    expect(p.init.slice(0, 2).map(formatExpr)).toEqual(["(dusty table.n.02_1)", "(stained table.n.02_1)"]);
    expect(formatExpr(p.goal)).toBe("(and (not (dusty table.n.02_1)) (not (stained table.n.02_1)) (soaked rag.n.01_1))");
    expect(p.init[0]).toMatchObject({ line: 3, column: 10 });
    // the substances are not things in the house any more
    expect([...p.objects.keys()]).toEqual(["table.n.02_1", "rag.n.01_1", "floor.n.01_1", "agent.n.01_1"]);
    expect(p.categories.has("dust.n.01")).toBe(false);
    expect(p.positions.instances.has("water.n.06_1")).toBe(false);
    expect(predicateProblems(p)).toEqual([]);
  });

  it("reads covered with dirt (BEHAVIOR-1K's wash_a_baseball_cap) as dirty", () => {
    const p = problem(
      "dirt.n.02_1 - dirt.n.02 baseball_cap.n.01_1 - baseball_cap.n.01 countertop.n.01_1 - countertop.n.01",
      "(ontop baseball_cap.n.01_1 countertop.n.01_1) (covered baseball_cap.n.01_1 dirt.n.02_1) (inroom countertop.n.01_1 kitchen)",
      "(forall (?baseball_cap.n.01 - baseball_cap.n.01) (not (covered ?baseball_cap.n.01 ?dirt.n.02_1)))",
    );
    expect(formatExpr(p.init[1]!)).toBe("(dirty baseball_cap.n.01_1)");
    expect(formatExpr(p.goal)).toBe("(forall (?baseball_cap.n.01 - baseball_cap.n.01) (not (dirty ?baseball_cap.n.01)))");
    expect(p.objects.has("dirt.n.02_1")).toBe(false);
    expect(predicateProblems(p)).toEqual([]);
  });

  it("leaves a problem without substance facts as it is (the same object)", () => {
    const p = problem("table.n.02_1 - table.n.02", "(inroom table.n.02_1 kitchen)", "(dusty ?table.n.02_1)");
    expect(foldSubstances(p)).toBe(p);
  });

  it("leaves other substances, and a substance named elsewhere, for the predicate check to name", () => {
    const p = problem(
      "water.n.06_1 - water.n.06 dust.n.01_1 - dust.n.01 bottle.n.01_1 - bottle.n.01 floor.n.01_2 - floor.n.01",
      "(filled bottle.n.01_1 water.n.06_1) (covered floor.n.01_2 water.n.06_1) (covered floor.n.01_2 dust.n.01_1) (inroom bottle.n.01_1 kitchen) (inroom floor.n.01_2 kitchen)",
      "(not (covered ?floor.n.01_2 ?water.n.06_1))",
    );
    expect(p.init.slice(0, 3).map(formatExpr)).toEqual(["(filled bottle.n.01_1 water.n.06_1)", "(covered floor.n.01_2 water.n.06_1)", "(dusty floor.n.01_2)"]);
    // water is still named (by filled and covered): it stays declared; dust is folded away
    expect(p.objects.has("water.n.06_1")).toBe(true);
    expect(p.objects.has("dust.n.01_1")).toBe(false);
    expect(predicateProblems(p).map((e) => e.message)).toEqual([
      expect.stringMatching(/^p\.bddl: line 3, column 10: predicate "filled" is not supported by the simulator/),
      'p.bddl: line 3, column 46: predicate "covered" is supported only with a declared instance of dust.n.01 (as dusty), stain.n.01 (as stained), dirt.n.02 (as dirty) as its second operand, found (covered "floor.n.01_2" (floor.n.01) "water.n.06_1" (water.n.06))',
      'p.bddl: line 4, column 15: predicate "covered" is supported only with a declared instance of dust.n.01 (as dusty), stain.n.01 (as stained), dirt.n.02 (as dirty) as its second operand, found (covered "floor.n.01_2" (floor.n.01) "water.n.06_1" (water.n.06))',
    ]);
  });

  it("reads a source of water as water_source, in either operand order; a source of anything else is refused", () => {
    const p = problem(
      "water.n.06_1 - water.n.06 sink.n.01_1 - sink.n.01 watering_can.n.01_1 - watering_can.n.01 pesticide.n.01_1 - pesticide.n.01 atomizer.n.01_1 - atomizer.n.01",
      "(insource water.n.06_1 sink.n.01_1) (insource watering_can.n.01_1 water.n.06_1) (insource atomizer.n.01_1 pesticide.n.01_1) (inroom sink.n.01_1 kitchen) (ontop watering_can.n.01_1 floor.n.01_1) (ontop atomizer.n.01_1 floor.n.01_1)",
      "(water_source ?watering_can.n.01_1)",
    );
    expect(p.init.slice(0, 3).map(formatExpr)).toEqual(["(water_source sink.n.01_1)", "(water_source watering_can.n.01_1)", "(insource atomizer.n.01_1 pesticide.n.01_1)"]);
    expect(p.objects.has("water.n.06_1")).toBe(false);
    expect(predicateProblems(p).map((e) => e.message)).toEqual([
      'p.bddl: line 3, column 90: predicate "insource" is supported only with a declared instance of water.n.06 (as water_source) as one of its operands, found (insource "atomizer.n.01_1" (atomizer.n.01) "pesticide.n.01_1" (pesticide.n.01))',
    ]);
  });

  it("does not fold a quantified substance (there is no state to say it with)", () => {
    const p = problem(
      "dust.n.01_1 - dust.n.01 table.n.02_1 - table.n.02",
      "(covered table.n.02_1 dust.n.01_1) (inroom table.n.02_1 kitchen)",
      "(forall (?d - dust.n.01) (not (covered ?table.n.02_1 ?d)))",
    );
    expect(formatExpr(p.init[0]!)).toBe("(dusty table.n.02_1)");
    expect(formatExpr(p.goal)).toBe("(forall (?d - dust.n.01) (not (covered table.n.02_1 ?d)))");
    expect(p.objects.has("dust.n.01_1")).toBe(true);
    expect(predicateProblems(p)).toHaveLength(1);
  });

  it("lists what each predicate supports", () => {
    expect(supportedSubstances("covered")).toBe("dust.n.01 (as dusty), stain.n.01 (as stained), dirt.n.02 (as dirty)");
    expect(supportedSubstances("saturated")).toBe("water.n.06 (as soaked)");
    expect(supportedSubstances("insource")).toBe("water.n.06 (as water_source)");
    expect(supportedSubstances("filled")).toBe("");
    expect(supportedSubstances("__proto__")).toBe("");
  });
});

describe("closed", () => {
  it("is read as not open, and not closed as open (an initial literal stays an atom or its negation)", () => {
    const p = problem(
      "bin.n.01_1 - bin.n.01 toolbox.n.01_1 - toolbox.n.01",
      "(closed bin.n.01_1) (not (closed toolbox.n.01_1)) (inroom bin.n.01_1 kitchen) (ontop toolbox.n.01_1 floor.n.01_1)",
      "(and (closed ?bin.n.01_1) (not (closed ?toolbox.n.01_1)) (forall (?b - bin.n.01) (closed ?b)))",
    );
    expect(p.init.slice(0, 2).map(formatExpr)).toEqual(["(not (open bin.n.01_1))", "(open toolbox.n.01_1)"]);
    expect(formatExpr(p.goal)).toBe("(and (not (open bin.n.01_1)) (open toolbox.n.01_1) (forall (?b - bin.n.01) (not (open ?b))))");
    expect(p.init[0]).toMatchObject({ op: "not", line: 3, column: 10, arg: { op: "atom", line: 3, column: 10 } });
    expect(predicateProblems(p)).toEqual([]);
  });
});

describe("unfolded", () => {
  it("is read as not folded, and not unfolded as folded, keeping its place in the file", () => {
    const p = problem(
      "towel.n.01_1 - towel.n.01 napkin.n.01_1 - napkin.n.01",
      "(unfolded towel.n.01_1) (not (unfolded napkin.n.01_1)) (ontop towel.n.01_1 floor.n.01_1) (ontop napkin.n.01_1 floor.n.01_1)",
      "(and (folded ?towel.n.01_1) (unfolded ?napkin.n.01_1) (forall (?t - towel.n.01) (not (unfolded ?t))))",
    );
    expect(p.init.slice(0, 2).map(formatExpr)).toEqual(["(not (folded towel.n.01_1))", "(folded napkin.n.01_1)"]);
    expect(formatExpr(p.goal)).toBe("(and (folded towel.n.01_1) (not (folded napkin.n.01_1)) (forall (?t - towel.n.01) (folded ?t)))");
    expect(p.init[0]).toMatchObject({ op: "not", line: 3, column: 10, arg: { op: "atom", pred: "folded", line: 3, column: 10 } });
    expect(predicateProblems(p)).toEqual([]);
  });

  it("with two operands is no cloth state: the predicate check names it", () => {
    const p = problem("towel.n.01_1 - towel.n.01", "(ontop towel.n.01_1 floor.n.01_1)", "(unfolded ?towel.n.01_1 ?floor.n.01_1)");
    expect(formatExpr(p.goal)).toBe("(unfolded towel.n.01_1 floor.n.01_1)");
    expect(predicateProblems(p).join("\n")).toMatch(/unfolded/);
  });
});
