import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CACHE_DIR, upToDateBundle } from "../../../harness/workers/bundle-manifest.js";
import { CLI_SOURCE } from "../../../harness/workers/worker-bundle.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** bin/rearrange.js as a user starts it; `bundle: false` sets REARRANGE_CLI_BUNDLE=0 (the TypeScript sources through tsx). */
function cli(args: string[], options: { bundle: boolean }): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, REARRANGE_LOG_LEVEL: "warn", REARRANGE_CLI_BUNDLE: options.bundle ? "1" : "0" };
  const r = spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], { cwd: ROOT, encoding: "utf8", env });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every trajectory of a run folder by file name, without the timestamps (the only bytes that differ between runs). */
function trajectories(out: string): Record<string, string> {
  const dir = path.join(out, "episodes");
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), "utf8").replace(/"ts":"[^"]*"/g, "")]));
}

describe("bin/rearrange.js", () => {
  it("runs from the precompiled bundle, with the same results and trajectories as the TypeScript sources", () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "launcher-"));
    const args = ["run", "--episodes", "flat-*", "--agent", "explorer", "--json"];
    const bundled = cli([...args, "--out", path.join(tmp, "bundled")], { bundle: true });
    expect(bundled.status, bundled.stderr).toBe(0);
    // it did not fall back to tsx, and the bundle it ran is the current one
    expect(bundled.stderr).not.toMatch(/could not precompile/);
    expect(upToDateBundle(DEFAULT_CACHE_DIR, CLI_SOURCE)).not.toBeNull();
    const sources = cli([...args, "--out", path.join(tmp, "sources")], { bundle: false });
    expect(sources.status, sources.stderr).toBe(0);
    expect(JSON.parse(bundled.stdout).metrics).toEqual(JSON.parse(sources.stdout).metrics);
    const a = trajectories(path.join(tmp, "bundled"));
    expect(Object.keys(a).length).toBeGreaterThan(5);
    expect(a).toEqual(trajectories(path.join(tmp, "sources")));
  });

  it("loads a JavaScript agent file that imports TypeScript of its own (tsx's hooks come in when an agent needs them)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "js-agent-"));
    writeFileSync(path.join(dir, "choice.ts"), `export const finalAction: { type: "done" } = { type: "done" };\n`);
    writeFileSync(
      path.join(dir, "agent.mjs"),
      [
        `import { finalAction } from "./choice.ts";`,
        `export default class DoneAgent {`,
        `  name = "js-done"; version = "2";`,
        `  reset() {}`,
        `  act() { return finalAction; }`,
        `}`,
        "",
      ].join("\n"),
    );
    const out = path.join(dir, "run");
    const r = cli(["run", "--episodes", "flat-milk-fridge", "--agent", path.join(dir, "agent.mjs"), "--out", out, "--json"], { bundle: true });
    expect(r.status, r.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    expect(results.agent).toEqual({ name: "js-done", version: "2" });
    expect(results.episodes[0].reason).toBe("done");
    expect(results.episodes[0].steps).toBe(1);
  });
});
