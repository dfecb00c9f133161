import type { BddlProblem } from "../bddl/ast.ts";
import type { InputError } from "../errors.ts";
import { predicateProblems } from "../task/predicate-check.ts";
import { placementProblems } from "./placement-check.ts";

/**
 * Why no episode can be made of a parsed BEHAVIOR problem, found before any house is sampled: every predicate use
 * the simulator cannot evaluate ({@link predicateProblems}, which task loading applies too), else every object no
 * house can place ({@link placementProblems}, which reads the problem as the sampler does, so only once its
 * predicates are readable). `rearrange import bddl` refuses a file for these, and `rearrange validate` reports
 * them, in the same words: validating predicts the import. Each is an InputError naming the file, `line L,
 * column C` and the reason. Empty: the problem goes on to sampling.
 */
export function problemsBeforeSampling(problem: BddlProblem): InputError[] {
  const unsupported = predicateProblems(problem);
  return unsupported.length > 0 ? unsupported : placementProblems(problem);
}
