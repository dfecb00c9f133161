import { writeFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import { loadComparableRun } from "../compare/load-run.ts";
import { renderReportHtml } from "./render-report.ts";
import { buildReportData, type ReportOptions } from "./report-data.ts";

export interface WriteReportOptions extends Omit<ReportOptions, "base"> {
  /** Base run folder (or results.json) to compare with. */
  compare?: string;
  /** Output file (default `<run>/report.html`, or `report.html` beside a results.json). */
  out?: string;
}

/**
 * Writes the HTML report of a run (folder or results.json) and returns where.
 * @throws InputError for a missing or invalid run, or an output file that cannot be written
 */
export function writeReport(run: string, options: WriteReportOptions = {}): { file: string; html: string } {
  const cand = loadComparableRun(run);
  const base = options.compare ? loadComparableRun(options.compare) : undefined;
  const html = renderReportHtml(buildReportData(cand, { ...options, base }));
  const file = options.out ?? path.join(run.endsWith(".json") ? path.dirname(run) : run, "report.html");
  try {
    writeFileSync(file, html);
  } catch (err) {
    throw new InputError(file, undefined, `cannot write the report (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return { file, html };
}
