import type { CommandModule } from "yargs";
import { UsageError } from "../main.ts";

interface BenchArgs {
  json: boolean;
  quick: boolean;
  reps?: number;
}

export const command: CommandModule<object, BenchArgs> = {
  command: "bench",
  describe: "measure simulator and harness speed (steps/s, place latency, scaling, load, workers, memory) against the targets",
  builder: (y) =>
    y
      .option("json", { type: "boolean", default: false, describe: "print the figures as JSON" })
      .option("quick", { type: "boolean", default: false, describe: "a fast smoke run: every figure, far less work (not for quoting)" })
      .option("reps", { type: "number", describe: "repetitions per figure (default 5, or 1 with --quick)" }),
  handler: async (argv) => {
    if (argv.reps !== undefined && (!Number.isInteger(argv.reps) || argv.reps < 1)) throw new UsageError("--reps must be a whole number ≥ 1");
    // heavy modules (three, cannon-es) load only when the command runs, so --help stays instant
    const { getLogger } = await import("../../logger.ts");
    const { runBench, formatBench, FULL_PLAN, QUICK_PLAN } = await import("../../bench/index.ts");
    const logger = getLogger();
    const base = argv.quick ? QUICK_PLAN : FULL_PLAN;
    const plan = { ...base, repetitions: argv.reps ?? base.repetitions };
    const result = await runBench(plan, { quick: argv.quick, onProgress: (what) => logger.info(what) });
    process.stdout.write(argv.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatBench(result)}\n`);
  },
};
