import type { CommandModule } from "yargs";
import { rescore, writeRescoredResults } from "../../metrics/rescore.ts";
import { getLogger } from "../../logger.ts";
import { formatResultsTable } from "../../reporters/console-reporter.ts";
import { formatProblem } from "../../trajectory/reader.ts";
import { UsageError } from "../cli-errors.ts";

interface RescoreArgs {
  path: string;
  json: boolean;
  write: boolean;
}

/** `rearrange rescore PATH`: recomputes metrics from trajectory files alone (no simulation). */
export const command: CommandModule<object, RescoreArgs> = {
  command: "rescore <path>",
  describe: "recompute metrics from trajectory files alone (an episode .jsonl or a run folder)",
  builder: (y) =>
    y
      .positional("path", { type: "string", demandOption: true, describe: "episode trajectory (.jsonl) or run folder" })
      .option("json", { type: "boolean", default: false, describe: "print the rescored results as JSON" })
      .option("write", { type: "boolean", default: false, describe: "rewrite <run>/results.json with the rescored metrics" })
      .example("$0 rescore runs/2025-06-01T10-00", "rescore a run and print the table")
      .example("$0 rescore runs/x --write", "apply a metric fix to an old run"),
  handler: (argv) => {
    const log = getLogger();
    const result = rescore(argv.path);
    if (argv.write && result.kind !== "run") throw new UsageError("--write needs a run folder, not a single trajectory");
    for (const p of result.problems) log.warn(formatProblem(p));
    if (result.changed.length > 0) {
      log.info({ changed: result.changed }, `${result.changed.length} row(s) differ from the stored metrics`);
    }
    if (argv.write) log.info(`wrote ${writeRescoredResults(result)}`);
    const out = argv.json ? JSON.stringify({ ...result.results, changed: result.changed }, null, 2) : formatResultsTable(result.results);
    process.stdout.write(`${out}\n`);
  },
};
