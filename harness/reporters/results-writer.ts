import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeDirectory } from "../../sim/files/make-directory.ts";
import type { EndEvent, EpisodeHeader } from "../trajectory/events.ts";
import { aggregateMetrics } from "../metrics/aggregate.ts";
import { RESULTS_SCHEMA_VERSION, type ResultsFile, type ResultsRow } from "../metrics/results-schema.ts";
import type { Reporter, RunInfo } from "../runner/run-events.ts";

/** Least time between two rewrites of results.json during a run, by default. */
export const RESULTS_MIN_INTERVAL_MS = 1000;

/** How often {@link ResultsWriter} rewrites results.json during a run, and its clock. */
export interface ResultsWriterOptions {
  /** Least time between two rewrites during the run, in ms (default {@link RESULTS_MIN_INTERVAL_MS}); 0 rewrites after every episode. */
  minIntervalMs?: number;
  /** A monotonic clock in ms (tests inject one); by default `performance.now`. */
  now?: () => number;
}

/**
 * Writes `<out>/results.json`: at the run's begin, at its end (`complete: true`), and in between after
 * an episode's end at most once per `minIntervalMs` (`complete: false`). An episode that ends sooner
 * after the last write is written by a timer once the interval has passed (or by the next write), so
 * during a run the file is about a second stale at most, and at the end it is current. (The timer needs the
 * event loop: a one-worker run of a synchronous agent turns it only between episodes, so there the rows of
 * episodes that ended just before a long one wait for that one's end.)
 *
 * Why not after every episode: each rewrite sorts, aggregates and serialises every row, so rewriting
 * after each episode costs time quadratic in the episodes (~4 % of a 200-episode run's main thread;
 * minutes for 10 000). Nor need it: the durable record of a finished episode is its trajectory, whose
 * end line (written before this writer hears of the episode) carries its metrics, and `--resume`
 * rebuilds the row of every finished episode results.json does not list yet (runner/resume.ts).
 * results.json is a view of the run: current at the end, and about a second behind at most during it.
 *
 * Every write is atomic (a temp file renamed over the old one), so a reader never sees half a file.
 * A failed write throws an error naming results.json; one by the timer is thrown at the next event.
 */
export class ResultsWriter implements Reporter {
  private run: RunInfo | null = null;
  private readonly rows = new Map<string, ResultsRow>();
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  /** Clock reading at the last write. */
  private lastWrite = -Infinity;
  /** Rows added since the last write. */
  private stale = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A timer's write that failed: no hook was running to throw it, so the next one does. */
  private timerFailure: { error: unknown } | null = null;

  /**
   * @param outDir the run folder (`--out`)
   * @param options how often to rewrite during the run, and the clock to measure it by
   */
  constructor(
    private readonly outDir: string,
    options: ResultsWriterOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? RESULTS_MIN_INTERVAL_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** Makes the run folder and writes results.json with the resumed rows, before any episode runs. */
  onBegin(run: RunInfo): void {
    this.run = run;
    // not mkdirSync({ recursive: true }): under /proc that never returns (see makeDirectory)
    makeDirectory(this.outDir);
    for (const row of run.resumed) this.rows.set(rowKey(row), row);
    this.write(false);
  }

  /** Adds the episode's row; writes now if the last write is `minIntervalMs` old, else leaves it to the timer. */
  onEpisodeEnd(key: string, _header: EpisodeHeader, _end: EndEvent, row: ResultsRow): void {
    this.rows.set(key, row);
    this.stale = true;
    this.throwTimerFailure();
    const wait = this.lastWrite + this.minIntervalMs - this.now();
    if (wait <= 0) this.write(false);
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.writeByTimer(), wait);
      // a run that ends (or fails) before the timer does not wait for it
      this.timer.unref?.();
    }
  }

  /** Writes the final results.json: `complete` as the run's results say (false for a run that was interrupted). */
  onEnd(results?: ResultsFile): void {
    this.throwTimerFailure();
    this.write(results?.complete !== false);
  }

  /**
   * Writes the rows not yet written now (`complete: false`), whatever the interval, and stops the timer:
   * for the runner when a run fails, so that results.json lists every episode that finished.
   */
  writeNow(): void {
    if (this.run === null) return;
    if (this.stale) this.write(false);
    else this.stopTimer();
  }

  /** The results as they stand. */
  snapshot(complete: boolean): ResultsFile {
    const run = this.run!;
    const order = new Map(run.planned.map((k, i) => [k, i]));
    const rows = [...this.rows.entries()]
      .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => r);
    return buildResults(run, rows, complete);
  }

  private writeByTimer(): void {
    this.timer = null;
    try {
      this.write(false);
    } catch (error) {
      this.timerFailure = { error };
    }
  }

  private throwTimerFailure(): void {
    const failure = this.timerFailure;
    this.timerFailure = null;
    if (failure) throw failure.error;
  }

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private write(complete: boolean): void {
    this.stopTimer();
    const file = path.join(this.outDir, "results.json");
    const tmp = `${file}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(this.snapshot(complete), null, 2)}\n`);
      renameSync(tmp, file);
    } catch (err) {
      // a failed write (ENOSPC) names no file: name the one the user knows, for the error they see
      const e = err as NodeJS.ErrnoException;
      if (e instanceof Error && e.path === undefined) e.path = file;
      throw err;
    }
    this.lastWrite = this.now();
    this.stale = false;
  }
}

/** Key of a results row: the episode id, plus `~rK` for repeat K > 0. */
export function rowKey(row: { id: string; repeat?: number }): string {
  return row.repeat ? `${row.id}~r${row.repeat}` : row.id;
}

/** Assembles results.json content from run info and rows. */
export function buildResults(run: RunInfo, rows: ResultsRow[], complete: boolean): ResultsFile {
  const { out: _out, resume: _resume, ...config } = run.config;
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    harnessVersion: run.harnessVersion,
    runId: run.runId,
    complete,
    config,
    agent: run.agent,
    suite: { id: run.suite.id, path: run.suite.path, description: run.suite.description, planned: run.planned.length },
    metrics: aggregateMetrics(rows),
    episodes: rows,
  };
}
