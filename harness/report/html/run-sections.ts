import type { ReportData } from "../report-data.ts";
import { barChart } from "../svg/bar-chart.ts";
import { histogramChart } from "../svg/histogram-chart.ts";
import { escapeHtml, formatNumber } from "./escape.ts";
import { shellQuote } from "./shell-quote.ts";

/** The sections of a run's report, each an HTML string. */

const ci = (c: readonly [number, number]) => `[${formatNumber(c[0])}, ${formatNumber(c[1])}]`;

/** Title, what was run, and any problems reading the run. */
export function headerSection(d: ReportData): string {
  const problems = d.problems.map((p) => `<p class="note">${escapeHtml(p)}</p>`).join("");
  return `<h1>rearrange report: ${escapeHtml(d.runId || d.runPath)}</h1>
<p class="meta">run <code>${escapeHtml(d.runPath)}</code> · suite <b>${escapeHtml(d.suite)}</b> · agent <b>${escapeHtml(d.agent)}</b> · ${d.episodes} episodes · ${d.errors} agent errors · ${d.prematureDone} premature done()${d.harnessVersion ? ` · rearrange ${escapeHtml(d.harnessVersion)}` : ""}</p>
<p class="meta">Watch it: <code class="cmd">${escapeHtml(viewCommand(d.runPath))}</code>${copyButton(viewCommand(d.runPath))}</p>
${problems}`;
}

/** Metric cards and the aggregate chart with 95% intervals. */
export function metricsSection(d: ReportData): string {
  const cards = d.aggregate
    .map((a) => `<div class="card" data-metric="${escapeHtml(a.metric)}"><div class="k">${escapeHtml(a.metric)} · ${escapeHtml(a.label)}</div><div class="v">${formatNumber(a.estimate.value)}</div><div class="ci">95% ${ci(a.estimate.ci)}</div></div>`)
    .join("");
  const rates = d.aggregate.filter((a) => a.unit === "rate");
  const chart = barChart(
    rates.map((a) => ({ label: a.metric, value: a.estimate.value, ci: a.estimate.ci, tone: "neutral" })),
    { title: "Aggregate metrics with 95% bootstrap intervals", id: "aggregate", max: 1 },
  );
  return `<h2>Metrics</h2>
<div class="cards">${cards}</div>
<figure>${chart}<figcaption>Means over ${d.episodes} episodes (repeats averaged first); whiskers are 95% percentile-bootstrap intervals over episodes (${d.bootstrap.iterations} resamples, seed ${d.bootstrap.seed}).</figcaption></figure>`;
}

/** Success by task family, action errors by category, steps histogram, how episodes ended. */
export function breakdownSection(d: ReportData): string {
  const families = barChart(
    d.families.map((f) => ({ label: f.family, value: f.SR.value, ci: f.SR.ci, caption: `n=${f.episodes}`, tone: f.SR.value >= 1 ? "good" : f.SR.value === 0 ? "bad" : "neutral" })),
    { title: "Success rate by task family", id: "families", max: 1 },
  );
  const fromPrefix = d.families.some((f) => f.source === "prefix");
  const errors = barChart(
    d.actionErrors.map((e) => ({ label: e.category, value: e.count, tone: e.count > 0 ? "bad" : "neutral" })),
    { title: "Action errors by category", id: "action-errors", format: (x) => formatNumber(x, 1) },
  );
  const steps = histogramChart(d.steps, { title: "Steps per episode", id: "steps", axisTitle: "steps per episode (episode runs)" });
  const reasons = barChart(
    d.endReasons.map((r) => ({ label: r.reason, value: r.count, tone: r.reason === "done" ? "neutral" : "accent" })),
    { title: "How episodes ended", id: "end-reasons", format: (x) => formatNumber(x, 1) },
  );
  return `<h2>Breakdown</h2>
<div class="grid2">
<figure>${families}<figcaption>SR per task family with 95% intervals; family from each task file's <code>family</code> field${fromPrefix ? " (or, where a task has none or its file is not at hand, the episode id before the first “-”)" : ""}.</figcaption></figure>
<figure>${errors}<figcaption>Failed actions by Embodied Agent Interface category, summed over all episode runs.</figcaption></figure>
<figure>${steps}<figcaption>Actions taken per episode run.</figcaption></figure>
<figure>${reasons}<figcaption>Why episodes ended: done() by the agent, step budget, agent error, timeout.</figcaption></figure>
</div>`;
}

/** The episode table, sortable, with the command that opens each episode in the viewer. */
export function episodesSection(d: ReportData): string {
  const num = (v: number, digits = 3) => `<td class="num" data-v="${v}">${formatNumber(v, digits)}</td>`;
  const rows = d.rows
    .map((r) => {
      const cmd = r.trajectory ? viewCommand(r.trajectory) : null;
      return `<tr class="${r.SR === 1 ? "pass" : "fail"}" data-episode="${escapeHtml(r.id)}"><td>${escapeHtml(r.id)}${r.repeats > 1 ? ` <span class="meta">×${r.repeats}</span>` : ""}</td><td>${escapeHtml(r.family)}</td>${num(r.SR)}${num(r.TTC)}${num(r.TP)}${num(r.rTP)}${num(r.steps, 1)}<td class="num">${escapeHtml(r.conditions)}</td>${num(r.actionErrors, 1)}<td>${escapeHtml(r.reason)}</td><td>${cmd ? `<code class="cmd">${escapeHtml(cmd)}</code>${copyButton(cmd)}` : `<span class="meta">no trajectory</span>`}</td></tr>`;
    })
    .join("\n");
  return `<h2>Episodes</h2>
<p class="meta">Click a column to sort. Each episode opens in the 3D viewer with the command beside it.</p>
<table class="sortable episodes"><thead><tr><th>episode</th><th>family</th><th class="num">SR</th><th class="num">TTC</th><th class="num">TP</th><th class="num">rTP</th><th class="num">steps</th><th class="num">conditions</th><th class="num">action errors</th><th>ended by</th><th>viewer</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

/** `rearrange view PATH`, quoted for a shell. */
export function viewCommand(target: string): string {
  return `rearrange view ${shellQuote(target)}`;
}

/** A button that copies `text` to the clipboard (the page's inline script wires it). */
export function copyButton(text: string): string {
  return `<button class="copy" type="button" data-copy="${escapeHtml(text)}">copy</button>`;
}
