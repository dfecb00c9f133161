import type { BddlExpr } from "../bddl/ast.ts";
import { expandGoalConditions } from "../bddl/conditions.ts";
import { evaluate, type BddlWorld } from "../bddl/evaluate.ts";
import type { World } from "../world/world.ts";
import { atomTest, holdsAtom } from "./atoms.ts";
import { AGENT_ID, type TaskBinding } from "./binding.ts";
import { compileGoal, type CompiledGoal } from "./compiled-goal.ts";

/** One counted goal condition (SPEC §5). */
export interface TrackedCondition {
  text: string;
  expr: BddlExpr;
  /** Scene object ids (and `agent`) the condition names; observing all of them makes it observed. */
  objects: string[];
}

/**
 * What tracking a task's goal needs that depends only on the task and the world it is bound in, not on
 * the world's state: the conditions, which conditions each object can change, each condition compiled.
 * Made once per world and task ({@link boundTask}): a pooled world is restored for episode after episode of
 * the same task, and expanding, resolving and compiling the conditions again was most of an episode's reset.
 */
export class GoalSpec {
  readonly conditions: TrackedCondition[];
  /** Object id → the conditions that mention it or range over it. */
  readonly byObject = new Map<string, number[]>();
  readonly bddlWorld: BddlWorld;
  /** Each condition compiled once ({@link compileGoal}): what a re-check runs. */
  readonly compiled: CompiledGoal[];
  /** Variable slots the largest compiled condition needs. */
  readonly slotCount: number;

  constructor(world: World, readonly binding: TaskBinding) {
    this.bddlWorld = {
      instancesOf: (category) => binding.instancesOf(category),
      holds: (pred, args) => holdsAtom(world, pred, args.map((a) => binding.resolve(a) ?? a)),
    };
    const expanded = expandGoalConditions(binding.problem, (c) => binding.instancesOf(c));
    const resolveAll = (names: string[]) => [...new Set(names.map((i) => binding.resolve(i)).filter((x): x is string => !!x))].sort();
    this.conditions = expanded.map((c) => ({ text: c.text, expr: c.expr, objects: resolveAll(c.instances) }));
    // a condition depends on every object it names or ranges over; it is observed through the ones it names
    expanded.forEach((c, i) => {
      for (const o of resolveAll(c.rangedInstances)) {
        const list = this.byObject.get(o) ?? [];
        list.push(i);
        this.byObject.set(o, list);
      }
    });
    const source = {
      instancesOf: (category: string) => binding.instancesOf(category),
      resolve: (name: string) => binding.resolve(name),
      tester: (pred: string) => atomTest(world, pred),
    };
    this.compiled = this.conditions.map((c) => compileGoal(c.expr, source));
    this.slotCount = Math.max(0, ...this.compiled.map((c) => c.slots));
  }
}

/**
 * Goal-condition state of a running episode. After each step only the conditions that mention
 * an object the step changed are evaluated again.
 */
export class GoalTracker {
  readonly conditions: TrackedCondition[];
  readonly binding: TaskBinding;
  private readonly holds: boolean[];
  private readonly byObject: ReadonlyMap<string, number[]>;
  private readonly bddlWorld: BddlWorld;
  private readonly compiled: CompiledGoal[];
  /** Variable slots of a compiled condition's evaluation (one array: checks never nest). */
  private readonly slots: string[];
  /** `marks[i] === pass` when condition i is already queued in this {@link update} (no Set per step). */
  private readonly marks: Uint32Array;
  private pass = 0;
  /**
   * The conditions an {@link update} re-checks, in its first `n` places (each is queued at most once a pass): a
   * typed array and a count rather than a list emptied by `length = 0`, which calls into V8's runtime every step.
   */
  private readonly todo: Uint32Array;

  /**
   * @param spec the task's goal as bound in `world` (made here unless given: {@link boundTask} keeps one per
   *   world and task, made with the same binding); the conditions' state is read from the world now
   */
  constructor(world: World, binding: TaskBinding, spec: GoalSpec = new GoalSpec(world, binding)) {
    if (spec.binding !== binding) throw new Error("GoalTracker: the goal spec was made with another binding");
    this.binding = binding;
    this.conditions = spec.conditions;
    this.byObject = spec.byObject;
    this.bddlWorld = spec.bddlWorld;
    this.compiled = spec.compiled;
    this.slots = new Array<string>(spec.slotCount).fill("");
    this.marks = new Uint32Array(this.conditions.length);
    this.todo = new Uint32Array(this.conditions.length);
    this.holds = this.conditions.map((_, i) => this.check(i));
  }

  private check(i: number): boolean {
    return this.compiled[i]!.test(this.slots);
  }

  /** Re-evaluates the conditions that mention any of `changed` (object ids, or `agent`), each once, in order of first mention. */
  update(changed: Iterable<string>): void {
    const { marks, todo } = this;
    if (++this.pass === 0xffffffff) {
      marks.fill(0);
      this.pass = 1;
    }
    let n = 0;
    for (const id of changed) {
      const list = this.byObject.get(id);
      if (!list) continue;
      for (let k = 0; k < list.length; k++) {
        const i = list[k]!;
        if (marks[i] === this.pass) continue;
        marks[i] = this.pass;
        todo[n++] = i;
      }
    }
    for (let k = 0; k < n; k++) this.holds[todo[k]!] = this.check(todo[k]!);
  }

  /** Re-evaluates every condition (for verification and tests). */
  recheckAll(): void {
    this.conditions.forEach((_, i) => (this.holds[i] = this.check(i)));
  }

  /** Indices of the conditions that hold now, ascending. */
  satisfied(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.holds.length; i++) if (this.holds[i]) out.push(i);
    return out;
  }

  /** Whether condition `i` holds now (as of the last {@link update}: the state every step's metrics read). */
  conditionHolds(i: number): boolean {
    return this.holds[i]!;
  }

  allHold(): boolean {
    const { holds } = this;
    for (let i = 0; i < holds.length; i++) if (!holds[i]) return false;
    return true;
  }

  /** Evaluates an arbitrary expression (e.g. `:init` facts) against the current world. */
  evaluate(expr: BddlExpr): boolean {
    return evaluate(expr, this.bddlWorld);
  }
}

export { AGENT_ID };
