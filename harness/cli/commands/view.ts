import type { CommandModule } from "yargs";
import { integerOption } from "../option-values.ts";

interface ViewArgs {
  path: string;
  port: number;
  open: boolean;
}

/**
 * `rearrange view PATH`: serves the browser viewer for a scene, an episode or a run on 127.0.0.1
 * and prints its URL on stdout; runs until interrupted (Ctrl-C).
 */
export const command: CommandModule<object, ViewArgs> = {
  command: "view <path>",
  describe: "serve a browser viewer (three.js) for a scene file, an episode .jsonl or a run folder on 127.0.0.1",
  builder: (y) =>
    y
      .positional("path", { type: "string", demandOption: true, describe: "scene file, episode trajectory (.jsonl) or run folder" })
      .option("port", integerOption("port", { min: 0, max: 65535, default: 0, describe: "TCP port on 127.0.0.1 (0: any free port)" }))
      .option("open", { type: "boolean", default: true, describe: "open the URL in the default browser (--no-open: just print it)" })
      .example("$0 view runs/2026-01-01T00-00-00", "browse a run's episodes")
      .example("$0 view runs/x/episodes/flat-milk-fridge.jsonl --no-open --port 8080", "one episode, URL only"),
  handler: async (argv) => {
    // the simulator and the server load only when the command runs, so --help stays instant
    const { startViewerServer } = await import("../../viewer/server/viewer-server.ts");
    const { openInBrowser } = await import("../../viewer/server/open-browser.ts");
    const { getLogger } = await import("../../logger.ts");
    const logger = getLogger();
    const server = await startViewerServer(argv.path, {
      port: argv.port,
      onError: (err, url) => logger.error({ url, err: String((err as Error)?.stack ?? err) }, "viewer request failed"),
    });
    process.stdout.write(`${server.url}\n`);
    logger.info({ url: server.url, path: argv.path }, "viewer serving (Ctrl-C to stop)");
    if (argv.open) openInBrowser(server.url, (reason) => logger.warn({ reason }, "could not open a browser; open the URL yourself"));
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        resolve();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    await server.close();
  },
};
