import type { CommandModule } from "yargs";
import { CheckFailed, UsageError } from "../cli-errors.ts";

interface ReplayArgs {
  path: string;
  verify: boolean;
  json: boolean;
}

export const command: CommandModule<object, ReplayArgs> = {
  command: "replay <path>",
  describe: "re-execute a logged episode (.jsonl) or a whole run folder in the simulator",
  builder: (y) =>
    y
      .positional("path", { type: "string", demandOption: true, describe: "episode trajectory file or run folder" })
      .option("verify", { type: "boolean", default: false, describe: "exit 1 at the first step whose feedback, goal status, observations or state differ from the log" })
      .option("json", { type: "boolean", default: false, describe: "print the replay report as JSON" }),
  handler: async (argv) => {
    if (!argv.path) throw new UsageError("replay needs a PATH: an episode .jsonl file or a run folder");
    // the simulator loads only when the command runs, so --help stays instant
    const { replayPath } = await import("../../replay/replay-path.ts");
    const { formatDivergence, formatReplayReport } = await import("../../replay/format.ts");
    const { getLogger } = await import("../../logger.ts");
    const logger = getLogger();
    const report = replayPath(argv.path, {
      verify: argv.verify,
      onEpisode: (e) => logger.info({ episode: e.episodeId, repeat: e.repeat, steps: e.stepsReplayed, diverged: e.divergence?.t ?? null }, "episode replayed"),
    });
    for (const p of report.problems) logger.warn({ file: p.file, line: p.line }, p.message);
    process.stdout.write(`${argv.json ? JSON.stringify(report, null, 2) : formatReplayReport(report, { divergence: !argv.verify })}\n`);
    // with --verify the divergence goes to stderr once, as the reason for exit 1
    if (argv.verify && report.divergence) throw new CheckFailed(formatDivergence(report.divergence));
  },
};
