import path from "node:path";
import type { CommandModule } from "yargs";
import { integerOption, numberOption } from "../option-values.ts";

interface McpArgs {
  suite: string;
  episode?: string;
  out?: string;
  seed?: number;
  "max-steps"?: number;
  "step-timeout": number;
}

export const command: CommandModule<object, McpArgs> = {
  command: "mcp",
  describe: "serve one episode as Model Context Protocol tools over stdio (observe, one tool per subpolicy, done); writes the trajectory and results like a run",
  builder: (y) =>
    y
      .option("suite", { type: "string", default: "default", describe: "bundled suite name, suite file, or folder with one suite file" })
      .option("episode", { type: "string", describe: "episode id (may be left out when the suite has one episode)" })
      .option("out", { type: "string", describe: "output folder (default runs/mcp-<timestamp>)" })
      .option("seed", integerOption("seed", { describe: "derive the episode's seed from this one (as rearrange run --seed)" }))
      .option("max-steps", integerOption("max-steps", { min: 1, describe: "override the episode's step budget" }))
      .option("step-timeout", numberOption("step-timeout", { min: 0, minExclusive: true, default: 3600, describe: "seconds to wait for the client's next action before the episode ends as a timeout" }))
      .example("$0 mcp --suite smoke --episode flat-bedside-lamp", "in an MCP client's server list: command rearrange, args [mcp, --suite, smoke, --episode, flat-bedside-lamp]"),
  handler: async (argv) => {
    const out = argv.out ?? path.join("runs", `mcp-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    // heavy modules (simulator, MCP SDK) load only when the command runs
    const { getLogger } = await import("../../logger.ts");
    const { serveMcpEpisode } = await import("../../mcp/mcp-episode.ts");
    const logger = getLogger();
    logger.info({ suite: argv.suite, episode: argv.episode, out }, "MCP server on stdio: waiting for a client");
    const results = await serveMcpEpisode({
      suite: argv.suite,
      episode: argv.episode,
      seed: argv.seed ?? null,
      maxSteps: argv["max-steps"] ?? null,
      stepTimeout: argv["step-timeout"],
      out,
    });
    if (results) logger.info({ out, SR: results.metrics.SR, TP: results.metrics.TP }, "MCP episode finished");
    else logger.warn("the MCP client disconnected before the episode started; nothing was written");
  },
};
