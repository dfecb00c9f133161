/**
 * The goal tracker re-checks conditions through closures compiled once per episode (compiled-goal.ts);
 * before, it walked the syntax tree with `evaluate`, resolving every argument through the binding on each
 * check. These properties hold the compiled form to that plain evaluation: same answer, same atoms asked in
 * the same order, the same throw at the same point.
 */
import fc from "fast-check";
import { bddlExprArb } from "../bddl/expr-arbitrary.ts";
import { describe, expect, it } from "vitest";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { evaluate } from "../../../sim/bddl/evaluate.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { hashString } from "../../../sim/rng.ts";
import { holdsAtom } from "../../../sim/task/atoms.ts";
import { compileGoal, type GoalSource } from "../../../sim/task/compiled-goal.ts";
import { testRelation } from "../../../sim/world/relations.ts";
import { AGENT_ID } from "../../../sim/task/binding.ts";

const CATEGORIES: Record<string, string[]> = {
  "a.n.01": ["a.n.01_1", "a.n.01_2", "a.n.01_3"],
  "b.n.02": ["b.n.02_1", "a.n.01_2"], // overlaps a.n.01: forpairs skips the shared instance by name
  "w.n.01": ["w.n.01_1", "obj_7"],
  "e.n.01": [],
};
const INSTANCES = [...new Set(Object.values(CATEGORIES).flat())];
const VARIABLES = ["x", "y", "a.n.01_1"]; // a variable may shadow an instance name, and an outer variable
const ROOMS = ["kitchen", "garden", "a.n.01_3"]; // a room argument that is also an instance name still resolves
const PREDICATES: Array<[string, number]> = [["ontop", 2], ["inside", 2], ["inroom", 2], ["open", 1], ["cooked", 1]];

/** Random expressions over the declarations above, free variables included (they stay as written). */
const exprArb = (depth: number) => bddlExprArb({ terms: [...INSTANCES, ...VARIABLES], variables: VARIABLES, categories: CATEGORIES, rooms: ROOMS, predicates: PREDICATES }, depth);

/** A task: which names resolve (to which ids), and which ground atoms hold (by a seeded hash). */
const taskArb = fc.record({
  resolved: fc.dictionary(fc.constantFrom(...INSTANCES, ...ROOMS, ...VARIABLES), fc.constantFrom("obj_1", "obj_2", "obj_7", "agent"), { maxKeys: 6 }),
  seed: fc.nat(),
  throwAt: fc.option(fc.nat({ max: 40 }), { nil: undefined }),
});

/** Runs a check, returning its answer or the error's message, and the atoms it asked, in order. */
function run(check: (holds: (pred: string, args: string[]) => boolean) => boolean, task: { seed: number; throwAt?: number | undefined }) {
  const asked: string[] = [];
  const holds = (pred: string, args: string[]) => {
    const atom = `${pred}(${args.join(",")})`;
    asked.push(atom);
    if (task.throwAt !== undefined && asked.length === task.throwAt) throw new Error(`thrown at ${atom}`);
    return (hashString(`${task.seed}:${atom}`) & 3) !== 0;
  };
  try {
    return { answer: check(holds), asked };
  } catch (err) {
    return { answer: (err as Error).message, asked };
  }
}

