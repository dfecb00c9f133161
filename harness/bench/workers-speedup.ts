import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runSuite } from "../runner/run-suite.ts";
import { generateHouse, taskFileText } from "./house-generator.ts";
import { median, timeIt } from "./stats.ts";

/** Wall time of the same run with one worker and with two. */
export interface WorkersSpeedup {
  /** Median wall time with `--workers 1` over median wall time with `--workers 2`. */
  workersSpeedup: number;
  oneWorkerMs: number;
  twoWorkersMs: number;
  /** Process CPU time (all threads) of each run, ms, median: what the run cost, whatever else the machine did. */
  oneWorkerCpuMs: number;
  twoWorkersCpuMs: number;
  episodes: number;
}

/** Houses the generated suite spreads its episodes over. */
const HOUSES = 4;

/**
 * Writes a suite of `episodes` episodes over a few generated 100-object houses, then runs it with the
 * `random` agent (cheap: the run is mostly the simulator's own work) through `runSuite` with one worker
 * and with two, `reps` times each, alternating. Wall time covers the whole run: worker start-up, loading,
 * settling, stepping and writing trajectories and results.
 */
export async function measureWorkersSpeedup(options: { episodes: number; maxSteps: number; reps: number; dir: string }): Promise<WorkersSpeedup> {
  const suite = writeSuite(options.episodes, options.maxSteps, path.join(options.dir, "suite"));
  const times = { 1: [] as number[], 2: [] as number[] };
  const cpu = { 1: [] as number[], 2: [] as number[] };
  for (let rep = 0; rep < options.reps; rep++) {
    for (const workers of [1, 2] as const) {
      const out = path.join(options.dir, `run-w${workers}-${rep}`);
      const t = await timeIt(() =>
        runSuite({
          suite,
          agent: "random",
          agentOptions: {},
          out,
          seed: null,
          maxSteps: null,
          stepTimeout: 600,
          episodes: null,
          repeat: 1,
          workers,
          shard: null,
          resume: false,
        }),
      );
      times[workers].push(t.wallMs);
      cpu[workers].push(t.cpuMs);
    }
  }
  const oneWorkerMs = median(times[1]);
  const twoWorkersMs = median(times[2]);
  return { workersSpeedup: oneWorkerMs / twoWorkersMs, oneWorkerMs, twoWorkersMs, oneWorkerCpuMs: median(cpu[1]), twoWorkersCpuMs: median(cpu[2]), episodes: options.episodes };
}

/** Writes houses, tasks and a suite file; returns the suite file's path. */
function writeSuite(episodes: number, maxSteps: number, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const refs: { scene: string; task: string }[] = [];
  for (let h = 0; h < HOUSES; h++) {
    const house = generateHouse(100, h + 1);
    writeFileSync(path.join(dir, `house-${h}.scene.json`), house.text);
    writeFileSync(path.join(dir, `house-${h}.task.json`), taskFileText(house));
    refs.push({ scene: `house-${h}.scene.json`, task: `house-${h}.task.json` });
  }
  const suite = {
    schemaVersion: 1,
    id: "bench-workers",
    description: `${episodes} random-agent episodes over ${HOUSES} generated houses (rearrange bench)`,
    episodes: Array.from({ length: episodes }, (_, i) => ({ id: `ep-${i}`, ...refs[i % HOUSES]!, seed: i, maxSteps })),
  };
  const file = path.join(dir, "bench.suite.json");
  writeFileSync(file, `${JSON.stringify(suite, null, 2)}\n`);
  return file;
}
