/**
 * `rearrange validate` prints its result on stdout — the problems too (SPEC §2: stdout carries the command's
 * result), so `rearrange validate f > report.txt` keeps them — and exits 1 when there is any problem.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "error" } });

describe("rearrange validate", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "validate-cli-"));
  const good = path.join(ROOT, "scenes/tasks/flat-apples-fridge.task.json");
  const bad = path.join(dir, "bad.task.json");
  writeFileSync(bad, readFileSync(good, "utf8").replace("(inside ?apple.n.01 ?electric_refrigerator.n.01_1)", "(insidee ?apple.n.01 ?electric_refrigerator.n.01_1)"));

  it("prints problems on stdout with file and place, nothing on stderr, and exits 1", () => {
    const r = cli("validate", good, bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("");
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`ok    ${good} (task)`);
    expect(lines[1]).toMatch(new RegExp(`^error ${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\$\\.bddl\\): line 29, column 17: predicate "insidee" is not supported by the simulator`));
    expect(lines.at(-1)).toBe("1 of 2 file(s) failed: 1 problem(s)");
  });

  it("--json prints the same report as JSON and exits 1", () => {
    const r = cli("validate", "--json", good, bad);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as Array<{ file: string; ok: boolean; problems: string[] }>;
    expect(report.map((f) => [f.file, f.ok])).toEqual([[good, true], [bad, false]]);
    expect(report[1]!.problems[0]).toMatch(/predicate "insidee" is not supported/);
  });

  it("exits 0 when every file is ok", () => {
    const r = cli("validate", good);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`ok    ${good} (task)\n`);
  });
});
