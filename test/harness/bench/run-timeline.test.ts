import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { episodeSpans, runTimeline } from "../../../harness/bench/run-timeline.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "rearrange-run-timeline-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const T0 = Date.parse("2026-12-04T03:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

/** A run folder with one trajectory per episode: header at `begin`, a step line, the end line at `end` (none when `end` is null). */
function writeRun(dir: string, episodes: readonly { begin: number; end: number | null }[]): void {
  mkdirSync(path.join(dir, "episodes"), { recursive: true });
  episodes.forEach((e, i) => {
    const lines = [
      JSON.stringify({ type: "episode", episodeId: `ep-${i}`, ts: iso(e.begin) }),
      // a step line between them, stamped later than the end: only the first and the last line count
      JSON.stringify({ type: "step", t: 1, ts: iso(e.begin + 1_000_000) }),
      ...(e.end === null ? [] : [JSON.stringify({ type: "end", reason: "done", ts: iso(e.end) })]),
    ];
    writeFileSync(path.join(dir, "episodes", `ep-${i}.jsonl`), `${lines.join("\n")}\n`);
  });
  // not a trajectory: ignored
  writeFileSync(path.join(dir, "episodes", "notes.txt"), "{}\n");
}

describe("runTimeline", () => {
  it("reads the head, the episodes' summed time and the tail from the header and end lines", () => {
    const dir = path.join(root, "fixed");
    writeRun(dir, [
      { begin: T0 + 12, end: T0 + 30 },
      { begin: T0 + 10, end: T0 + 15 },
      { begin: T0 + 20, end: T0 + 25 },
      // interrupted: no end line, left out
      { begin: T0 + 1, end: null },
    ]);
    expect(runTimeline(dir, T0, T0 + 34)).toEqual({ headMs: 10, episodeMs: 18 + 5 + 5, tailMs: 4, episodes: 3 });
    expect(episodeSpans(dir)).toEqual([
      { id: "ep-1", begin: T0 + 10, end: T0 + 15 },
      { id: "ep-0", begin: T0 + 12, end: T0 + 30 },
      { id: "ep-2", begin: T0 + 20, end: T0 + 25 },
    ]);
  });

  it("matches the episodes' own times for any run", () => {
    let n = 0;
    fc.assert(
      fc.property(fc.array(fc.record({ begin: fc.integer({ min: 0, max: 60_000 }), length: fc.integer({ min: 0, max: 5_000 }) }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 1_000 }), (eps, after) => {
        const dir = path.join(root, `prop-${n++}`);
        const episodes = eps.map((e) => ({ begin: T0 + e.begin, end: T0 + e.begin + e.length }));
        writeRun(dir, episodes);
        const lastEnd = Math.max(...episodes.map((e) => e.end));
        const timeline = runTimeline(dir, T0, lastEnd + after);
        expect(timeline.episodes).toBe(eps.length);
        expect(timeline.headMs).toBe(Math.min(...eps.map((e) => e.begin)));
        expect(timeline.episodeMs).toBe(eps.reduce((s, e) => s + e.length, 0));
        expect(timeline.tailMs).toBe(after);
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 60 },
    );
  });

  it("says there is nothing to time when no episode finished", () => {
    const dir = path.join(root, "none");
    writeRun(dir, [{ begin: T0 + 5, end: null }]);
    const timeline = runTimeline(dir, T0, T0 + 10);
    expect(timeline.episodes).toBe(0);
    expect(timeline.episodeMs).toBe(0);
    expect(Number.isNaN(timeline.headMs)).toBe(true);
  });
});
