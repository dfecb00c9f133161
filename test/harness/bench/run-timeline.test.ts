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

/**
 * A run folder with one trajectory per episode: header at `begin`, step lines, the end line at `end` (none when `end`
 * is null). `pad` lengthens the header and end lines (past the reader's 16 KB chunks), `steps` is how many step
 * lines lie between them, and `lastBreak` whether the file ends with a line break (a finished trajectory always does).
 */
function writeRun(dir: string, episodes: readonly { begin: number; end: number | null; pad?: number; steps?: number; lastBreak?: boolean }[]): void {
  mkdirSync(path.join(dir, "episodes"), { recursive: true });
  episodes.forEach((e, i) => {
    const pad = "é".repeat(e.pad ?? 0);
    const lines = [
      JSON.stringify({ type: "episode", episodeId: `ep-${i}`, instruction: pad, ts: iso(e.begin) }),
      // step lines between them, stamped later than the end: only the first and the last line count
      ...Array.from({ length: e.steps ?? 1 }, (_, t) => JSON.stringify({ type: "step", t, ts: iso(e.begin + 1_000_000) })),
      ...(e.end === null ? [] : [JSON.stringify({ type: "end", reason: "done", note: pad, ts: iso(e.end) })]),
    ];
    writeFileSync(path.join(dir, "episodes", `ep-${i}.jsonl`), `${lines.join("\n")}${e.lastBreak === false ? "" : "\n"}`);
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
      fc.property(
        fc.array(
          fc.record({
            begin: fc.integer({ min: 0, max: 60_000 }),
            length: fc.integer({ min: 0, max: 5_000 }),
            pad: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 8_000, max: 40_000 })),
            steps: fc.integer({ min: 0, max: 3 }),
            lastBreak: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 1_000 }),
        (eps, after) => {
        const dir = path.join(root, `prop-${n++}`);
        const episodes = eps.map((e) => ({ ...e, begin: T0 + e.begin, end: T0 + e.begin + e.length }));
        writeRun(dir, episodes);
        // a file that ends mid-line was cut off before its end line was whole: not finished, as --resume reads it
        const finished = eps.filter((e) => e.lastBreak);
        const timeline = runTimeline(dir, T0, T0 + 100_000 + after);
        expect(timeline.episodes).toBe(finished.length);
        if (finished.length === 0) return;
        expect(timeline.headMs).toBe(Math.min(...finished.map((e) => e.begin)));
        expect(timeline.episodeMs).toBe(finished.reduce((s, e) => s + e.length, 0));
        expect(timeline.tailMs).toBe(100_000 + after - Math.max(...finished.map((e) => e.begin + e.length)));
        rmSync(dir, { recursive: true, force: true });
        },
      ),
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
