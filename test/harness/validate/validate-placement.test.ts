/**
 * `rearrange validate FILE.bddl` predicts `rearrange import bddl`'s refusal of objects no sampled house can
 * place: the same problems (the sampler's own check), with file, line, column and reason, in the same words;
 * and it passes what the importer imports.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importBddl } from "../../../harness/importers/bddl/index.ts";
import { validateFiles } from "../../../harness/validate/validate-files.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { placementProblems } from "../../../sim/sampler/index.ts";
import { CYCLE, NEXTTO_ONLY, NO_FACT } from "../../sim/sampler/placement-fixtures.ts";

/** The reproduction with the broom on the shelf: the importer imports it. */
const PLACED = NEXTTO_ONLY.replace("(nextto broom.n.01_1 shelf.n.01_1)", "(ontop broom.n.01_1 shelf.n.01_1)").replace("(problem p-0)", "(problem placed-0)");

describe("validate and import bddl on objects no house can place", () => {
  const src = mkdtempSync(path.join(os.tmpdir(), "validate-placement-src-"));
  const out = mkdtempSync(path.join(os.tmpdir(), "validate-placement-out-"));
  const texts: Record<string, string> = { nextto_only: NEXTTO_ONLY, no_fact: NO_FACT, cycle: CYCLE, placed: PLACED };
  const files: Record<string, string> = {};
  for (const [activity, text] of Object.entries(texts)) {
    mkdirSync(path.join(src, activity));
    files[activity] = path.join(src, activity, "problem0.bddl");
    writeFileSync(files[activity], text);
  }
  const imported = importBddl(src, { out, seeds: 2 });

  for (const activity of ["nextto_only", "no_fact", "cycle"]) {
    it(`${activity}: validate lists the check's problems, and the importer refuses the file once with the same places and words`, async () => {
      const file = files[activity]!;
      const expected = placementProblems(parseProblem(texts[activity]!, file));
      expect(expected.length).toBeGreaterThan(0);
      const [report] = await validateFiles([file]);
      expect(report).toMatchObject({ kind: "bddl", ok: false });
      expect(report!.problems).toEqual(expected.map((e) => e.message));
      for (const p of report!.problems) expect(p).toMatch(new RegExp(`^${escape(file)}: line \\d+, column \\d+: cannot place \\S+\\.n\\.01_1: `));

      const skipped = (await imported).skipped.filter((s) => s.file === file);
      expect(skipped).toEqual(expected.map((e) => ({ file, where: e.where, reason: e.reason })));
    });
  }

  it("validate passes the file the importer imports", async () => {
    const [report] = await validateFiles([files.placed!]);
    expect(report).toMatchObject({ kind: "bddl", ok: true, problems: [] });
    const summary = await imported;
    expect(summary.skipped.filter((s) => s.file === files.placed)).toEqual([]);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
