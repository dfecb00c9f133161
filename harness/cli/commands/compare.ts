import type { CommandModule } from "yargs";
import { compareRuns, DEFAULT_BOOTSTRAP_ITERATIONS } from "../../compare/compare-runs.ts";
import { loadComparableRun } from "../../compare/load-run.ts";
import { COMPARE_REPORTERS, renderCompareReport, type CompareReporterName } from "../../compare/reporters/index.ts";
import { signed, interval } from "../../compare/reporters/format.ts";
import { CheckFailed } from "../cli-errors.ts";
import { integerOption } from "../option-values.ts";

interface CompareArgs {
  base: string;
  cand: string;
  reporter: CompareReporterName;
  json: boolean;
  "fail-on-regression": boolean;
  seed: number;
  iterations: number;
}

/**
 * `rearrange compare BASE CAND`: aggregate and per-episode deltas with paired-bootstrap intervals.
 * With `--fail-on-regression` it exits 1 when an aggregate metric's whole 95% interval lies
 * below 0 (see `isRegression` and docs/compare.md); the report is printed either way.
 */
export const command: CommandModule<object, CompareArgs> = {
  command: "compare <base> <cand>",
  describe: "compare a candidate run with a base run: deltas, 95% paired-bootstrap intervals, episodes that got worse",
  builder: (y) =>
    y
      .positional("base", { type: "string", demandOption: true, describe: "base run folder (or its results.json)" })
      .positional("cand", { type: "string", demandOption: true, describe: "candidate run folder (or its results.json)" })
      .option("reporter", { choices: Object.keys(COMPARE_REPORTERS) as CompareReporterName[], default: "table" as CompareReporterName, describe: "output format" })
      .option("json", { type: "boolean", default: false, describe: "same as --reporter json" })
      .option("fail-on-regression", { type: "boolean", default: false, describe: "exit 1 when an aggregate metric's 95% interval lies wholly below 0" })
      .option("seed", integerOption("seed", { default: 0, describe: "bootstrap seed (same seed, same intervals)" }))
      .option("iterations", integerOption("iterations", { min: 1, default: DEFAULT_BOOTSTRAP_ITERATIONS, describe: "bootstrap resamples" }))
      .example("$0 compare runs/main runs/pr --fail-on-regression", "gate a change in CI")
      .example("$0 compare runs/main runs/pr --reporter markdown > comment.md", "pull-request comment"),
  handler: (argv) => {
    const report = compareRuns(loadComparableRun(argv.base), loadComparableRun(argv.cand), { seed: argv.seed, iterations: argv.iterations });
    const text = renderCompareReport(report, argv.json ? "json" : argv.reporter);
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
    if (argv["fail-on-regression"] && report.regressions.length > 0) {
      const worse = report.episodes.filter((e) => e.verdict === "worse").map((e) => e.id);
      const metrics = report.aggregate
        .filter((d) => d.regressed)
        .map((d) => `${d.metric} ${signed(d.delta)} ${interval(d.ci)}`)
        .join(", ");
      throw new CheckFailed(`regression: ${metrics}; episodes that got worse: ${worse.join(", ") || "(none individually)"}`);
    }
  },
};
