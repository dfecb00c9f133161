import type { CommandModule } from "yargs";
import { integerOption } from "../option-values.ts";

interface ReportArgs {
  run: string;
  compare?: string;
  out?: string;
  seed: number;
  iterations: number;
}

/**
 * `rearrange report RUN`: writes one self-contained HTML file (inline CSS, JS and SVG charts)
 * with the run's metrics and intervals, per-family success, action errors, steps, the episode
 * table and viewer commands; `--compare BASE` adds the regression view. Prints the file's path.
 */
export const command: CommandModule<object, ReportArgs> = {
  command: "report <run>",
  describe: "write a self-contained HTML report of a run (charts, intervals, episode table); --compare adds the regression view",
  builder: (y) =>
    y
      .positional("run", { type: "string", demandOption: true, describe: "run folder (or its results.json)" })
      .option("compare", { type: "string", describe: "base run folder (or results.json) to compare with" })
      .option("out", { type: "string", describe: "output HTML file (default <run>/report.html)" })
      .option("seed", integerOption("seed", { default: 0, describe: "bootstrap seed (same seed, same intervals)" }))
      .option("iterations", integerOption("iterations", { min: 1, default: 10_000, describe: "bootstrap resamples" }))
      .example("$0 report runs/pr --compare runs/main --out pr.html", "a report to attach to a pull request"),
  handler: async (argv) => {
    const { writeReport } = await import("../../report/write-report.ts");
    const { file } = writeReport(argv.run, { compare: argv.compare, out: argv.out, seed: argv.seed, iterations: argv.iterations });
    process.stdout.write(`${file}\n`);
  },
};
