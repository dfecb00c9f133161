import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function bench(...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), "bench", ...args], { cwd: ROOT, encoding: "utf8", timeout: 300_000 });
}

describe("rearrange bench --only", () => {
  it("runs only the measurement behind the named figure and leaves the others out", { timeout: 300_000 }, () => {
    const r = bench("--quick", "--json", "--only", "loadMs1k");
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown> & { cpu: Record<string, unknown>; targets: Array<{ metric: string; value: number }> };
    expect(out.loadMs1k as number).toBeGreaterThan(0);
    expect(out.cpu.loadMs1k as number).toBeGreaterThan(0);
    for (const skipped of ["stepsPerSecond", "placeMsP50", "stepMs", "workersSpeedup", "peakRssMB10k"]) expect(out, skipped).not.toHaveProperty(skipped);
    expect(out.cpu).not.toHaveProperty("twoWorkersMs");
    expect(out.targets.map((t) => t.metric)).toEqual(["loadMs1k"]);
    expect(out.targets[0]!.value).toBe(out.loadMs1k);
    expect(out.only).toEqual(["loadMs1k"]);
    // the range of repetitions only for what was measured
    expect(Object.keys(out.spread as object)).toEqual(["loadMs1k"]);
  });

  it("refuses a figure it does not know as a usage error (exit 2), listing the figures", () => {
    const r = bench("--only", "fastness");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--only: unknown figure fastness .*workersSpeedup/);
  });
});
