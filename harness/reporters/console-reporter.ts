import type { ResultsFile } from "../metrics/results-schema.ts";
import type { Reporter } from "../runner/run-events.ts";
import { renderTable } from "./table.ts";

/** Prints the run's metrics table to stdout at the end (or the results as JSON with `--json`). */
export class ConsoleReporter implements Reporter {
  constructor(
    private readonly options: { json: boolean; perEpisode: boolean; write?: (s: string) => void },
  ) {}

  onEnd(results: ResultsFile): void {
    const write = this.options.write ?? ((s: string) => process.stdout.write(s));
    if (this.options.json) {
      write(`${JSON.stringify(results, null, 2)}\n`);
      return;
    }
    write(`${formatResultsTable(results, this.options.perEpisode)}\n`);
  }
}

/** The metrics table people read after a run: per-episode rows, then the means. */
export function formatResultsTable(results: ResultsFile, perEpisode = true): string {
  const m = results.metrics as Record<string, number>;
  const parts: string[] = [];
  if (perEpisode) {
    parts.push(
      renderTable(
        ["episode", "SR", "TTC", "TP", "rTP", "steps", "done", "error"],
        results.episodes.map((r) => [
          r.repeat ? `${r.id}~r${r.repeat}` : r.id,
          r.SR,
          r.TTC,
          r.TP,
          r.rTP,
          r.steps,
          r.doneCalled ? "yes" : "no",
          r.error ? r.error.category : "",
        ]),
      ),
      "",
    );
  }
  parts.push(`suite ${results.suite.id} · agent ${results.agent.name} · ${m.episodes} episodes · ${m.errors} errors`);
  parts.push(
    renderTable(
      ["metric", "value"],
      [
        ["SR (success rate)", m.SR!],
        ["TTC (total task completion)", m.TTC!],
        ["TP (task progression)", m.TP!],
        ["rTP (relative task progression)", m.rTP!],
        ["rTP, seed formula", m.rTPSeedFormula ?? 0],
        ["steps (mean)", m.steps ?? 0],
        ["premature done()", m.prematureDone ?? 0],
      ],
    ),
  );
  return parts.join("\n");
}
