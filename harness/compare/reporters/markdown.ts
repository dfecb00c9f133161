import type { CompareReport } from "../types.ts";
import { change, divergenceText, interval, rate, resultLine, signed, verdictOf, worstFirst } from "./format.ts";

/** Cell text safe inside a GitHub table: pipes escaped, no line breaks. */
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
const table = (headers: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(headers), row(headers.map(() => "---")), ...rows.map(row)].join("\n");

/** GitHub-flavoured Markdown for a pull-request comment. */
export function renderCompareMarkdown(report: CompareReport): string {
  const out: string[] = [];
  const regressed = report.regressions.length > 0;
  out.push(`### rearrange compare: ${regressed ? `❌ ${resultLine(report.regressions)}` : "✅ no regression"}`, "");
  out.push(
    `Base \`${report.base.path}\` (${report.base.agent}) vs candidate \`${report.cand.path}\` (${report.cand.agent}), ` +
      `suite \`${report.cand.suite}\`, ${report.paired} paired episode(s). ` +
      `95% paired-bootstrap intervals (${report.iterations} resamples, seed ${report.seed}).`,
    "",
  );
  out.push(
    table(
      ["metric", "base", "candidate", "delta", "95% interval", "verdict"],
      report.aggregate.map((d) => [d.metric, rate(d.base), rate(d.cand), signed(d.delta), interval(d.ci), d.regressed ? `**${verdictOf(d)}**` : verdictOf(d)]),
    ),
  );
  const worse = worstFirst(report.episodes);
  out.push("", `**Episodes that got worse: ${worse.length}** (better: ${report.episodes.filter((e) => e.verdict === "better").length})`);
  if (worse.length > 0) {
    const body = table(
      ["episode", "SR", "TP", "first divergence"],
      worse.map((e) => [`\`${e.id}\`${e.successToFailure ? " success→failure" : ""}`, change(e.base.SR, e.cand.SR), change(e.base.TP, e.cand.TP), divergenceText(e)]),
    );
    // Long lists fold away so the comment stays readable.
    out.push("", worse.length > 10 ? `<details><summary>${worse.length} episodes</summary>\n\n${body}\n\n</details>` : body);
  }
  if (report.actionErrors.length > 0) {
    out.push("", "**Action errors by category**", "");
    out.push(table(["category", "base", "candidate", "delta"], report.actionErrors.map((a) => [a.category, a.base.toFixed(1), a.cand.toFixed(1), a.delta.toFixed(1)])));
  }
  const unmatched = [
    ...(report.baseOnly.length ? [`only in base: ${report.baseOnly.map((i) => `\`${i}\``).join(", ")}`] : []),
    ...(report.candOnly.length ? [`only in candidate: ${report.candOnly.map((i) => `\`${i}\``).join(", ")}`] : []),
  ];
  if (unmatched.length > 0 || report.notes.length > 0) {
    out.push("", ...[...unmatched, ...report.notes].map((n) => `- ${n}`));
  }
  return out.join("\n");
}
