/**
 * `rearrange validate` on an empty JSONL file: one the importers' names call a probe file (a split with no objects,
 * a scenario list with no seen placements) is an empty probe file, ok with a warning; any other is still an empty
 * trajectory, an error.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importTidybot } from "../../../harness/importers/tidybot.ts";
import { validateFiles } from "../../../harness/validate/validate-files.ts";

describe("validateFiles on empty JSONL files", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "validate-empty-"));
  mkdirSync(path.join(dir, "grounding"));

  it.each([
    ["ranking.seen.jsonl", "ranking-cases"],
    ["ranking.test.jsonl", "ranking-cases"],
    ["detection.cases.jsonl", "detection-cases"],
    ["detection.gt.jsonl", "detection-labels"],
    [path.join("grounding", "scene0010_01.gt.jsonl"), "grounding-questions"],
  ])("%s: an empty %s file, ok with a warning", async (name, kind) => {
    const file = path.join(dir, name);
    writeFileSync(file, "\ufeff\n");
    const [report] = await validateFiles([file]);
    expect(report).toMatchObject({ kind, ok: true, problems: [], warnings: [`${file}: no lines: an empty ${kind} file (nothing to score)`] });
  });

  it("any other empty JSONL file is still an empty trajectory", async () => {
    const file = path.join(dir, "episode-1.jsonl");
    writeFileSync(file, "");
    const [report] = await validateFiles([file]);
    expect(report).toMatchObject({ kind: "trajectory", ok: false });
    expect(report!.problems[0]).toMatch(/empty trajectory: no episode header line/);
  });

  it("a TidyBot import with no seen placements validates: its empty ranking.seen.jsonl included", async () => {
    const src = path.join(dir, "scenarios.yml");
    writeFileSync(src, "- receptacles: [shelf, bin]\n  seen_objects: []\n  seen_placements: []\n  unseen_objects: [cup]\n  unseen_placements: [[cup, shelf]]\n");
    const out = path.join(dir, "tidybot");
    const summary = await importTidybot(src, { out });
    const seen = summary.files.find((f) => f.path.endsWith("ranking.seen.jsonl"));
    expect(seen?.count).toBe(0);
    const reports = await validateFiles([out]);
    expect(reports.filter((r) => !r.ok)).toEqual([]);
    expect(reports.find((r) => r.file.endsWith("ranking.seen.jsonl"))?.kind).toBe("ranking-cases");
  });
});
