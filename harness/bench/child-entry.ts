import { fileURLToPath } from "node:url";
import { getLogger } from "../logger.ts";
import { bundleWorker } from "../workers/worker-bundle.ts";

/**
 * The bench's child processes (the two-process lanes, the memory probe), each as a TypeScript entry that does
 * its work at the top level, and the tsx bootstrap that runs the same entry from the sources.
 */
export const CHILD_ENTRIES = {
  processLane: { entry: here("./process-lane-entry.ts"), bootstrap: here("./process-lane.js") },
  rssProbe: { entry: here("./rss-probe-entry.ts"), bootstrap: here("./rss-probe.js") },
} as const;

const warned = new Set<string>();

/**
 * The file a bench child process should start from: its entry's cached bundle (made now if the sources changed),
 * as the CLI and the worker threads start, so that the figures are those of the code users run (tsx's
 * transform names every closure and loads each module through its hooks: another start, other code, another
 * heap). When bundling fails, the tsx bootstrap, with one warning per entry.
 */
export async function childEntry(child: { entry: string; bootstrap: string }): Promise<string> {
  if (process.env.REARRANGE_WORKER_BUNDLE === "0") return child.bootstrap;
  try {
    return await bundleWorker({ entry: child.entry });
  } catch (err) {
    if (!warned.has(child.entry)) {
      warned.add(child.entry);
      getLogger().warn({ entry: child.entry, err: String((err as Error)?.message ?? err) }, "could not precompile a benchmark child process; it loads TypeScript through tsx instead");
    }
    return child.bootstrap;
  }
}

function here(file: string): string {
  return fileURLToPath(new URL(file, import.meta.url));
}
