import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IMPORT_FORMATS, importers } from "../../../harness/importers/index.ts";
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
