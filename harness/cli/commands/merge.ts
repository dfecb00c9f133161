import type { CommandModule } from "yargs";
import { CheckFailed, UsageError } from "../cli-errors.ts";

interface MergeArgs {
  dirs: string[];
  out: string;
  json: boolean;
}

export const command: CommandModule<object, MergeArgs> = {
  command: "merge <dirs..>",
  describe: "merge shard outputs (run --shard I/N) into one run: results.json plus trajectories",
  builder: (y) =>
    y
      .positional("dirs", { type: "string", array: true, demandOption: true, describe: "the --out folders of the shard runs" })
      .option("out", { type: "string", demandOption: true, describe: "new folder for the merged run" })
      .option("json", { type: "boolean", default: false, describe: "print the merged results.json content" }),
  handler: async (argv) => {
    // main.ts's yargs fail handler lets the command run before it reports a missing option
    if (!argv.out) throw new UsageError("merge needs --out DIR (a new folder for the merged run)");
    if (!argv.dirs?.length) throw new UsageError("merge needs at least one run folder");
    const path = await import("node:path");
    const { planMerge, writeMerge } = await import("../../merge/merge-runs.ts");
    const { formatMergeSummary, mergeFailures } = await import("../../merge/format.ts");
    const { getLogger } = await import("../../logger.ts");
    const logger = getLogger();
    const plan = planMerge(argv.dirs);
    for (const n of plan.notes) logger.warn(n);
    const failures = mergeFailures(plan);
    if (plan.conflicts.length) throw new CheckFailed(`merge refused, nothing written:\n${failures.join("\n")}`);
    writeMerge(plan, argv.out);
    process.stdout.write(`${argv.json ? JSON.stringify(plan.results, null, 2) : formatMergeSummary(plan, argv.out)}\n`);
    logger.info({ out: argv.out, results: path.join(argv.out, "results.json"), episodes: plan.rows.length }, "merged");
    if (failures.length) throw new CheckFailed(`merged run is incomplete (results.json has "complete": false):\n${failures.join("\n")}`);
  },
};
