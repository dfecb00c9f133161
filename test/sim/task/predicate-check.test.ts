/**
 * predicateProblems: the one check of "can the simulator evaluate this BDDL" that `import bddl`, task
 * loading (`run`) and `validate` share. Every bad predicate use is reported with file, line and column.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemsBeforeSampling } from "../../../sim/sampler/index.ts";
import type { AtomExpr } from "../../../sim/bddl/ast.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { PREDICATES } from "../../../sim/predicates/registry.ts";
import { predicateProblems } from "../../../sim/task/predicate-check.ts";
import { describeWithData, SHARED_DATA } from "../../harness/probes/shared-data.ts";

const problemText = (init: string[], goal: string[]) =>
  [
    "(define (problem p)",
    "  (:domain igibson)",
    "  (:objects apple.n.01_1 apple.n.01_2 - apple.n.01 table.n.02_1 - table.n.02 agent.n.01_1 - agent.n.01)",
    "  (:init",
    ...init.map((l) => `    ${l}`),
    "  )",
    "  (:goal (and",
    ...goal.map((l) => `    ${l}`),
    "  ))",
    ")",
  ].join("\n");

const INIT = ["(ontop apple.n.01_1 table.n.02_1)", "(inroom table.n.02_1 kitchen)"];
const GOAL = ["(forall (?apple.n.01 - apple.n.01) (ontop ?apple.n.01 ?table.n.02_1))"];

describe("predicateProblems", () => {
  it("passes a problem whose predicates the simulator evaluates", () => {
    expect(predicateProblems(parseProblem(problemText(INIT, GOAL), "p.bddl"))).toEqual([]);
  });

  it("reports inside and under a declared floor, which no scene makes true (a BEHAVIOR-1K file starts a bin inside the floor)", () => {
    const text = [
      "(define (problem p)",
      "  (:domain omnigibson)",
      "  (:objects bin.n.01_1 - bin.n.01 floor.n.01_1 - floor.n.01 table.n.02_1 - table.n.02 agent.n.01_1 - agent.n.01)",
      "  (:init (inside bin.n.01_1 floor.n.01_1) (inroom floor.n.01_1 kitchen) (inroom table.n.02_1 kitchen))",
      "  (:goal (and (under ?bin.n.01_1 ?floor.n.01_1) (ontop ?bin.n.01_1 ?floor.n.01_1) (inside ?bin.n.01_1 ?table.n.02_1)))",
      ")",
    ].join("\n");
    expect(predicateProblems(parseProblem(text, "p.bddl")).map((e) => e.message)).toEqual([
      'p.bddl: line 4, column 10: (inside "bin.n.01_1" (bin.n.01) "floor.n.01_1" (floor.n.01)) can never hold: a floor has no inside and nothing is under it (what stands on a floor is ontop of it)',
      'p.bddl: line 5, column 15: (under "bin.n.01_1" (bin.n.01) "floor.n.01_1" (floor.n.01)) can never hold: a floor has no inside and nothing is under it (what stands on a floor is ontop of it)',
    ]);
  });

  it("reports every unknown predicate, in :init and :goal, with file, line and column", () => {
    const text = problemText([...INIT, "(insidee apple.n.01_2 table.n.02_1)"], ["(forall (?apple.n.01 - apple.n.01) (insidee ?apple.n.01 ?table.n.02_1))", "(filled ?table.n.02_1)"]);
    const problems = predicateProblems(parseProblem(text, "p.bddl"));
    expect(problems.map((p) => `${p.file}: ${p.where}`)).toEqual(["p.bddl: line 7, column 5", "p.bddl: line 10, column 40", "p.bddl: line 11, column 5"]);
    expect(problems[0]!.reason).toMatch(/^predicate "insidee" is not supported by the simulator \(supported: .*inside.*\)$/);
    expect(problems[2]!.reason).toMatch(/predicate "filled" is not supported/);
  });

  it("reports a wrong number of operands against the predicate registry", () => {
    const problem = parseProblem(problemText(INIT, GOAL), "p.bddl");
    // the parser checks arity for the predicates it knows; the registry is the authority on what is evaluated
    const atom = problem.init[0] as AtomExpr;
    atom.args.push("apple.n.01_2");
    const [p] = predicateProblems(problem);
    expect(p!.where).toBe("line 5, column 5");
    expect(p!.reason).toBe('predicate "ontop" takes 2 operand(s), found 3');
  });

  it("reports an object where inroom wants a room type", () => {
    const problems = predicateProblems(parseProblem(problemText([...INIT, "(inroom apple.n.01_1 table.n.02_1)"], ["(forall (?apple.n.01 - apple.n.01) (inroom ?apple.n.01 ?apple.n.01))"]), "p.bddl"));
    expect(problems.map((p) => p.message)).toEqual([
      'p.bddl: line 7, column 5: operand 2 of "inroom" must be a room type (such as kitchen), found the instance "table.n.02_1"',
      'p.bddl: line 10, column 40: operand 2 of "inroom" must be a room type (such as kitchen), found the variable "apple.n.01"',
    ]);
  });

  it("is the importer's check: problemsBeforeSampling gives all of them, with the same messages", () => {
    const problem = parseProblem(problemText(INIT, ["(insidee ?apple.n.01_1 ?table.n.02_1)", "(frobbed ?apple.n.01_2)"]), "p.bddl");
    expect(problemsBeforeSampling(problem)).toHaveLength(2);
    expect(problemsBeforeSampling(problem)).toEqual(predicateProblems(problem));
    // (the importer's check also refuses objects no house places: here the second apple is given a table)
    expect(problemsBeforeSampling(parseProblem(problemText([...INIT, "(ontop apple.n.01_2 table.n.02_1)"], GOAL), "p.bddl"))).toEqual([]);
  });

  it("finds every unknown predicate wherever it is put (property)", () => {
    const known = new Set(Object.keys(PREDICATES));
    const name = fc.stringMatching(/^[a-z][a-z_]{1,10}$/).filter((n) => !known.has(n) && !["and", "or", "not", "imply", "forall", "exists", "forn", "forpairs", "fornpairs"].includes(n));
    // each goal line is either a good atom or an unknown unary/binary predicate
    const line = fc.oneof(fc.constant(null), fc.record({ name, binary: fc.boolean() }));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const goal = lines.map((l) => (l === null ? "(ontop ?apple.n.01_1 ?table.n.02_1)" : l.binary ? `(${l.name} ?apple.n.01_2 ?table.n.02_1)` : `(${l.name} ?apple.n.01_2)`));
        const problems = predicateProblems(parseProblem(problemText(INIT, goal), "p.bddl"));
        const expected = lines.flatMap((l, i) => (l === null ? [] : [{ where: `line ${9 + i}, column 5`, name: l.name }]));
        expect(problems.map((p) => p.where)).toEqual(expected.map((e) => e.where));
        problems.forEach((p, i) => expect(p.reason).toContain(`predicate "${expected[i]!.name}" is not supported`));
      }),
    );
  });
});

describeWithData("behavior100", "predicateProblems on the BEHAVIOR-100 activity files", () => {
  it("finds nothing to refuse: every predicate they use is supported (SPEC §4)", () => {
    const root = path.join(SHARED_DATA, "behavior100");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (f.endsWith(".bddl")) files.push(p);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(predicateProblems(parseProblem(readFileSync(f, "utf8"), f)).map((p) => p.message)).toEqual([]);
  });
});
