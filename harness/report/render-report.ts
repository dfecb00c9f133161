import { compareSection } from "./html/compare-section.ts";
import { page } from "./html/page.ts";
import { breakdownSection, episodesSection, headerSection, metricsSection } from "./html/run-sections.ts";
import type { ReportData } from "./report-data.ts";

/**
 * The report as one self-contained HTML document: inline styles, inline SVG charts and a small
 * inline script; nothing is loaded from anywhere, so it opens offline and can be mailed or
 * attached to a CI job as it is.
 */
export function renderReportHtml(d: ReportData): string {
  const sections = [headerSection(d), ...(d.compare ? [compareSection(d.compare)] : []), metricsSection(d), breakdownSection(d), episodesSection(d)];
  return page(`rearrange report — ${d.runId || d.runPath}`, sections.join("\n"));
}
