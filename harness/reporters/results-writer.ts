import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeDirectory } from "../../sim/files/make-directory.ts";
import type { EndEvent, EpisodeHeader } from "../trajectory/events.ts";
import { aggregateMetrics } from "../metrics/aggregate.ts";
import { RESULTS_SCHEMA_VERSION, type ResultsFile, type ResultsRow } from "../metrics/results-schema.ts";
import type { Reporter, RunInfo } from "../runner/run-events.ts";

/**
 * Keeps `<out>/results.json` current: rewritten atomically after every finished episode
 * (`complete: false` until the run ends), so a crash never loses a finished episode.
 */
export class ResultsWriter implements Reporter {
  private run: RunInfo | null = null;
  private readonly rows = new Map<string, ResultsRow>();

  constructor(private readonly outDir: string) {}

  onBegin(run: RunInfo): void {
    this.run = run;
    // not mkdirSync({ recursive: true }): under /proc that never returns (see makeDirectory)
    makeDirectory(this.outDir);
    for (const row of run.resumed) this.rows.set(rowKey(row), row);
    this.flush(false);
  }

  onEpisodeEnd(key: string, _header: EpisodeHeader, _end: EndEvent, row: ResultsRow): void {
    this.rows.set(key, row);
    this.flush(false);
  }

  onEnd(): void {
    this.flush(true);
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

  private flush(complete: boolean): void {
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
