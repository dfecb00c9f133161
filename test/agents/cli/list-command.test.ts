import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listBundled } from "../../../harness/cli/commands/list.ts";
import { listBundledSuites } from "../../../harness/suite/load.ts";
import { ROOT } from "../e2e/run-helpers.ts";

describe("rearrange list", () => {
  it("agents: every built-in with a one-line description, the default explorer among them", async () => {
    const agents = await listBundled("agents");
    const names = agents.map((a) => a.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["explorer", "llm", "random"]));
    for (const a of agents) {
      expect(a.description.length).toBeGreaterThan(10);
      expect(a.description).not.toContain("\n");
    }
  });

  it("suites: the bundled suites with their episode counts", async () => {
    const suites = await listBundled("suites");
    expect(suites.map((s) => s.name)).toEqual(listBundledSuites());
    for (const s of suites) expect(s.episodes).toBeGreaterThan(0);
  });

  it("scenes: one entry per scenes/houses/*.scene.json with room and object counts", async () => {
    const files = readdirSync(path.join(ROOT, "scenes/houses")).filter((f) => f.endsWith(".scene.json"));
    const scenes = await listBundled("scenes");
    expect(scenes.map((s) => `${s.name}.scene.json`)).toEqual(files.sort());
    for (const s of scenes) {
      expect(s.rooms).toBeGreaterThan(0);
      expect(s.objects).toBeGreaterThan(0);
    }
  });

  it("prints a table, or JSON with --json, and rejects an unknown kind with exit code 2", () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), "list", ...args], { cwd: ROOT, encoding: "utf8" });
    const table = cli("agents");
    expect(table.status).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^name\s+description$/);
    expect(table.stdout).toMatch(/^explorer\s+default baseline/m);
    const json = cli("agents", "--json");
    expect(JSON.parse(json.stdout).map((a: { name: string }) => a.name)).toContain("explorer");
    const bad = cli("things");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Choices: "suites", "agents", "scenes"/);
  });
});
