import type { CompareReport } from "../types.ts";
import { renderCompareJson } from "./json.ts";
import { renderCompareJunit } from "./junit.ts";
import { renderCompareMarkdown } from "./markdown.ts";
import { renderCompareTable } from "./table.ts";

/** The `--reporter` choices of `rearrange compare`. */
export const COMPARE_REPORTERS = {
  table: renderCompareTable,
  markdown: renderCompareMarkdown,
  json: renderCompareJson,
  junit: renderCompareJunit,
} as const satisfies Record<string, (r: CompareReport) => string>;

export type CompareReporterName = keyof typeof COMPARE_REPORTERS;

/** Renders a report with the named reporter. */
export function renderCompareReport(report: CompareReport, reporter: CompareReporterName): string {
  return COMPARE_REPORTERS[reporter](report);
}
