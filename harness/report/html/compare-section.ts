import { divergenceText, interval, rate, resultLine, signed, verdictOf, worstFirst } from "../../compare/reporters/format.ts";
import type { CompareReport } from "../../compare/types.ts";
import { deltaChart } from "../svg/delta-chart.ts";
import { escapeHtml } from "./escape.ts";

/**
 * The regression view of `rearrange compare` (same numbers, same rule: a metric regressed when
 * its whole 95% paired-bootstrap interval lies below 0), as a chart and tables.
 */
export function compareSection(r: CompareReport): string {
  const regressed = r.regressions.length > 0;
  const chart = deltaChart(
    r.aggregate.map((d) => ({ label: d.metric, delta: d.delta, ci: d.ci, verdict: verdictOf(d) as "regressed" | "improved" | "within noise" })),
    { title: "Change of each metric, candidate minus base, with 95% paired-bootstrap intervals", id: "compare-deltas" },
  );
  const aggregateRows = r.aggregate
    .map((d) => `<tr data-metric="${d.metric}"><td>${d.metric}</td><td class="num">${rate(d.base)}</td><td class="num">${rate(d.cand)}</td><td class="num">${signed(d.delta)}</td><td class="num">${interval(d.ci)}</td><td class="${d.regressed ? "bad" : d.improved ? "good" : ""}">${verdictOf(d)}</td></tr>`)
    .join("");
  const worse = worstFirst(r.episodes);
  const worseRows = worse
    .map((e) => `<tr class="fail" data-episode="${escapeHtml(e.id)}"><td>${escapeHtml(e.id)}${e.successToFailure ? ` <span class="bad">success→failure</span>` : ""}</td><td class="num">${rate(e.base.SR)}→${rate(e.cand.SR)}</td><td class="num">${rate(e.base.TP)}→${rate(e.cand.TP)}</td><td>${escapeHtml(divergenceText(e))}</td></tr>`)
    .join("\n");
  const better = r.episodes.filter((e) => e.verdict === "better").length;
  const errorRows = r.actionErrors
    .map((a) => `<tr><td>${a.category}</td><td class="num">${a.base.toFixed(1)}</td><td class="num">${a.cand.toFixed(1)}</td><td class="num ${a.delta > 0 ? "bad" : a.delta < 0 ? "good" : ""}">${a.delta > 0 ? "+" : ""}${a.delta.toFixed(1)}</td></tr>`)
    .join("");
  const notes = [
    ...(r.baseOnly.length ? [`only in base: ${r.baseOnly.join(", ")}`] : []),
    ...(r.candOnly.length ? [`only in this run: ${r.candOnly.join(", ")}`] : []),
    ...r.notes,
  ]
    .map((n) => `<p class="note">${escapeHtml(n)}</p>`)
    .join("");
  return `<h2 id="compare">Compared with ${escapeHtml(r.base.path)}</h2>
<p class="verdict ${regressed ? "bad" : "good"}" data-testid="compare-verdict">${regressed ? "✗" : "✓"} ${escapeHtml(resultLine(r.regressions))}</p>
<p class="meta">Base <code>${escapeHtml(r.base.path)}</code> (${escapeHtml(r.base.agent)}) vs this run <code>${escapeHtml(r.cand.path)}</code> (${escapeHtml(r.cand.agent)}), ${r.paired} paired episodes; ${r.iterations} bootstrap resamples, seed ${r.seed}.</p>
${notes}
<div class="grid2">
<figure>${chart}<figcaption>Dots are deltas (this run − base); whiskers are 95% paired-bootstrap intervals. Red: the whole interval is below 0 (regression).</figcaption></figure>
<table class="compare-aggregate"><thead><tr><th>metric</th><th class="num">base</th><th class="num">this run</th><th class="num">delta</th><th class="num">95% interval</th><th>verdict</th></tr></thead><tbody>${aggregateRows}</tbody></table>
</div>
<h2>Episodes that got worse: ${worse.length}</h2>
<p class="meta">${better} got better. Worse: SR fell, or SR held and TP fell (means over repeats).</p>
${worse.length ? `<table class="sortable regressed"><thead><tr><th>episode</th><th class="num">SR</th><th class="num">TP</th><th>first divergence</th></tr></thead><tbody>\n${worseRows}\n</tbody></table>` : ""}
${r.actionErrors.length ? `<h2>Action errors by category</h2><table class="compare-errors"><thead><tr><th>category</th><th class="num">base</th><th class="num">this run</th><th class="num">delta</th></tr></thead><tbody>${errorRows}</tbody></table>` : ""}`;
}
