/** The self-contained HTML report of a run (and of its comparison with a base run). */
export { writeReport, type WriteReportOptions } from "./write-report.ts";
export { buildReportData, type ReportData, type ReportOptions, type Estimate, type FamilyRow, type ReportEpisode } from "./report-data.ts";
export { renderReportHtml } from "./render-report.ts";
export { stepsHistogram, type HistogramBin } from "./histogram-bins.ts";
export { taskFamily, idPrefix } from "./task-family.ts";
