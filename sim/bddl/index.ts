/** BDDL (BEHAVIOR Domain Definition Language): parse problem files, evaluate goals, count goal conditions. */
export * from "./ast.ts";
export { parseProblem } from "./parser.ts";
export { tokenize } from "./tokenizer.ts";
export type { Token, TokenStream } from "./tokenizer.ts";
export { evaluate, pairMatrix, coveredRowsAndColumns } from "./evaluate.ts";
export type { BddlWorld, Bindings } from "./evaluate.ts";
export { expandGoalConditions, topLevelConjuncts, declaredInstancesOf } from "./conditions.ts";
export type { GoalCondition } from "./conditions.ts";
export { formatExpr, formatProblem } from "./format.ts";
export { atomsOf, predicatesUsed, namedInstances, mentionedInstances, substitute } from "./walk.ts";
