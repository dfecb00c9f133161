import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** When a run's episodes ran, from its trajectories' time stamps (ms resolution). */
export interface RunTimeline {
  /** From the run's start to the first episode's header line: reading the files, handing them to the threads, the first reset. */
  headMs: number;
  /**
   * The episodes' own time, summed: each from its header line (after its reset) to its end line. With two lanes this
   * is CPU-like work done side by side, so against a one-lane run it says how much slower each episode ran.
   */
  episodeMs: number;
  /** From the last end line to the run's end: writing results.json, closing. */
  tailMs: number;
  episodes: number;
}

/**
 * The timeline of a finished run in `runDir` that began at `startedAt` and ended at `endedAt` (ms since the epoch,
 * `Date.now()` around the call): read from the `ts` of each trajectory's first line (the header) and last line
 * (the end line). Only whole episodes count: a trajectory without an end line (an interrupted run) is left out.
 */
export function runTimeline(runDir: string, startedAt: number, endedAt: number): RunTimeline {
  const folder = path.join(runDir, "episodes");
  let firstBegin = Infinity;
  let lastEnd = -Infinity;
  let episodeMs = 0;
  let episodes = 0;
  for (const name of readdirSync(folder)) {
    if (!name.endsWith(".jsonl")) continue;
    const text = readFileSync(path.join(folder, name), "utf8").trimEnd();
    const firstBreak = text.indexOf("\n");
    const header = JSON.parse(firstBreak < 0 ? text : text.slice(0, firstBreak)) as { type?: string; ts?: string };
    const last = JSON.parse(text.slice(text.lastIndexOf("\n") + 1)) as { type?: string; ts?: string };
    if (header.type !== "episode" || last.type !== "end" || !header.ts || !last.ts) continue;
    const begin = Date.parse(header.ts);
    const end = Date.parse(last.ts);
    firstBegin = Math.min(firstBegin, begin);
    lastEnd = Math.max(lastEnd, end);
    episodeMs += end - begin;
    episodes++;
  }
  if (episodes === 0) return { headMs: NaN, episodeMs: 0, tailMs: NaN, episodes: 0 };
  return { headMs: firstBegin - startedAt, episodeMs, tailMs: endedAt - lastEnd, episodes };
}
