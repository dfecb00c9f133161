/** `rearrange validate` on BDDL files: a stray token is reported as a warning with its place; the file is still ok. */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateFiles } from "../../../harness/validate/validate-files.ts";

const PROBLEM = `(define (problem p-0)
  (:domain behavior-1k)
  (:objects apple.n.01_1 - apple.n.01 table.n.02_1 - table.n.02 agent.n.01_1 - agent.n.01)
  (:init (ontop apple.n.01_1 table.n.02_1) (inroom table.n.02_1 kitchen)) STRAY
  (:goal (not (ontop ?apple.n.01_1 ?table.n.02_1))))`;

describe("validateFiles on BDDL", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "validate-bddl-"));

  it("reports a stray token as a warning naming file, line and column, and the file as ok", async () => {
    const file = path.join(dir, "stray.bddl");
    writeFileSync(file, PROBLEM);
    const [report] = await validateFiles([file]);
    expect(report).toMatchObject({ kind: "bddl", ok: true, problems: [] });
    expect(report!.warnings).toEqual([`${file}: line 4, column 75: stray token 'STRAY' between sections ignored (expected a section such as (:goal …))`]);
  });

  it("keeps errors errors: a misspelt section fails the file", async () => {
    const file = path.join(dir, "bad.bddl");
    writeFileSync(file, PROBLEM.replace(" STRAY", "").replace("(:goal", "(:gaol"));
    const [report] = await validateFiles([file]);
    expect(report!.ok).toBe(false);
    expect(report!.problems[0]).toMatch(/unknown section ':gaol' \(did you mean ':goal'\?\)/);
    expect(report!.warnings).toEqual([]);
  });
});
