import { renderTable } from "../../reporters/table.ts";
import type { CompareReport } from "../types.ts";
import { change, divergenceText, interval, rate, resultLine, signed, verdictOf, worstFirst } from "./format.ts";

/** Plain-text report for a terminal. */
export function renderCompareTable(report: CompareReport): string {
  const out: string[] = [];
  const side = (label: string, s: CompareReport["base"]) =>
    `${label}: ${s.path}  agent ${s.agent}  suite ${s.suite}  ${s.episodes} episode(s)${s.maxRepeats > 1 ? `, up to ${s.maxRepeats} repeats (means)` : ""}`;
  out.push(side("base", report.base), side("cand", report.cand));
  out.push(`${report.paired} paired episode(s); 95% paired bootstrap, ${report.iterations} resamples, seed ${report.seed}`, "");
  out.push(
    renderTable(
      ["metric", "base", "cand", "delta", "95% interval", "verdict"],
      report.aggregate.map((d) => [d.metric, rate(d.base), rate(d.cand), signed(d.delta), interval(d.ci), verdictOf(d)]),
    ),
  );
  const worse = worstFirst(report.episodes);
  const better = report.episodes.filter((e) => e.verdict === "better").length;
  out.push("", `episodes that got worse: ${worse.length} · better: ${better} · same: ${report.episodes.length - worse.length - better}`);
  if (worse.length > 0) {
    out.push(
      renderTable(
        ["episode", "SR", "TP", "first divergence"],
        worse.map((e) => [`${e.id}${e.successToFailure ? " (success→failure)" : ""}`, change(e.base.SR, e.cand.SR), change(e.base.TP, e.cand.TP), divergenceText(e)]),
      ),
    );
  }
  if (report.actionErrors.length > 0) {
    out.push("", "action errors by category (sum over paired episodes of per-episode means):");
    out.push(renderTable(["category", "base", "cand", "delta"], report.actionErrors.map((a) => [a.category, a.base.toFixed(1), a.cand.toFixed(1), signedCount(a.delta)])));
  }
  if (report.baseOnly.length > 0) out.push("", `only in base (not compared): ${report.baseOnly.join(", ")}`);
  if (report.candOnly.length > 0) out.push("", `only in cand (not compared): ${report.candOnly.join(", ")}`);
  if (report.notes.length > 0) out.push("", "notes:", ...report.notes.map((n) => `  - ${n}`));
  out.push("", `result: ${resultLine(report.regressions)}`);
  return out.join("\n");
}

function signedCount(x: number): string {
  const r = x.toFixed(1);
  return x > 0 ? `+${r}` : Number(r) === 0 ? "0.0" : r;
}
