/** The parser, formatter and condition expansion on every real BEHAVIOR-100 / BEHAVIOR-1K problem file. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PREDICATE_ARITY } from "../../../sim/bddl/ast.ts";
import type { BddlProblem } from "../../../sim/bddl/ast.ts";
import { declaredInstancesOf, expandGoalConditions } from "../../../sim/bddl/conditions.ts";
import { evaluate } from "../../../sim/bddl/evaluate.ts";
import { formatProblem } from "../../../sim/bddl/format.ts";
import { parseProblem, predicatesUsed } from "../../../sim/bddl/parser.ts";
import { Rng } from "../../../sim/rng.ts";
import { HAVE_DATA, NO_DATA_MESSAGE, realProblems, stripPositions } from "./helpers.ts";

if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);
const problems = realProblems();
const parsed = new Map(problems.map((p) => [`${p.set}/${p.activity}`, parseProblem(p.text, p.file)]));
const get = (key: string): BddlProblem => parsed.get(key) ?? expect.fail(`missing ${key}`);

/** Problem without positions, for structural comparison. */
function shape(p: BddlProblem) {
  return {
    name: p.name,
    domain: p.domain,
    objects: [...p.objects],
    categories: [...p.categories],
    wildcards: [...p.wildcards],
    init: p.init.map(stripPositions),
    goal: stripPositions(p.goal),
  };
}

describe.skipIf(!HAVE_DATA)(HAVE_DATA ? "real BEHAVIOR problem files" : NO_DATA_MESSAGE, () => {
  it("finds both data sets", () => {
    expect(problems.filter((p) => p.set === "behavior100").length).toBeGreaterThanOrEqual(50);
    expect(problems.filter((p) => p.set === "behavior1k").length).toBeGreaterThanOrEqual(10);
  });

  it.each(problems.map((p) => [`${p.set}/${p.activity}`, p] as const))("%s parses and round-trips", (_k, p) => {
    const problem = parseProblem(p.text, p.file);
    expect(problem.objects.size).toBeGreaterThan(0);
    const again = parseProblem(formatProblem(problem), "formatted.bddl");
    expect(shape(again)).toEqual(shape(problem));
  });

  it("every predicate the data sets use has a known arity (SPEC §4: all BEHAVIOR-100 predicates supported)", () => {
    const unknown = [...parsed.values()].flatMap(predicatesUsed).filter((u) => !(u.pred in PREDICATE_ARITY));
    expect(unknown).toEqual([]);
  });

  it("condition counts follow SPEC §5", () => {
    const count = (key: string) => {
      const p = get(key);
      return expandGoalConditions(p, declaredInstancesOf(p)).length;
    };
    expect(count("behavior1k/picking_up_trash")).toBe(3);
    expect(count("behavior100/picking_up_trash")).toBe(5); // 3 pads + 2 pops
    expect(count("behavior1k/hiding_Easter_eggs")).toBe(4); // exists + forall over 3 eggs
    expect(count("behavior1k/assembling_gift_baskets")).toBe(4); // four forpairs
    expect(count("behavior1k/moving_boxes_to_storage")).toBe(1); // one or
  });

  it("records _* categories as wildcards", () => {
    expect([...get("behavior1k/hiding_Easter_eggs").wildcards]).toEqual(["tree.n.01"]);
    expect([...get("behavior1k/setting_mousetraps").wildcards].sort()).toEqual(["floor.n.01", "toilet.n.02"]);
    expect(get("behavior100/picking_up_trash").wildcards.size).toBe(0);
  });

  it("property: the goal holds exactly when all its expanded conditions hold", () => {
    const all = [...parsed.values()];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.integer(),
        fc.constantFrom(0.5, 0.9, 0.99, 1),
        (i, seed, pTrue) => {
          const problem = all[i]!;
          const declared = declaredInstancesOf(problem);
          // a wildcard category also ranges over scene objects the task did not declare
          const instancesOf = (c: string) => [...declared(c), ...(problem.wildcards.has(c) ? [`scene_${c}_9`] : [])];
          const world = {
            instancesOf,
            holds: (pred: string, args: string[]) => new Rng(`${seed}|${pred}|${args.join("|")}`).next() < pTrue,
          };
          const conds = expandGoalConditions(problem, instancesOf);
          expect(conds.every((c) => evaluate(c.expr, world))).toBe(evaluate(problem.goal, world));
        },
      ),
      { numRuns: 300 },
    );
  });
});
