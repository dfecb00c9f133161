import { accessSync, constants, statSync } from "node:fs";
import type { CommandModule } from "yargs";
import type { ComparableBench } from "../../bench/compare-bench.ts";
import { CheckFailed, UsageError } from "../cli-errors.ts";
import { integerOption } from "../option-values.ts";

interface BenchArgs {
  json: boolean;
  quick: boolean;
  reps?: number;
  only?: string[];
  compare?: string[];
  save?: string;
  dir?: string;
  "fail-on-regression": boolean;
}

export const command: CommandModule<object, BenchArgs> = {
  command: "bench",
  describe: "measure simulator and harness speed (steps/s, place latency, scaling, load, workers, memory) against the targets",
  builder: (y) =>
    y
      .option("json", { type: "boolean", default: false, describe: "print the figures as JSON" })
      .option("quick", { type: "boolean", default: false, describe: "a fast smoke run: every figure, far less work (not for quoting)" })
      .option("reps", integerOption("reps", { min: 1, describe: "repetitions of every figure (default 5, the one- and two-worker runs 3; 1 with --quick)" }))
      .option("only", {
        type: "string",
        array: true,
        describe: "run only the measurements behind these figures (e.g. --only workersSpeedup); the others are left out",
      })
      .option("compare", {
        type: "string",
        array: true,
        describe:
          "BASE.json: compare this run's figures with an earlier `bench --json` result; BASE.json CAND.json: compare two results, without running. A side may be several runs, comma-separated (a1.json,a2.json): their medians pooled",
      })
      .option("save", { type: "string", describe: "also write this run's result as JSON to this file (a base for a later --compare)" })
      .option("dir", {
        type: "string",
        describe: "folder under which the timed runs write their trajectories (a scratch folder made there and removed after; default: the system temp folder, TMPDIR). The result names it and its filesystem",
      })
      .option("fail-on-regression", { type: "boolean", default: false, describe: "with --compare: exit 1 when a figure regressed beyond the noise of its repetitions" })
      .example("$0 bench --save before.json", "measure, keeping the figures")
      .example("$0 bench --compare before.json", "measure again after a change, and compare")
      .example("$0 bench --compare before.json after.json", "compare two saved results")
      .example("$0 bench --dir /dev/shm", "time the runs writing to memory (tmpfs), leaving the disk out"),
  handler: async (argv) => {
    // heavy modules (three, cannon-es) load only when the command runs, so --help stays instant
    const { getLogger } = await import("../../logger.ts");
    const { runBench, formatBench, formatPartialBench, FULL_PLAN, QUICK_PLAN, compareBench, comparisonRecord, formatComparison, loadBenchRuns, checkBenchFileWritable, saveBenchFile } = await import("../../bench/index.ts");
    const { BENCH_FIGURES, planWithReps } = await import("../../bench/run-bench.ts");
    const only = argv.only?.flatMap((s) => s.split(",")).filter(Boolean);
    const unknown = only?.filter((f) => !(BENCH_FIGURES as readonly string[]).includes(f)) ?? [];
    if (unknown.length) throw new UsageError(`--only: unknown figure ${unknown.join(", ")} (figures: ${BENCH_FIGURES.join(", ")})`);
    const files = argv.compare;
    if (files && (files.length < 1 || files.length > 2)) throw new UsageError(`--compare takes one file (compare this run with it) or two (compare them without running), not ${files.length}`);
    if (argv["fail-on-regression"] && !files) throw new UsageError("--fail-on-regression needs --compare");
    const measures = !files || files.length === 1;
    if (!measures) {
      const ignored = [argv.quick && "--quick", argv.reps !== undefined && "--reps", only?.length && "--only", argv.save !== undefined && "--save", argv.dir !== undefined && "--dir"].filter(Boolean);
      if (ignored.length) throw new UsageError(`--compare with two files compares them without running: ${ignored.join(", ")} would have no effect`);
    }
    // a baseline that cannot be read, or nowhere to save, fails now, not after the measurements
    const baseline = files ? loadBenchRuns(files[0]!) : null;
    if (argv.save !== undefined) checkBenchFileWritable(argv.save);
    if (argv.dir !== undefined) checkScratchDir(argv.dir);
    const compare = (cand: ComparableBench, candName: string): void => {
      const comparison = compareBench(baseline!, cand);
      const sides = { base: { name: files![0]!, result: baseline! }, cand: { name: candName, result: cand } };
      const text = argv.json ? JSON.stringify(comparisonRecord(comparison, sides), null, 2) : formatComparison(comparison, sides);
      process.stdout.write(`${text}\n`);
      if (argv["fail-on-regression"] && comparison.regressions.length > 0) throw new CheckFailed(`regressed beyond the noise: ${comparison.regressions.join(", ")}`);
    };
    if (!measures) return compare(loadBenchRuns(files![1]!), files![1]!);
    const logger = getLogger();
    const base = argv.quick ? QUICK_PLAN : FULL_PLAN;
    const plan = planWithReps(base, argv.reps);
    const onProgress = (what: string) => logger.info(what);
    const options = { quick: argv.quick, onProgress, scratchDir: argv.dir };
    const result = only?.length ? await runBench(plan, { ...options, only: only as typeof BENCH_FIGURES[number][] }) : await runBench(plan, options);
    if (argv.save !== undefined) saveBenchFile(argv.save, result);
    if (baseline) return compare(result, "this run");
    const text = argv.json ? JSON.stringify(result, null, 2) : "only" in result ? formatPartialBench(result) : formatBench(result);
    process.stdout.write(`${text}\n`);
  },
};

/** `--dir` must be an existing folder this process can write in: checked before minutes of measuring. */
function checkScratchDir(dir: string): void {
  let stats;
  try {
    stats = statSync(dir);
  } catch (err) {
    throw new UsageError(`--dir ${dir}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such folder" : (err as Error).message}`);
  }
  if (!stats.isDirectory()) throw new UsageError(`--dir ${dir}: not a folder`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`--dir ${dir}: not writable`);
  }
}
