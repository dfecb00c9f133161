import type { BddlProblem } from "../../../sim/bddl/ast.ts";
import type { InputError } from "../../../sim/errors.ts";
import { predicateProblems } from "../../../sim/task/predicate-check.ts";

/**
 * Every predicate use of the problem the simulator cannot evaluate (unknown predicate, wrong operand count
 * or kind), each an InputError naming the file, `line L, column C` and the predicate — an activity using one
 * must not become a silently wrong episode, and a user fixing them should see them all at once, as
 * `rearrange validate` lists them. The check itself is {@link predicateProblems}, which task loading
 * (`rearrange run`, `rearrange validate`) applies too.
 */
export function unsupportedPredicates(problem: BddlProblem): InputError[] {
  return predicateProblems(problem);
}
