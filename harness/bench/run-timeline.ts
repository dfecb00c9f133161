import { closeSync, fstatSync, openSync, readdirSync, readSync } from "node:fs";
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

/** One finished episode of a run: its trajectory's name (without `.jsonl`) and the ms of its header and end lines. */
export interface EpisodeSpan {
  id: string;
  begin: number;
  end: number;
}

/**
 * The finished episodes of the run in `runDir`, in order of beginning: from the `ts` of each trajectory's first line
 * (the header, stamped after the episode's reset) and last line (the end line). A trajectory without an end line
 * (an interrupted run) is left out.
 */
export function episodeSpans(runDir: string): EpisodeSpan[] {
  const folder = path.join(runDir, "episodes");
  const spans: EpisodeSpan[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith(".jsonl")) continue;
    const { first, last: lastLine } = firstAndLastLines(path.join(folder, name));
    const header = JSON.parse(first) as { type?: string; ts?: string };
    const last = JSON.parse(lastLine) as { type?: string; ts?: string };
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

/** Bytes read at a time from either end of a trajectory. */
const CHUNK = 16 * 1024;

/**
 * The first and the last line of a file (without their line breaks; a trailing break is not a line), read from its
 * two ends only: a run's trajectories are read while it is measured, and reading them whole would fill the heap.
 */
function firstAndLastLines(file: string): { first: string; last: string } {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    let head = Buffer.alloc(0);
    let firstEnd = -1;
    while (firstEnd < 0 && head.length < size) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - head.length));
      readSync(fd, chunk, 0, chunk.length, head.length);
      head = Buffer.concat([head, chunk]);
      firstEnd = head.indexOf(0x0a);
    }
    let end = size;
    // a final line break ends the last line; it does not start another
    const lastByte = Buffer.alloc(1);
    if (size > 0 && readSync(fd, lastByte, 0, 1, size - 1) === 1 && lastByte[0] === 0x0a) end--;
    let tail = Buffer.alloc(0);
    let lastStart = -1;
    while (lastStart < 0 && tail.length < end) {
      const length = Math.min(CHUNK, end - tail.length);
      const chunk = Buffer.alloc(length);
      readSync(fd, chunk, 0, length, end - tail.length - length);
      tail = Buffer.concat([chunk, tail]);
      lastStart = tail.lastIndexOf(0x0a);
    }
    return {
      first: head.subarray(0, firstEnd < 0 ? head.length : firstEnd).toString("utf8"),
      last: tail.subarray(lastStart + 1).toString("utf8"),
    };
  } finally {
    closeSync(fd);
  }
}
