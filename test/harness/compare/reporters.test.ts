import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { compareRuns } from "../../../harness/compare/compare-runs.ts";
import { loadComparableRun } from "../../../harness/compare/load-run.ts";
import { renderCompareReport } from "../../../harness/compare/reporters/index.ts";
import { escapeXml } from "../../../harness/compare/reporters/junit.ts";
import type { CompareReport } from "../../../harness/compare/types.ts";
import { failed, ids, runDir, solved } from "./fixtures.ts";
import { findAll, parseXml } from "./xml-check.ts";

const dirs: string[] = [];
const load = (...args: Parameters<typeof runDir>) => {
  const d = runDir(...args);
  dirs.push(d);
  return loadComparableRun(d);
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Ids with XML and Markdown specials, to check escaping.
const EPISODES = [...ids(8), `odd<&"'>|id`];
const base = load([...EPISODES.map((id) => solved(id)), solved("gone")]);
const cand = load(EPISODES.map((id, i) => (i % 2 === 0 ? failed(id) : solved(id))));
const regressed: CompareReport = compareRuns(base, cand, { seed: 3, iterations: 1000 });
const same: CompareReport = compareRuns(base, base, { seed: 3, iterations: 200 });
const worseIds = EPISODES.filter((_, i) => i % 2 === 0);

describe("junit reporter", () => {
  it("is well-formed XML with one test case per episode, failing the ones that got worse", () => {
    const root = parseXml(renderCompareReport(regressed, "junit"));
    const [episodes, aggregate] = findAll(root, "testsuite");
    const cases = findAll(episodes!, "testcase");
    expect(cases.map((c) => c.attrs.name).sort()).toEqual([...EPISODES, "gone"].sort());
    const failing = cases.filter((c) => findAll(c, "failure").length > 0).map((c) => c.attrs.name);
    expect(failing.sort()).toEqual([...worseIds].sort());
    expect(findAll(episodes!, "skipped")).toHaveLength(1);
    expect(episodes!.attrs).toMatchObject({ tests: "10", failures: String(worseIds.length), skipped: "1" });
    const metricFailures = findAll(aggregate!, "testcase").filter((c) => findAll(c, "failure").length > 0).map((c) => c.attrs.name);
    expect(metricFailures).toEqual(regressed.regressions);
    expect(root.attrs.failures).toBe(String(worseIds.length + regressed.regressions.length));
  });

  it("has no failure when nothing regressed", () => {
    const root = parseXml(renderCompareReport(same, "junit"));
    expect(findAll(root, "failure")).toHaveLength(0);
    expect(root.attrs.failures).toBe("0");
  });

  it("escapes every XML special and drops characters XML cannot carry", () => {
    const text = `a<b>&"c'\u0001d`;
    expect(parseXml(`<x a="${escapeXml(text)}">${escapeXml(text)}</x>`)).toMatchObject({ attrs: { a: `a<b>&"c'd` }, text: `a<b>&"c'd` });
  });
});

describe("markdown reporter", () => {
  it("heads with the verdict and tables the worse episodes, pipes escaped", () => {
    const md = renderCompareReport(regressed, "markdown");
    expect(md.split("\n")[0]).toBe(`### rearrange compare: ❌ REGRESSION in ${regressed.regressions.join(", ")}`);
    expect(md).toContain("**Episodes that got worse: 5**");
    expect(md).toContain("`odd<&\"'>\\|id`");
    for (const id of ids(8).filter((_, i) => i % 2 === 0)) expect(md).toMatch(new RegExp(`^\\| \`${id}\` success→failure \\| 1\\.000→0\\.000 \\|`, "m"));
    expect(md).toContain("only in base: `gone`");
    expect(renderCompareReport(same, "markdown").split("\n")[0]).toBe("### rearrange compare: ✅ no regression");
  });
});

describe("table and json reporters", () => {
  it("table: aggregate lines with signed deltas and intervals, worse episodes, result line", () => {
    const text = renderCompareReport(regressed, "table");
    const sr = regressed.aggregate.find((d) => d.metric === "SR")!;
    expect(text).toMatch(new RegExp(`^SR\\s+1\\.000\\s+0\\.444\\s+-0\\.556\\s+\\[${sr.ci[0].toFixed(3)}, ${sr.ci[1].toFixed(3)}\\]\\s+regressed$`, "m"));
    expect(text).toContain("episodes that got worse: 5 · better: 0 · same: 4");
    expect(text).toMatch(/^ep00 \(success→failure\)\s+1\.000→0\.000\s+1\.000→0\.500\s+t=3 place\(obj_1, inside, fridge\): base → ok; cand → missing_step/m);
    expect(text.trimEnd().split("\n").at(-1)).toBe(`result: REGRESSION in ${regressed.regressions.join(", ")}`);
    expect(renderCompareReport(same, "table").trimEnd().split("\n").at(-1)).toBe("result: no regression");
  });

  it("json: the report itself", () => {
    expect(JSON.parse(renderCompareReport(regressed, "json"))).toEqual(JSON.parse(JSON.stringify(regressed)));
  });
});
