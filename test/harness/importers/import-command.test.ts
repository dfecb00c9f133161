import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IMPORT_FORMATS, importers, nothingImported, type ImportSummary } from "../../../harness/importers/index.ts";
import { command } from "../../../harness/cli/commands/import.ts";
import { UsageError } from "../../../harness/cli/main.ts";
import { ROOT, SHARED_DATA, hasSharedData } from "../probes/shared-data.ts";

const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "error" } });

describe("rearrange import", () => {
  it("registers housekeep, tidybot and vla3d, and names every SPEC format", () => {
    expect(Object.keys(importers)).toEqual(expect.arrayContaining(["housekeep", "tidybot", "vla3d"]));
    expect([...IMPORT_FORMATS].sort()).toEqual(["bddl", "housekeep", "tidybot", "vla3d"]);
  });

  it("says a format without a registered importer is not available (a usage error)", async () => {
    const handler = command.handler as (argv: Record<string, unknown>) => Promise<void>;
    await expect(handler({ format: "unregistered", src: ".", out: mkdtempSync(path.join(tmpdir(), "imp-")), seed: 0, json: false })).rejects.toThrow(UsageError);
    await expect(handler({ format: "unregistered", src: ".", out: ".", seed: 0, json: false })).rejects.toThrow(/unregistered importer is not available/);
  });

  it("exits 1 naming a source that does not exist", () => {
    const missing = path.join(tmpdir(), "no-such-source-folder");
    const r = cli("import", "tidybot", missing, "--out", mkdtempSync(path.join(tmpdir(), "imp-")));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(missing);
  });

  it.skipIf(!hasSharedData("tidybot"))("prints what it wrote and skipped, or the summary as JSON", () => {
    const out = mkdtempSync(path.join(tmpdir(), "imp-"));
    const r = cli("import", "tidybot", path.join(SHARED_DATA, "tidybot"), "--out", out, "--json");
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ format: "tidybot", out });
    expect(s.files.find((f: { path: string }) => f.path.endsWith("ranking.unseen.jsonl")).count).toBeGreaterThan(0);
  });
});

describe("rearrange import when nothing is imported", () => {
  /** A source folder holding the given files (path → text). */
  function source(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), "imp-src-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it("exits 1 saying nothing was imported and why (the skip reasons), still printing and writing the summary", () => {
    const src = source({ "housekeep_train_val.json": "{}" });
    const out = mkdtempSync(path.join(tmpdir(), "imp-"));
    const r = cli("import", "tidybot", path.join(src, "housekeep_train_val.json"), "--out", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/nothing was imported from .*housekeep_train_val\.json as tidybot/);
    expect(r.stderr).toContain("not a YAML scenario file");
    expect(r.stderr).toContain(path.join(out, "import.json"));
    expect(r.stdout).toMatch(/skipped \(1\):/);
    expect(JSON.parse(readFileSync(path.join(out, "import.json"), "utf8")).skipped).toHaveLength(1);
  });

  it("exits 1 for a VLA-3D import of a folder that holds no VLA-3D scene, grouping the files skipped for one reason", () => {
    const src = source({ "LICENSE": "text", "a/problem0.bddl": "(define)", "b/problem0.bddl": "(define)" });
    const out = mkdtempSync(path.join(tmpdir(), "imp-"));
    const r = cli("import", "vla3d", src, "--out", out, "--json");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/nothing was imported from .* as vla3d: 3 entries were skipped/);
    expect(r.stderr).toMatch(/not in a VLA-3D scene folder.*\(3 entries, e\.g\. /);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: "vla3d", skipped: expect.any(Array) });
    expect(existsSync(path.join(out, "import.json"))).toBe(true);
  });

  it("exits 1 for a BEHAVIOR import where every activity is skipped (no empty suite reported as success)", () => {
    const src = source({ "broken_activity/problem0.bddl": "(define (problem broken_activity_0" });
    const out = mkdtempSync(path.join(tmpdir(), "imp-"));
    const r = cli("import", "bddl", src, "--out", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/nothing was imported from .* as bddl: 1 entry was skipped:\n\s+.*broken_activity\/problem0\.bddl: line \d+, column \d+: /);
    expect(r.stdout).toMatch(/0 of 1 activities imported/);
  });

  it("nothingImported: null as soon as any data file holds something; the summary file itself does not count", () => {
    const summary = (counts: number[]): ImportSummary => ({
      format: "tidybot",
      source: "src",
      out: "out",
      files: [...counts.map((count, k) => ({ path: `out/data${k}.jsonl`, what: "cases", count })), { path: "out/import.json", what: "this summary", count: 1 }],
      skipped: [],
      notes: [],
    });
    expect(nothingImported(summary([0, 3]))).toBeNull();
    expect(nothingImported(summary([0, 0]))).toMatch(/nothing was imported from src as tidybot: it holds no tidybot input files/);
    expect(nothingImported(summary([]))).toMatch(/nothing was imported/);
    const many = { ...summary([0]), skipped: ["a", "b", "c", "d"].map((r, k) => ({ file: `f${k}`, reason: `reason ${r}` })) };
    expect(nothingImported(many)).toMatch(/4 entries were skipped:\n  f0: reason a\n  f1: reason b\n  f2: reason c\n  … and 1 more reason \(see the summary\)$/);
  });
});
