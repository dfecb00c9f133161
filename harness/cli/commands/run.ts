import path from "node:path";
import type { CommandModule } from "yargs";
import { parseShard } from "../../runner/plan.ts";
import { parseAgentOptions } from "../agent-options.ts";
import { UsageError } from "../cli-errors.ts";
import { globListOption, integerOption, numberOption } from "../option-values.ts";
import { catchInterrupts } from "../interrupt.ts";

/** The default agent of `rearrange run`. */
export const DEFAULT_AGENT = "explorer";

interface RunArgs {
  suite: string;
  agent: string;
  "agent-opt"?: string[];
  out?: string;
  workers: number;
  shard?: string;
  resume: boolean;
  overwrite?: boolean;
  seed?: number;
  "max-steps"?: number;
  "step-timeout": number;
  episodes?: string;
  repeat: number;
  json: boolean;
}

export const command: CommandModule<object, RunArgs> = {
  command: "run",
  describe: "run a suite of episodes with an agent and print the metrics table",
  builder: (y) =>
    y
      .option("suite", { type: "string", default: "default", describe: "bundled suite name, suite file, or folder with one suite file" })
      .option("agent", { type: "string", default: DEFAULT_AGENT, describe: 'built-in name, ./agent.ts|.js module, or cmd:"COMMAND" (JSON-RPC)' })
      .option("agent-opt", { type: "string", array: true, describe: "agent option key=value (repeatable) or a JSON/YAML file" })
      .option("out", { type: "string", describe: "output folder (default runs/<timestamp>)" })
      .option("workers", integerOption("workers", { min: 1, default: 1, describe: "parallel worker threads" }))
      .option("shard", { type: "string", describe: "run shard I of N (I/N), split by a hash of the episode id" })
      .option("resume", { type: "boolean", default: false, describe: "continue an interrupted run in --out" })
      .option("overwrite", { type: "boolean", describe: "--out holds an earlier run: delete its results.json and trajectories first (else the run refuses)" })
      .option("seed", integerOption("seed", { describe: "derive every episode's seed from this one" }))
      .option("max-steps", integerOption("max-steps", { min: 1, describe: "override every episode's step budget" }))
      .option("step-timeout", numberOption("step-timeout", { min: 0, minExclusive: true, default: 120, describe: "seconds one agent call may take" }))
      .option("episodes", globListOption({ describe: "glob over episode ids; alternatives comma-separated (--episodes 'flat-*,loft-*') or as repeated --episodes" }))
      .option("repeat", integerOption("repeat", { min: 1, default: 1, describe: "run each episode K times with derived seeds" }))
      .option("json", { type: "boolean", default: false, describe: "print results.json content instead of the table" }),
  handler: async (argv) => {
    const shard = argv.shard === undefined ? null : parseShard(argv.shard);
    if (argv.shard !== undefined && !shard) throw new UsageError(`--shard ${argv.shard}: expected I/N with 1 ≤ I ≤ N`);
    if (argv.resume && !argv.out) throw new UsageError("--resume needs --out DIR (the run to continue)");
    if (argv.resume && argv.overwrite) throw new UsageError("--resume continues the run in --out, --overwrite deletes it: give one of them");
    const out = argv.out ?? path.join("runs", new Date().toISOString().replace(/[:.]/g, "-"));
    // heavy modules (three, cannon-es) load only when the command runs, so --help stays instant
    const { getLogger } = await import("../../logger.ts");
    const { runSuite } = await import("../../runner/run-suite.ts");
    const { ConsoleReporter } = await import("../../reporters/console-reporter.ts");
    const { ProgressReporter } = await import("../../reporters/progress-reporter.ts");
    const logger = getLogger();
    const interrupts = catchInterrupts("finishing the episodes in flight, then writing results.json");
    let results;
    try {
      results = await runSuite({
        suite: argv.suite,
        agent: argv.agent,
        agentOptions: parseAgentOptions(argv["agent-opt"]),
        out,
        seed: argv.seed ?? null,
        maxSteps: argv["max-steps"] ?? null,
        stepTimeout: argv["step-timeout"],
        episodes: argv.episodes ?? null,
        repeat: argv.repeat,
        workers: argv.workers,
        shard,
        resume: argv.resume,
        overwrite: argv.overwrite === true,
        reporters: [new ProgressReporter(logger), new ConsoleReporter({ json: argv.json, perEpisode: true })],
        signal: interrupts.signal,
      });
    } finally {
      interrupts.dispose();
    }
    const interrupted = interrupts.exitCode();
    if (interrupted !== undefined) {
      process.stderr.write(`rearrange: interrupted with ${results.episodes.length} episode(s) finished, all in ${path.join(out, "results.json")}; the same command with --resume --out ${out} runs the rest\n`);
      process.exitCode = interrupted;
      return;
    }
    logger.info({ out, results: path.join(out, "results.json") }, "run finished");
    if (!argv.json) process.stdout.write(`\nresults: ${path.join(out, "results.json")}\n`);
  },
};
