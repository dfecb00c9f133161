import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadBenchFile } from "../../../harness/bench/bench-file.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-compare-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bench(...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), "bench", ...args], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
}

/** Writes a bench result (as `bench --json` prints one) with these figures and ranges; returns its path. */
function resultFile(name: string, figures: Record<string, unknown>, spread: Record<string, { min: number; max: number }> = {}): string {
  const file = path.join(dir, name);
  const machine = { cpus: 2, cpuModel: "Test CPU", node: "v20.0.0", platform: "linux-x64", totalMemMB: 1024, loadAverage: [0.5, 0.5, 0.5] };
  writeFileSync(file, JSON.stringify({ machine, quick: false, repetitions: 5, ...figures, spread, details: {}, targets: [] }, null, 2));
  return file;
}

const before = resultFile("before.json", { stepsPerSecond: 40_000, loadMs1k: 40 }, { stepsPerSecond: { min: 36_000, max: 44_000 }, loadMs1k: { min: 30, max: 50 } });
const slower = resultFile("slower.json", { stepsPerSecond: 30_000, loadMs1k: 41 }, { stepsPerSecond: { min: 28_000, max: 31_000 }, loadMs1k: { min: 35, max: 48 } });

describe("rearrange bench --compare BASE CAND", () => {
  it("compares two saved results without running: a table, or JSON with --json", () => {
    const table = bench("--compare", before, slower);
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^stepsPerSecond .*−25 % +regressed \(1 in 252\)/m);
    expect(table.stdout).toMatch(/^loadMs1k .*within the noise/m);
    const json = bench("--compare", before, slower, "--json");
    expect(json.status, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.base.name).toBe(before);
    expect(out.cand.name).toBe(slower);
    expect(out.regressions).toEqual(["stepsPerSecond"]);
    expect(out.figures.map((f: { figure: string; verdict: string }) => [f.figure, f.verdict])).toEqual([
      ["stepsPerSecond", "regressed"],
      ["loadMs1k", "within the noise"],
    ]);
  });

  it("pools several runs a side, given comma-separated: the run is then the unit of repetition", () => {
    const again = resultFile("before-2.json", { stepsPerSecond: 42_000, loadMs1k: 39 }, { stepsPerSecond: { min: 40_000, max: 45_000 } });
    const slower2 = resultFile("slower-2.json", { stepsPerSecond: 33_000, loadMs1k: 45 }, { stepsPerSecond: { min: 30_000, max: 35_000 } });
    const r = bench("--compare", `${before},${again}`, `${slower},${slower2}`, "--json");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect([out.base.runs, out.cand.runs]).toEqual([2, 2]);
    // the lower middle of two medians, the range spanning them; two runs a side order so 1 time in C(4, 2) by
    // chance, too often to call the drop a regression
    expect(out.figures[0]).toMatchObject({ figure: "stepsPerSecond", base: 40_000, cand: 30_000, baseRange: { min: 40_000, max: 42_000 }, candRange: { min: 30_000, max: 33_000 }, verdict: "too few to tell" });
    expect(out.figures[0].chance).toBeCloseTo(1 / 6, 12);
    expect(out.regressions).toEqual([]);
  });

  it("exits 1 with --fail-on-regression when a figure regressed beyond the noise, 0 when none did", () => {
    const failed = bench("--compare", before, slower, "--fail-on-regression");
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain("regressed");
    expect(failed.stderr).toContain("regressed beyond the noise: stepsPerSecond");
    const passed = bench("--compare", slower, before, "--fail-on-regression");
    expect(passed.status, passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/^stepsPerSecond .*improved/m);
  });

  it("names the file and the place in it of a result it cannot read", () => {
    const bad = resultFile("bad.json", { stepsPerSecond: 40_000 }, { stepsPerSecond: { min: 44_000, max: 36_000 } });
    const r = bench("--compare", before, bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${bad}: $.spread.stepsPerSecond: min is above max`);
    const notBench = path.join(dir, "results.json");
    writeFileSync(notBench, JSON.stringify({ machine: { cpus: 2, cpuModel: "x", node: "v20", platform: "linux", totalMemMB: 1 }, repetitions: 1 }));
    const none = bench("--compare", notBench, before);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(`${notBench}: $: holds none of the bench's figures`);
    const empty = bench("--compare", ",", before);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(",: names no result file");
  });

  it("refuses options that would have no effect, and --compare with more than two files", () => {
    for (const args of [["--compare", before, slower, "--quick"], ["--compare", before, slower, "--save", path.join(dir, "x.json")], ["--compare", before, slower, before], ["--fail-on-regression"]]) {
      const r = bench(...args);
      expect(r.status, args.join(" ")).toBe(2);
    }
  });
});

describe("rearrange bench --compare BASE (a run against a saved result)", () => {
  it("measures, saves the result with --save, and compares it with the base", { timeout: 600_000 }, () => {
    const base = resultFile("load-base.json", { loadMs1k: 40 }, { loadMs1k: { min: 30, max: 50 } });
    const saved = path.join(dir, "saved.json");
    const r = bench("--quick", "--only", "loadMs1k", "--save", saved, "--compare", base, "--json");
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.cand.name).toBe("this run");
    expect(out.cand.quick).toBe(true);
    expect(out.quick).toEqual(["cand"]);
    const kept = loadBenchFile(saved);
    // the comparison read the very figures the run saved
    expect(out.figures).toEqual([expect.objectContaining({ figure: "loadMs1k", base: 40, cand: kept.loadMs1k, verdict: "too few to tell" })]);
  });

  it("fails before measuring when the base cannot be read or the result cannot be saved", () => {
    const missing = bench("--compare", path.join(dir, "no-such.json"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("no-such.json");
    const nowhere = bench("--save", path.join(dir, "no-such-folder", "r.json"));
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toContain("cannot save the result");
    // neither got as far as a measurement (each logs its name to stderr as it starts)
    expect(missing.stderr + nowhere.stderr).not.toMatch(/stepping rate|place latency/);
  });
});
