import type { BddlProblem } from "../../../sim/bddl/ast.ts";
import { predicatesUsed } from "../../../sim/bddl/walk.ts";
import { InputError } from "../../../sim/errors.ts";
import { PREDICATES } from "../../../sim/predicates/registry.ts";

/**
 * The first predicate of the problem the simulator cannot evaluate, as an InputError naming the file,
 * `line L, column C` and the predicate — an activity using it must not become a silently wrong episode.
 */
export function unsupportedPredicate(problem: BddlProblem): InputError | null {
  for (const use of predicatesUsed(problem)) {
    if (Object.hasOwn(PREDICATES, use.pred)) continue;
    return new InputError(
      problem.file,
      `line ${use.line}, column ${use.column}`,
      `predicate "${use.pred}" is not supported by the simulator (supported: ${Object.keys(PREDICATES).sort().join(", ")})`,
    );
  }
  return null;
}
