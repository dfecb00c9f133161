/** BEHAVIOR activity importer: problem files → sampled houses, tasks and a suite. */
export { importBddl, stepBudget } from "./import-bddl.ts";
export type { BddlImportOptions } from "./import-bddl.ts";
export { findProblemFiles } from "./discover.ts";
export type { ProblemSource } from "./discover.ts";
export { loadInstructions, instructionFor, instructionsBeside } from "./instructions.ts";
