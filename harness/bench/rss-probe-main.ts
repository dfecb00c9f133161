import { loadSceneFile } from "../../sim/scene/load.ts";
import { benchTask } from "./house-generator.ts";
import { runHouseEpisode } from "./house-stepping.ts";

/** What the probe prints (one JSON line on stdout). */
export interface RssProbeResult {
  /** Peak resident set size of the probe process, MB. */
  peakRssMB: number;
  /** RSS before the scene was read (Node and the loaded code: the bundle, or tsx and the sources), MB. */
  baselineRssMB: number;
  steps: number;
}

/**
 * `rss-probe-entry <scene file> <steps> <out dir>` (its bundle, or rss-probe.js from the sources): loads the scene as an episode does (parse, validate,
 * build, settle), runs the bench agent for `steps` steps with trajectory logging into `out dir`, and
 * prints the process's peak RSS.
 */
export async function probePeakRss(args: string[]): Promise<void> {
  const [file, stepsText, out] = args;
  if (!file || !stepsText || !out) throw new Error("usage: rss-probe <scene file> <steps> <out dir>");
  const baselineRssMB = process.memoryUsage().rss / 2 ** 20;
  const loaded = loadSceneFile(file);
  const steps = Number(stepsText);
  const t = await runHouseEpisode(
    { key: "rss-probe", id: "rss-probe", repeat: 0, seed: 1, maxSteps: steps, scene: loaded, task: benchTask(loaded.scene) },
    out,
  );
  const result: RssProbeResult = { peakRssMB: process.resourceUsage().maxRSS / 1024, baselineRssMB, steps: t.steps };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