describe("compiled goal conditions = evaluate() over the binding", () => {
  it("the same answer, the same atoms in the same order, and the same throw, for any expression and task", () => {
    fc.assert(
      fc.property(exprArb(3), taskArb, (expr, task) => {
        const resolve = (name: string) => (Object.hasOwn(task.resolved, name) ? task.resolved[name] : undefined);
        const instancesOf = (c: string) => CATEGORIES[c] ?? [];
        const plain = run((holds) => evaluate(expr, { instancesOf, holds: (p, args) => holds(p, args.map((a) => resolve(a) ?? a)) }), task);
        const compiled = run((holds) => {
          const source: GoalSource = { instancesOf, resolve, tester: (p) => (args) => holds(p, args) };
          const c = compileGoal(expr, source);
          return c.test(new Array<string>(c.slots).fill("?"));
        }, task);
        expect(compiled).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });

  it("one compiled condition checked again and again (slots and argument arrays reused) keeps answering as evaluate()", () => {
    fc.assert(
      fc.property(exprArb(3), fc.array(taskArb, { minLength: 2, maxLength: 5 }), (expr, tasks) => {
        let current = tasks[0]!;
        const resolve = (name: string) => (Object.hasOwn(tasks[0]!.resolved, name) ? tasks[0]!.resolved[name] : undefined);
        const instancesOf = (c: string) => CATEGORIES[c] ?? [];
        let holdsNow: (pred: string, args: string[]) => boolean = () => false;
        const c = compileGoal(expr, { instancesOf, resolve, tester: (p) => (a) => holdsNow(p, a) });
        const slots = new Array<string>(c.slots).fill("?");
        for (const t of tasks) {
          current = { ...t, resolved: tasks[0]!.resolved };
          const plain = run((holds) => evaluate(expr, { instancesOf, holds: (p, args) => holds(p, args.map((a) => resolve(a) ?? a)) }), current);
          const compiled = run((holds) => ((holdsNow = holds), c.test(slots)), current);
          expect(compiled).toEqual(plain);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("the goal tracker after every step = every condition evaluated the plain way", () => {
  /** What the tracker evaluated before: the syntax tree, arguments resolved through the binding on each check, relations through testRelation. */
  const plainSatisfied = (env: RearrangeEnv): number[] => {
    const { binding, conditions } = env.tracker;
    const world = env.world;
    const holds = (pred: string, args: string[]): boolean => {
      const [a, b] = args as [string, string];
      if (pred !== "inroom" && args.length === 2 && a !== AGENT_ID && b !== AGENT_ID) {
        const oa = world.objects.get(a);
        const ob = world.objects.get(b);
        if (!oa || !ob || oa === ob) return false;
        return testRelation(world, pred, oa, ob);
      }
      return holdsAtom(world, pred, args);
    };
    const bddl = { instancesOf: (c: string) => binding.instancesOf(c), holds: (p: string, args: string[]) => holds(p, args.map((a) => binding.resolve(a) ?? a)) };
    return conditions.flatMap((c, i) => (evaluate(c.expr, bddl) ? [i] : []));
  };

  const episode = async (env: RearrangeEnv, seed: number, steps: number) => {
    const agent = new BenchAgent();
    const first = env.reset(seed);
    expect(first.info.satisfied).toEqual(plainSatisfied(env));
    await agent.reset({ id: "t", instruction: "", seed }, first.observation, { conditions: [], task: null, world: env.world });
    let obs = first.observation;
    let changes = 0;
    for (let t = 0; t < steps; t++) {
      const r = env.step(agent.act(obs));
      expect(r.info.satisfied).toEqual(plainSatisfied(env));
      expect(r.info.allHold).toBe(plainSatisfied(env).length === env.tracker.conditions.length);
      if (Object.keys(r.info.changed).length > 0) changes++;
      obs = r.observation;
      if (r.terminated || r.truncated) break;
    }
    return changes;
  };

  it("on the default suite's tasks", async () => {
    const { jobs } = loadSuiteJobs("default");
    let changes = 0;
    for (const job of jobs) {
      const env = new RearrangeEnv({ scene: job.scene.scene, scenePath: job.scene.path, task: job.task, seed: job.seed, maxSteps: 150 });
      changes += await episode(env, job.seed, 150);
    }
    expect(changes).toBeGreaterThan(50);
  });

  it("on generated houses", async () => {
    for (const seed of [3, 4]) {
      const house = generateHouse(150, seed);
      const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed, maxSteps: 200 });
      await episode(env, seed, 200);
    }
  });
});
