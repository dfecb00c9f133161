import type { BddlProblem } from "../../sim/bddl/ast.ts";
import type { Belief } from "./belief.ts";
import type { GoalScope } from "./goal-wants.ts";

/** The parts of `PrivilegedView.task` the explorer reads: the parsed problem and instance → object bindings. */
export interface GoalTask {
  problem: BddlProblem;
  binding: { toObject: ReadonlyMap<string, string> };
}

/** Narrows the privileged view's `task` (typed `unknown` in the agent interface). */
export function asGoalTask(task: unknown): GoalTask | null {
  const t = task as Partial<GoalTask> | null;
  if (!t || typeof t !== "object" || !t.problem || !(t.problem.objects instanceof Map) || !t.binding || !(t.binding.toObject instanceof Map)) return null;
  return t as GoalTask;
}

/** A task's declared instance names and what they are bound to: the same all episode. */
export interface TaskNames {
  /** Declared instance name (not `_*`) → its scene object id. */
  declared: ReadonlyMap<string, string>;
  /** Lower-cased declared name → the declared name. */
  lower: ReadonlyMap<string, string>;
  /** Object ids some declared instance is bound to. */
  boundIds: ReadonlySet<string>;
}

/** {@link TaskNames} of a task: made once an episode, not at every reading of the goal. */
export function taskNames(task: GoalTask): TaskNames {
  const { problem, binding } = task;
  const declared = new Map<string, string>();
  const lower = new Map<string, string>();
  for (const name of problem.objects.keys()) {
    if (name.endsWith("_*")) continue;
    const id = binding.toObject.get(name);
    if (id !== undefined) declared.set(name, id);
    lower.set(name.toLowerCase(), name);
  }
  return { declared, lower, boundIds: new Set(declared.values()) };
}

/**
 * What the explorer may know: the goal and which scene object each *declared* instance is. For a `_*`
 * category it does not use the simulator's list of members (that would tell it how many there are and
 * their ids); it counts only the members it has observed, so "all X" leaves it unsure when to stop.
 */
export function goalScope(task: GoalTask, belief: Belief, names: TaskNames = taskNames(task)): GoalScope {
  const { problem } = task;
  const { declared, lower, boundIds } = names;
  return {
    resolve(name) {
      const decl = declared.get(name) ?? declared.get(lower.get(name.toLowerCase()) ?? "");
      if (decl !== undefined) return decl;
      return belief.known(name) ? name : undefined;
    },
    instancesOf(category) {
      const named = (problem.categories.get(category) ?? []).filter((i) => !i.endsWith("_*"));
      if (!problem.wildcards.has(category)) return named;
      const seen = belief
        .objects()
        .filter((o) => o.category === category && !boundIds.has(o.id))
        .map((o) => o.id);
      return [...named, ...seen];
    },
    isOpen: (category) => problem.wildcards.has(category),
  };
}
