import { existsSync, mkdtempSync, readFileSync, symlinkSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResultsRow } from "../../../harness/metrics/results-schema.ts";
import { RESULTS_MIN_INTERVAL_MS, ResultsWriter } from "../../../harness/reporters/results-writer.ts";
import type { RunInfo } from "../../../harness/runner/run-events.ts";
import type { EndEvent, EpisodeHeader } from "../../../harness/trajectory/events.ts";

const KEYS = ["a", "b", "c", "d", "e"];

function runInfo(out: string, resumed: ResultsRow[] = []): RunInfo {
  return {
    runId: "suite-0000abcd",
    harnessVersion: "0.1.0",
    config: { suite: "s.json", agent: "random", agentOptions: {}, out, seed: null, maxSteps: null, stepTimeout: 60, episodes: null, repeat: 1, workers: 1, shard: null, resume: false },
    suite: { id: "suite", path: "s.json", description: "" },
    agent: { name: "random", version: "1" },
    planned: KEYS,
    resumed,
  };
}

function row(id: string): ResultsRow {
  const metrics = { SR: 1, TTC: 1, TP: 1, rTP: 1, steps: 3, doneCalled: true, conditions: { total: 1, satisfied: 1, observed: 1 }, actionErrors: {} };
  return { id, seed: 0, ...metrics, reason: "done", error: null };
}

/** A writer on a fresh folder with a clock the test moves; `listed()` reads results.json back. */
function writerAt(minIntervalMs?: number) {
  const out = mkdtempSync(path.join(os.tmpdir(), "results-writer-"));
  const clock = { t: 0 };
  const writer = new ResultsWriter(out, { minIntervalMs, now: () => clock.t });
  const file = path.join(out, "results.json");
  const read = () => JSON.parse(readFileSync(file, "utf8")) as { complete: boolean; episodes: ResultsRow[]; metrics: { episodes: number } };
  const end = (key: string) => writer.onEpisodeEnd(key, {} as EpisodeHeader, {} as EndEvent, row(key));
  return { out, file, clock, writer, read, end, listed: () => read().episodes.map((r) => r.id) };
}

describe("ResultsWriter: results.json at the begin, the end, and at most once per interval in between", () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => void vi.useRealTimers());

  it("writes at the begin, skips episode ends within the interval, writes once it has passed, and always at the end", () => {
    const w = writerAt(1000);
    w.writer.onBegin(runInfo(w.out));
    expect(w.read()).toMatchObject({ complete: false, episodes: [] });

    w.clock.t = 10;
    w.end("a"); // 10 ms after the begin's write: not written
    expect(w.listed()).toEqual([]);
    w.clock.t = 999;
    w.end("b");
    expect(w.listed()).toEqual([]);

    w.clock.t = 1000; // the interval has passed: a and b are written
    w.end("c");
    expect(w.listed()).toEqual(["a", "b", "c"]);
    expect(w.read().complete).toBe(false);

    w.clock.t = 1500;
    w.end("d");
    expect(w.listed()).toEqual(["a", "b", "c"]);

    w.clock.t = 1600; // at the end, whatever the interval
    w.writer.onEnd();
    expect(w.read()).toMatchObject({ complete: true, metrics: { episodes: 4 } });
    expect(w.listed()).toEqual(["a", "b", "c", "d"]);
    expect(existsSync(`${w.file}.tmp`)).toBe(false);
  });

  it("an episode left unwritten is written by a timer once the interval has passed (at most a second stale)", () => {
    const w = writerAt(1000);
    w.writer.onBegin(runInfo(w.out));
    w.clock.t = 400;
    w.end("a");
    vi.advanceTimersByTime(599);
    expect(w.listed()).toEqual([]);
    w.clock.t = 1000;
    vi.advanceTimersByTime(1);
    expect(w.listed()).toEqual(["a"]);
    expect(w.read().complete).toBe(false);
    // the timer's write counts as the last write: the next episode within a second waits again
    w.clock.t = 1200;
    w.end("b");
    expect(w.listed()).toEqual(["a"]);
    expect(vi.getTimerCount()).toBe(1);
    w.writer.onEnd();
    expect(vi.getTimerCount()).toBe(0);
    expect(w.read()).toMatchObject({ complete: true });
    expect(w.listed()).toEqual(["a", "b"]);
  });

  it("minIntervalMs 0 writes after every episode; the default interval is a second", () => {
    const w = writerAt(0);
    w.writer.onBegin(runInfo(w.out));
    for (const key of KEYS) {
      w.end(key);
      expect(w.listed().at(-1)).toBe(key);
    }
    expect(vi.getTimerCount()).toBe(0);
    expect(RESULTS_MIN_INTERVAL_MS).toBe(1000);
    const d = writerAt();
    d.writer.onBegin(runInfo(d.out));
    d.clock.t = 999;
    d.end("a");
    expect(d.listed()).toEqual([]);
    d.clock.t = 1000;
    d.end("b");
    expect(d.listed()).toEqual(["a", "b"]);
  });

  it("rows are in plan order whatever order episodes end in, resumed rows included", () => {
    const w = writerAt(0);
    w.writer.onBegin(runInfo(w.out, [row("d")]));
    expect(w.listed()).toEqual(["d"]);
    w.end("c");
    w.end("a");
    w.writer.onEnd();
    expect(w.listed()).toEqual(["a", "c", "d"]);
  });

  it("writeNow (the runner after a failure) writes the rows not yet written, and stops the timer", () => {
    const w = writerAt(1000);
    w.writer.writeNow(); // before the run began: nothing to write
    expect(existsSync(w.file)).toBe(false);
    w.writer.onBegin(runInfo(w.out));
    w.clock.t = 5;
    w.end("a");
    expect(vi.getTimerCount()).toBe(1);
    w.writer.writeNow();
    expect(vi.getTimerCount()).toBe(0);
    expect(w.read()).toMatchObject({ complete: false });
    expect(w.listed()).toEqual(["a"]);
  });

  it("a failed write names results.json; one by the timer fails the next episode end", () => {
    const w = writerAt(1000);
    w.writer.onBegin(runInfo(w.out));
    // the temp file is /dev/full: writing it fails with a real ENOSPC
    symlinkSync("/dev/full", `${w.file}.tmp`);
    w.clock.t = 1000;
    expect(() => w.end("a")).toThrow(expect.objectContaining({ code: "ENOSPC", path: w.file }));

    const v = writerAt(1000);
    v.writer.onBegin(runInfo(v.out));
    symlinkSync("/dev/full", `${v.file}.tmp`);
    v.clock.t = 1;
    v.end("a");
    v.clock.t = 1000;
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    expect(() => v.end("b")).toThrow(expect.objectContaining({ code: "ENOSPC", path: v.file }));
    // once the disk has room again, the end writes every row
    unlinkSync(`${v.file}.tmp`);
    v.writer.onEnd();
    expect(v.listed()).toEqual(["a", "b"]);
  });
});
