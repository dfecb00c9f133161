/**
 * A `--agent` or `--suite` name that names nothing is a usage error (exit 2), like any other option value the
 * CLI does not accept (`list things`, `bench --only nonsense`); a path to a file that does not exist stays
 * exit 1, as for every command that reads files (SPEC §2).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(ROOT, "bin", "rearrange.js");
const out = () => path.join(mkdtempSync(path.join(os.tmpdir(), "unknown-names-")), "run");
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, "run", ...args, "--out", out()], { cwd: ROOT, encoding: "utf8" });

describe("rearrange run with a name that names nothing", () => {
  it("an unknown --agent name exits 2, listing the built-in agents", () => {
    const r = run("--suite", "smoke", "--agent", "explorr");
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^rearrange: explorr: unknown agent \(built-in: .*explorer/m);
  });

  it("an unknown --suite name exits 2, listing the bundled suites", () => {
    const r = run("--suite", "smok");
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^rearrange: smok: no such suite file, folder or bundled suite \(bundled: .*smoke/m);
  });

  it("a path that does not exist stays a missing file: exit 1", () => {
    expect(run("--suite", "./no-such.suite.json").status).toBe(1);
    expect(run("--suite", "smoke", "--agent", "./no-such-agent.ts").status).toBe(1);
  });
});
