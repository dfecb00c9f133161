import type { CompareReport } from "../types.ts";

/** The report as JSON (the `CompareReport` shape), for scripts. */
export function renderCompareJson(report: CompareReport): string {
  return JSON.stringify(report, null, 2);
}
