import type { BddlExpr } from "../bddl/ast.ts";
import { expandGoalConditions } from "../bddl/conditions.ts";
import { evaluate, type BddlWorld } from "../bddl/evaluate.ts";
import type { World } from "../world/world.ts";
import { holdsAtom } from "./atoms.ts";
import { AGENT_ID, type TaskBinding } from "./binding.ts";

/** One counted goal condition (SPEC §5). */
export interface TrackedCondition {
  text: string;
  expr: BddlExpr;
  /** Scene object ids (and `agent`) the condition names; observing all of them makes it observed. */
  objects: string[];
}

/**
 * Goal-condition state of a running episode. After each step only the conditions that mention
 * an object the step changed are evaluated again.
 */
export class GoalTracker {
  readonly conditions: TrackedCondition[];
  private readonly holds: boolean[];
  private readonly byObject = new Map<string, number[]>();
  private readonly bddlWorld: BddlWorld;

  constructor(
    private readonly world: World,
    readonly binding: TaskBinding,
  ) {
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
    this.holds = this.conditions.map((c) => this.check(c));
  }

  private check(c: TrackedCondition): boolean {
    return evaluate(c.expr, this.bddlWorld);
  }

  /** Re-evaluates the conditions that mention any of `changed` (object ids, or `agent`). */
  update(changed: Iterable<string>): void {
    const todo = new Set<number>();
    for (const id of changed) {
      const list = this.byObject.get(id);
      if (list) for (const i of list) todo.add(i);
    }
    for (const i of todo) this.holds[i] = this.check(this.conditions[i]!);
  }

  /** Re-evaluates every condition (for verification and tests). */
  recheckAll(): void {
    this.conditions.forEach((c, i) => (this.holds[i] = this.check(c)));
  }

  /** Indices of the conditions that hold now, ascending. */
  satisfied(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.holds.length; i++) if (this.holds[i]) out.push(i);
    return out;
  }

  allHold(): boolean {
    return this.holds.every(Boolean);
  }

  /** Evaluates an arbitrary expression (e.g. `:init` facts) against the current world. */
  evaluate(expr: BddlExpr): boolean {
    return evaluate(expr, this.bddlWorld);
  }
}

export { AGENT_ID };
