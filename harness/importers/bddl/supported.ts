import type { BddlProblem } from "../../../sim/bddl/ast.ts";
import type { InputError } from "../../../sim/errors.ts";
import { predicateProblems } from "../../../sim/task/predicate-check.ts";

/**
 * The first predicate use of the problem the simulator cannot evaluate (unknown predicate, wrong operand
 * count or kind), as an InputError naming the file, `line L, column C` and the predicate — an activity
 * using it must not become a silently wrong episode. The check itself is {@link predicateProblems}, which
 * task loading (`rearrange run`, `rearrange validate`) applies too.
 */
export function unsupportedPredicate(problem: BddlProblem): InputError | null {
  return predicateProblems(problem)[0] ?? null;
}
