import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runSuite } from "../runner/run-suite.ts";
import type { EpisodePool } from "../workers/episode-pool.ts";
import { generateHouse, taskFileText } from "./house-generator.ts";

/** Houses the generated suite spreads its episodes over. */
const HOUSES = 4;

/**
 * `rearrange run --agent random --workers N` on a suite, as a library call: the run the workers benchmark times
 * (on threads: workers-speedup.ts; on processes: two-process-speedup.ts). `pool`: threads kept across runs.
 */
export function runWorkersSuite(suite: string, workers: number, out: string, pool?: EpisodePool) {
  return runSuite({
    pool,
    suite,
    agent: "random",
    // every episode runs its full budget, so episodes cost alike
    agentOptions: { doneProbability: 0 },
    out,
    seed: null,
    maxSteps: null,
    stepTimeout: 600,
    episodes: null,
    repeat: 1,
    workers,
    shard: null,
    resume: false,
  });
}

/**
 * Writes the workers benchmark's suite: `houses` houses (four by default) with their tasks, and a suite file of
 * `episodes` episodes taking the houses in turn; returns the suite file's path.
 */
export function writeWorkersSuite(episodes: number, objects: number, maxSteps: number, dir: string, houses = HOUSES): string {
  mkdirSync(dir, { recursive: true });
  const refs: { scene: string; task: string }[] = [];
  for (let h = 0; h < houses; h++) {
    const house = generateHouse(objects, h + 1);
    writeFileSync(path.join(dir, `house-${h}.scene.json`), house.text);
    writeFileSync(path.join(dir, `house-${h}.task.json`), taskFileText(house));
    refs.push({ scene: `house-${h}.scene.json`, task: `house-${h}.task.json` });
  }
  const suite = {
    schemaVersion: 1,
    id: "bench-workers",
    description: `${episodes} random-agent episodes over ${houses} generated ${objects}-object houses (rearrange bench)`,
    episodes: Array.from({ length: episodes }, (_, i) => ({ id: `ep-${i}`, ...refs[i % houses]!, seed: i, maxSteps })),
  };
  const file = path.join(dir, "bench.suite.json");
  writeFileSync(file, `${JSON.stringify(suite, null, 2)}\n`);
  return file;
}
