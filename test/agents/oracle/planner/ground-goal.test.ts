import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literalKey, type GroundLiteral } from "../../../../agents/oracle/literal.ts";
import { ChoiceMemory } from "../../../../agents/oracle/planner/choice-memory.ts";
import { groundGoal } from "../../../../agents/oracle/planner/ground-goal.ts";
import { GoalPlanner, type ConditionPlan } from "../../../../agents/oracle/planner/goal-planner.ts";
import { TaskBinding } from "../../../../sim/task/binding.ts";
import { GoalTracker } from "../../../../sim/task/goal-tracker.ts";
import { loadWorld } from "../../../../sim/world/load-world.ts";
import { house, task } from "../fixtures.ts";
import { ExprGoalPlanner } from "./reference/expr-goal-planner.ts";

/** Instances the random goals range over, by category (the fixture house binds each to its object). */
const CATEGORIES: Record<string, string[]> = {
  "apple.n.01": ["apple.n.01_1", "apple.n.01_2", "apple.n.01_3"],
  "basket.n.01": ["basket.n.01_1", "basket.n.01_2"],
  "bowl.n.01": ["bowl.n.01_1"],
  "table.n.02": ["table.n.02_1"],
  "electric_refrigerator.n.01": ["electric_refrigerator.n.01_1"],
  "cabinet.n.01": ["cabinet.n.01_1"],
};
const OBJECTS = Object.values(CATEGORIES).flat();
const CATEGORY_NAMES = Object.keys(CATEGORIES);
const OPENABLE = ["electric_refrigerator.n.01_1", "cabinet.n.01_1"];

/** A term of category-free type: an instance name, or a variable in scope. */
const term = (vars: readonly string[]) => fc.constantFrom(...OBJECTS, ...vars.map((v) => `?${v}`));

/**
 * A random BDDL goal expression: atoms over instances and the variables in scope (relations between objects,
 * `open`, `inroom` with a room type), under every connective and quantifier the planner handles, nested a few deep.
 */
function goalArb(depth: number, vars: readonly string[]): fc.Arbitrary<string> {
  const atom = fc.oneof(
    fc.tuple(fc.constantFrom("ontop", "inside", "nextto"), term(vars), term(vars)).map(([p, a, b]) => `(${p} ${a} ${b})`),
    fc.constantFrom(...OPENABLE, ...vars.map((v) => `?${v}`)).map((a) => `(open ${a})`),
    fc.tuple(term(vars), fc.constantFrom("kitchen", "living_room")).map(([a, r]) => `(inroom ${a} ${r})`),
  );
  if (depth === 0) return atom;
  const sub = goalArb(depth - 1, vars);
  const v = `v${vars.length}`;
  const w = `v${vars.length + 1}`;
  const inner1 = goalArb(depth - 1, [...vars, v]);
  const inner2 = goalArb(depth - 1, [...vars, v, w]);
  const cat = fc.constantFrom(...CATEGORY_NAMES);
  return fc.oneof(
    { weight: 3, arbitrary: atom },
    { weight: 1, arbitrary: sub.map((e) => `(not ${e})`) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom("and", "or"), fc.array(sub, { minLength: 1, maxLength: 3 })).map(([op, es]) => `(${op} ${es.join(" ")})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([a, b]) => `(imply ${a} ${b})`) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom("forall", "exists"), cat, inner1).map(([q, c, e]) => `(${q} (?${v} - ${c}) ${e})`) },
    { weight: 1, arbitrary: fc.tuple(fc.nat(3), cat, inner1).map(([n, c, e]) => `(forn (${n}) (?${v} - ${c}) ${e})`) },
    { weight: 1, arbitrary: fc.tuple(cat, cat, inner2).map(([c1, c2, e]) => `(forpairs (?${v} - ${c1}) (?${w} - ${c2}) ${e})`) },
    { weight: 1, arbitrary: fc.tuple(fc.nat(3), cat, cat, inner2).map(([n, c1, c2, e]) => `(fornpairs (${n}) (?${v} - ${c1}) (?${w} - ${c2}) ${e})`) },
  );
}

/** A cost for every false literal, from its key and a seed: 1 or 2 (often equal: remembered choices decide), or impossible. */
function costOf(seed: number): (lit: GroundLiteral) => number {
  return (lit) => {
    let h = seed | 0;
    for (const ch of literalKey(lit)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
    const k = (h >>> 0) % 5;
    return k === 4 ? Infinity : 1 + (k & 1);
  };
}

const view = (plans: ConditionPlan[]) => plans.map((p) => ({ index: p.index, holds: p.holds, cost: p.choice.cost, literals: p.choice.literals.map(literalKey) }));
const remembered = (m: ChoiceMemory) => [...(m as unknown as { chosen: Map<string, string> }).chosen];

describe("GoalPlanner on ground goals", () => {
  it("plans as the planner that walked the expression on every plan: same literals, costs and remembered choices, plan after plan", () => {
    const world = loadWorld(house());
    fc.assert(
      fc.property(
        fc.array(goalArb(2, []), { minLength: 1, maxLength: 3 }),
        fc.array(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.integer(),
        (goals, rounds, seed) => {
          const t = task("random-goal", OBJECTS, `(and ${goals.join(" ")})`);
          const binding = new TaskBinding(t.problem, t.task.bindings, world, t.path);
          const { conditions } = new GoalTracker(world, binding);
          // costs change from round to round, as the agent moves: remembered choices then decide between near-equals
          let cost = costOf(seed);
          const literalCost = (lit: GroundLiteral) => cost(lit);
          const mine = new ChoiceMemory();
          const theirs = new ChoiceMemory();
          const planner = new GoalPlanner({ world, binding, memory: mine, literalCost });
          const reference = new ExprGoalPlanner({ world, binding, memory: theirs, literalCost });
          // the same conditions planned again (as every act does), with the choices remembered so far
          for (const [round, holds] of rounds.entries()) {
            cost = costOf(seed + round);
            const h = conditions.map((_, i) => holds[i % holds.length]!);
            expect(view(planner.plan(conditions, h))).toEqual(view(reference.plan(conditions, h)));
            expect(remembered(mine)).toEqual(remembered(theirs));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("grounds once: the same literal objects from plan to plan, and choice-point paths named from the condition", () => {
    const t = task("forpairs", OBJECTS, "(forpairs (?b - basket.n.01) (?a - apple.n.01) (inside ?a ?b))");
    const world = loadWorld(house());
    const binding = new TaskBinding(t.problem, t.task.bindings, world, t.path);
    const { conditions } = new GoalTracker(world, binding);
    const planner = new GoalPlanner({ world, binding, memory: new ChoiceMemory(), literalCost: () => 1 });
    const first = planner.plan(conditions, [false]);
    const again = planner.plan(conditions, [false]);
    expect(again[0]!.choice.literals).toEqual(first[0]!.choice.literals);
    for (let i = 0; i < first[0]!.choice.literals.length; i++) expect(again[0]!.choice.literals[i]).toBe(first[0]!.choice.literals[i]);
    const g = groundGoal(conditions[0]!.expr, binding, "c0");
    if (g.op !== "forpairs") throw new Error(`expected forpairs, got ${g.op}`);
    // two baskets by three apples; bddl's matrix leaves out no column here (the categories differ)
    expect(g.rows.map((r) => r.length)).toEqual([3, 3]);
    expect(g.need).toBe(2);
    expect(g.path).toBe("c0");
    const pair = g.rows[1]![2]!;
    expect(pair.op).toBe("atom");
    if (pair.op === "atom") expect(literalKey(pair.literals.true)).toBe("inside(apple_3,basket_2)");
  });
});
