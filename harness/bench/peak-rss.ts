import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { generateHouse } from "./house-generator.ts";
import { CHILD_ENTRIES, childEntry } from "./child-entry.ts";
import type { RssProbeResult } from "./rss-probe-main.ts";

/**
 * Peak RSS of a fresh Node process that loads a generated house of `objects` objects from its scene file
 * and runs `steps` bench-agent steps in it with trajectory logging. A child process, so that nothing the
 * benchmark did before (other houses, the suite runs) counts toward the peak. It starts from the probe's bundle, as
 * `rearrange` starts from its own (not through tsx, whose loader and transforms would count too).
 */
export async function measurePeakRss(options: { objects: number; steps: number; dir: string }): Promise<RssProbeResult> {
  mkdirSync(options.dir, { recursive: true });
  const file = path.join(options.dir, `house-${options.objects}.scene.json`);
  writeFileSync(file, generateHouse(options.objects).text);
  const { stdout } = await promisify(execFile)(process.execPath, [await childEntry(CHILD_ENTRIES.rssProbe), file, String(options.steps), path.join(options.dir, "rss-probe")], {
    maxBuffer: 1 << 20,
  });
  const last = stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(last) as RssProbeResult;
  } catch {
    throw new Error(`the memory probe printed no result: ${stdout.slice(-500)}`);
  }
}
