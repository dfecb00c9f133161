/** `rearrange bench`: speed figures of the simulator and harness (docs/performance.md). */
export { runBench, FULL_PLAN, QUICK_PLAN, type BenchResult, type BenchPlan, type BenchOptions, type MachineInfo } from "./run-bench.ts";
export { measureAllocation, type Allocation } from "./allocation.ts";
export { filesystemOf } from "./scratch-filesystem.ts";
export { formatBench, formatPartialBench } from "./format.ts";
export { TARGETS, evaluateTargets, type TargetCheck } from "./targets.ts";
export { generateHouse, benchTask, taskFileText, type GeneratedHouse } from "./house-generator.ts";
export { BenchAgent } from "./bench-agent.ts";
export { runTimedEpisodes, replayLines, type SteppingTime, type RecordedEpisode } from "./stepping-clock.ts";
export { compareBench, isDecidable, poolResults, verdictOf, type BenchComparison, type ComparableBench, type FigureChange, type FigureVerdict } from "./compare-bench.ts";
export { comparisonRecord, formatComparison, type ComparisonSides } from "./format-comparison.ts";
export { loadBenchFile, loadBenchRuns, saveBenchFile, checkBenchFileWritable, BenchFileSchema, type BenchFile } from "./bench-file.ts";
