import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadComparableRun } from "../../../harness/compare/load-run.ts";
import { buildReportData, type ReportData } from "../../../harness/report/report-data.ts";
import { renderReportHtml } from "../../../harness/report/render-report.ts";
import { episode, writeRun, type EpisodeBuilder } from "../trajectory/builders.ts";

const place = (o: string) => ({ type: "place", object: o, relation: "inside", target: "fridge" }) as const;
const solved = (id: string) =>
  episode({ id, conditions: 2 }).look(["obj_0", "obj_1"], 3).act(place("obj_0"), { satisfied: [0] }).act(place("obj_1"), { satisfied: [0, 1] }).done().end("done");
const failed = (id: string) =>
  episode({ id, conditions: 2 }).look(["obj_0", "obj_1"], 2).act(place("obj_0"), { satisfied: [0] }).fail(place("obj_1"), "missing_step").fail({ type: "pick", object: "ghost" }, "hallucination").done().end("done");
const ranOut = (id: string) => episode({ id, conditions: 1 }).look(["obj_0"], 1).fail(place("obj_0"), "affordance").end("budget");

function runDir(episodes: EpisodeBuilder[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "rearrange-report-"));
  writeRun(dir, episodes);
  return dir;
}

/** Six episodes in two families (by id prefix: the test trajectories name no real task file). */
const BASE = ["kitchen-a", "kitchen-b", "kitchen-c", "bath-a", "bath-b", "bath-c"];
let baseDir: string;
let candDir: string;
let data: ReportData;
let html: string;

beforeAll(() => {
  baseDir = runDir(BASE.map(solved));
  // the candidate fails every kitchen episode and runs out of steps in one bathroom
  candDir = runDir([failed("kitchen-a"), failed("kitchen-b"), failed("kitchen-c"), solved("bath-a"), solved("bath-b"), ranOut("bath-c")]);
  data = buildReportData(loadComparableRun(candDir), { base: loadComparableRun(baseDir), iterations: 2000 });
  html = renderReportHtml(data);
});

describe("HTML report", () => {
  it("is one self-contained file: no http(s) reference, no external script, style, image or font", () => {
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/<img\b|<iframe\b|@import|url\(/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html.startsWith("<!doctype html>")).toBe(true);
  });

  it("contains the charts as inline SVG", () => {
    for (const chart of ["aggregate", "families", "action-errors", "steps", "end-reasons", "compare-deltas"]) {
      expect(html).toMatch(new RegExp(`<svg class="chart" data-chart="${chart}"[^>]*>[\\s\\S]*?</svg>`));
    }
  });

  it("computes aggregate metrics with intervals around them, and success per family", () => {
    const sr = data.aggregate.find((a) => a.metric === "SR")!;
    expect(sr.estimate.value).toBeCloseTo(2 / 6, 9);
    expect(sr.estimate.ci[0]).toBeLessThanOrEqual(sr.estimate.value);
    expect(sr.estimate.ci[1]).toBeGreaterThanOrEqual(sr.estimate.value);
    expect(sr.estimate.ci[0]).toBeGreaterThanOrEqual(0);
    expect(sr.estimate.ci[1]).toBeLessThanOrEqual(1);
    expect(data.families.map((f) => [f.family, f.episodes, f.SR.value, f.source])).toEqual([
      ["bath", 3, 2 / 3, "prefix"],
      ["kitchen", 3, 0, "prefix"],
    ]);
    expect(data.families[1]!.SR.ci).toEqual([0, 0]);
  });

  it("counts action errors by category, steps and end reasons over the episodes", () => {
    const errors = Object.fromEntries(data.actionErrors.map((e) => [e.category, e.count]));
    expect(errors).toMatchObject({ missing_step: 3, hallucination: 3, affordance: 1, parse: 0 });
    expect(data.steps.reduce((s, b) => s + b.count, 0)).toBe(6);
    expect(data.endReasons).toEqual([
      { reason: "done", count: 5 },
      { reason: "budget", count: 1 },
    ]);
    // the chart's bars carry the counts they draw
    const bars = [...html.matchAll(/data-chart="action-errors"[\s\S]*?<\/svg>/g)][0]![0];
    expect([...bars.matchAll(/data-value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(data.actionErrors.map((e) => e.count));
  });

  it("lists every episode with the command that opens it in the viewer", () => {
    const table = html.slice(html.indexOf('<table class="sortable episodes">'));
    expect(table.match(/<tr class="(pass|fail)"/g)).toHaveLength(BASE.length);
    for (const id of BASE) {
      const row = new RegExp(`<tr class="(pass|fail)" data-episode="${id}">[\\s\\S]*?</tr>`).exec(table);
      expect(row, id).not.toBeNull();
      expect(row![0]).toContain(`rearrange view ${path.join(candDir, "episodes", `${id}.jsonl`)}`);
    }
    expect(html).toContain(`rearrange view ${candDir}`);
  });

  it("shows the regression view: the verdict, deltas with intervals and the episodes that got worse", () => {
    expect(data.compare!.regressions).toContain("SR");
    expect(html).toMatch(/data-testid="compare-verdict">✗ REGRESSION in SR/);
    const worse = [...html.matchAll(/<tr class="fail" data-episode="([^"]+)"><td>[^<]*(?:<span class="bad">success→failure<\/span>)?<\/td><td class="num">1\.000→/g)].map((m) => m[1]);
    expect(worse.sort()).toEqual(["bath-c", "kitchen-a", "kitchen-b", "kitchen-c"]);
    const sr = data.compare!.aggregate.find((a) => a.metric === "SR")!;
    expect(html).toContain(`<tr data-metric="SR"><td>SR</td><td class="num">1.000</td><td class="num">0.333</td><td class="num">-0.667</td>`);
    expect(sr.ci[1]).toBeLessThan(0);
  });

  it("says so when nothing regressed", () => {
    const same = renderReportHtml(buildReportData(loadComparableRun(baseDir), { base: loadComparableRun(baseDir), iterations: 500 }));
    expect(same).toMatch(/data-testid="compare-verdict">✓ no regression/);
    expect(same).toContain("Episodes that got worse: 0");
  });

  it("escapes text from the run (ids, agent names) instead of interpreting it", () => {
    const dir = runDir([episode({ id: "x<b>&y", agent: "<script>alert(1)</script>" }).done().end("done")]);
    const page = renderReportHtml(buildReportData(loadComparableRun(dir), { iterations: 100 }));
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("x<b>&y");
    expect(page).toContain("x&lt;b&gt;&amp;y");
  });
});
