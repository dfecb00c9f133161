import { renderTable } from "../reporters/table.ts";
import type { Divergence } from "./replay-episode.ts";
import type { ReplayReport } from "./replay-path.ts";

/** Longest rendering of one value in a divergence message. */
const MAX_VALUE_CHARS = 400;

/**
 * The divergence message: episode, file, step and action, then each differing field with what the
 * log says (expected) and what the simulator did now (got).
 */
export function formatDivergence(d: Divergence): string {
  const where = d.t === 0 ? "at reset (before the first action)" : `at step t=${d.t} (${d.action})`;
  const lines = [`replay diverged: episode "${d.episodeId}"${d.repeat ? ` repeat ${d.repeat}` : ""} ${where}`, `  file: ${d.file}`];
  for (const diff of d.differences) {
    lines.push(`  ${diff.field}:`, `    expected ${show(diff.expected)}`, `    got      ${show(diff.got)}`);
  }
  return lines.join("\n");
}

/**
 * Per-episode summary: steps replayed and recomputed metrics, then the first divergence if any
 * (`divergence: false` leaves it out, for callers that report it elsewhere).
 */
export function formatReplayReport(report: ReplayReport, options: { divergence: boolean } = { divergence: true }): string {
  const rows = report.episodes.map((e) => [
    e.repeat ? `${e.episodeId}~r${e.repeat}` : e.episodeId,
    `${e.stepsReplayed}/${e.stepsLogged}`,
    e.metrics.SR,
    e.metrics.TTC,
    e.metrics.TP,
    e.metrics.rTP,
    e.divergence ? (e.divergence.t === 0 ? "reset" : `t=${e.divergence.t}`) : "",
    e.loggedMetrics && !sameMetrics(e.loggedMetrics, e.metrics) ? "differ" : e.loggedMetrics ? "same" : "no end line",
  ]);
  const parts = [renderTable(["episode", "steps", "SR", "TTC", "TP", "rTP", "diverged", "vs logged metrics"], rows)];
  const notes = report.episodes.flatMap((e) => e.notes.map((n) => `note: ${e.episodeId}: ${n}`));
  if (notes.length) parts.push("", ...new Set(notes));
  if (!report.divergence) parts.push("", `replayed ${report.episodes.length} episode(s): every step matches its log`);
  else if (options.divergence) parts.push("", formatDivergence(report.divergence));
  return parts.join("\n");
}

function sameMetrics(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return ["SR", "TTC", "TP", "rTP", "steps"].every((k) => a[k] === b[k]);
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}
