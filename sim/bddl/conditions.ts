/**
 * Goal conditions as SPEC §5 counts them: the top-level conjuncts of `:goal` after flattening nested
 * `and`s, each top-level `forall` expanded into one condition per instance of its category
 * ("throw away all 3 cans" is 3 conditions). Everything else — exists, forn, forpairs, fornpairs, or,
 * not, imply, atoms, and a forall nested inside any of them — is one condition.
 */
import { isWildcardInstance } from "./ast.ts";
import type { BddlExpr, BddlProblem } from "./ast.ts";
import { formatExpr } from "./format.ts";
import { mentionedInstances, namedInstances, substitute } from "./walk.ts";

export { formatExpr } from "./format.ts";
export { atomsOf, mentionedInstances, namedInstances } from "./walk.ts";

/** One goal condition. */
export interface GoalCondition {
  /** Position in the list (the index the trajectory's `satisfied` refers to). */
  index: number;
  /** The condition, with the expanded forall's variable replaced by its instance. */
  expr: BddlExpr;
  /** Canonical BDDL text, e.g. `(inside can__of__soda.n.01_2 ashcan.n.01_1)`. */
  text: string;
  /**
   * The condition's task objects as SPEC §5 defines them: the object constants it names, after
   * substitution (room types excluded). Instances only ranged over by a quantifier inside the condition
   * are NOT included — e.g. `(exists (?t - tree.n.01) (nextto egg.n.01_1 ?t))` names only `egg.n.01_1`,
   * and a condition naming no constant has none (it counts as observed from the start).
   */
  instances: string[];
  /**
   * `instances` plus every instance a quantifier inside the condition ranges over (bddl's
   * `get_relevant_objects`), for callers that want the wider reading.
   */
  rangedInstances: string[];
}

/** Flattens nested top-level `and`s into the list of conjuncts. */
export function topLevelConjuncts(goal: BddlExpr): BddlExpr[] {
  return goal.op === "and" ? goal.args.flatMap(topLevelConjuncts) : [goal];
}

/**
 * Expands `problem.goal` into goal conditions. `instancesOf(category)` gives the instances a top-level
 * forall expands over (declared instances, or for a `_*` category every bound scene object); a forall over
 * zero instances contributes zero conditions.
 */
export function expandGoalConditions(
  problem: BddlProblem,
  instancesOf: (category: string) => string[],
): GoalCondition[] {
  const exprs = topLevelConjuncts(problem.goal).flatMap((c) =>
    c.op === "forall" ? instancesOf(c.category).map((inst) => substitute(c.body, c.var, inst)) : [c],
  );
  return exprs.map((expr, index) => ({
    index,
    expr,
    text: formatExpr(expr),
    instances: namedInstances(expr),
    rangedInstances: mentionedInstances(expr, instancesOf),
  }));
}

/**
 * The declared instances of each category, without `_*` wildcard entries: the quantifier range for a
 * problem on its own (a simulator binding `_*` to scene objects supplies its own `instancesOf`).
 */
export function declaredInstancesOf(problem: BddlProblem): (category: string) => string[] {
  return (category) => (problem.categories.get(category) ?? []).filter((i) => !isWildcardInstance(i));
}
