import { readdirSync } from "node:fs";
import path from "node:path";
import { readEdgeLines } from "../trajectory/edge-lines.ts";

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

/** One finished episode of a run: its trajectory's name (without `.jsonl`) and the ms of its header and end lines. */
export interface EpisodeSpan {
  id: string;
  begin: number;
  end: number;
}

/**
 * The finished episodes of the run in `runDir`, in order of beginning: from the `ts` of each trajectory's first line
 * (the header, stamped after the episode's reset) and last line (the end line), read from the file's two ends as
 * `--resume` reads them. A trajectory without a whole end line (an interrupted run) is left out.
 */
export function episodeSpans(runDir: string): EpisodeSpan[] {
  const folder = path.join(runDir, "episodes");
  const spans: EpisodeSpan[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith(".jsonl")) continue;
    const edges = readEdgeLines(path.join(folder, name));
    if (!edges.first || !edges.last) continue;
    const header = JSON.parse(edges.first.text) as { type?: string; ts?: string };
    const last = JSON.parse(edges.last.text) as { type?: string; ts?: string };
    if (header.type !== "episode" || last.type !== "end" || !header.ts || !last.ts) continue;
    spans.push({ id: name.slice(0, -".jsonl".length), begin: Date.parse(header.ts), end: Date.parse(last.ts) });
  }
  return spans.sort((a, b) => a.begin - b.begin);
}

/**
 * The timeline of a finished run in `runDir` that began at `startedAt` and ended at `endedAt` (ms since the epoch,
 * `Date.now()` around the call), from its {@link episodeSpans}.
 */
export function runTimeline(runDir: string, startedAt: number, endedAt: number): RunTimeline {
  const spans = episodeSpans(runDir);
  if (spans.length === 0) return { headMs: NaN, episodeMs: 0, tailMs: NaN, episodes: 0 };
  let lastEnd = -Infinity;
  let episodeMs = 0;
  for (const s of spans) {
    lastEnd = Math.max(lastEnd, s.end);
    episodeMs += s.end - s.begin;
  }
  return { headMs: spans[0]!.begin - startedAt, episodeMs, tailMs: endedAt - lastEnd, episodes: spans.length };
}
