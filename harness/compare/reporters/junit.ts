import type { CompareReport } from "../types.ts";
import { change, divergenceText, interval, signed, worstFirst } from "./format.ts";

/** Text safe in XML attributes and content; characters XML 1.0 forbids are dropped. */
export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const attrs = (a: Record<string, string | number>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join("");

/**
 * JUnit XML for CI dashboards: a test suite `episodes` with one test case per paired episode
 * (a failure when it got worse; skipped when it is in only one run) and a suite `aggregate` with
 * one test case per metric (a failure when it regressed under the `--fail-on-regression` rule).
 */
export function renderCompareJunit(report: CompareReport): string {
  const classname = `rearrange.compare.${report.cand.suite}`;
  const worse = new Set(worstFirst(report.episodes).map((e) => e.id));
  const episodeCases = report.episodes.map((e) => {
    if (!worse.has(e.id)) return `    <testcase${attrs({ classname, name: e.id })}/>`;
    const message = `${e.successToFailure ? "success→failure; " : ""}SR ${change(e.base.SR, e.cand.SR)}, TP ${change(e.base.TP, e.cand.TP)}`;
    return [
      `    <testcase${attrs({ classname, name: e.id })}>`,
      `      <failure${attrs({ message, type: "EpisodeRegressed" })}>${escapeXml(`${message}\nfirst divergence: ${divergenceText(e)}`)}</failure>`,
      "    </testcase>",
    ].join("\n");
  });
  const skipped = [...report.baseOnly.map((id) => [id, "only in base"]), ...report.candOnly.map((id) => [id, "only in candidate"])].map(
    ([id, why]) => `    <testcase${attrs({ classname, name: id! })}>\n      <skipped${attrs({ message: why! })}/>\n    </testcase>`,
  );
  const metricCases = report.aggregate.map((d) => {
    // The name stays the metric alone so dashboards track one test across runs.
    const open = `    <testcase${attrs({ classname: `${classname}.aggregate`, name: d.metric })}>`;
    const detail = `      <system-out>${escapeXml(`delta ${signed(d.delta)}, 95% interval ${interval(d.ci)}`)}</system-out>`;
    if (!d.regressed) return [open, detail, "    </testcase>"].join("\n");
    const message = `${d.metric} regressed: delta ${signed(d.delta)}, 95% interval ${interval(d.ci)} lies below 0`;
    return [open, `      <failure${attrs({ message, type: "MetricRegressed" })}/>`, detail, "    </testcase>"].join("\n");
  });
  const episodeSuite = attrs({ name: "episodes", tests: episodeCases.length + skipped.length, failures: worse.size, errors: 0, skipped: skipped.length });
  const aggregateSuite = attrs({ name: "aggregate", tests: metricCases.length, failures: report.regressions.length, errors: 0, skipped: 0 });
  const total = episodeCases.length + skipped.length + metricCases.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: "rearrange compare", tests: total, failures: worse.size + report.regressions.length, errors: 0 })}>`,
    `  <testsuite${episodeSuite}>`,
    ...episodeCases,
    ...skipped,
    "  </testsuite>",
    `  <testsuite${aggregateSuite}>`,
    ...metricCases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
