import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS } from "../../../harness/bench/targets.ts";
import { CLI_V8_FLAGS } from "../../../harness/cli/v8-options.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function bench(...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), "bench", ...args], { cwd: ROOT, encoding: "utf8", timeout: 600_000 });
}

/** Every number in a figure: a value, or each value of a per-size record. */
function numbersOf(x: unknown): number[] {
  if (typeof x === "number") return [x];
  if (x && typeof x === "object") return Object.values(x).flatMap(numbersOf);
  return [NaN];
}

describe("rearrange bench --quick --json", () => {
  it("prints every figure as a positive finite number, the machine, and each target's verdict", { timeout: 600_000 }, () => {
    const r = bench("--quick", "--json");
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    const figures = [
      "stepsPerSecond",
      "logOnlyStepsPerSecond",
      "fractionOfLimit",
      "placeMsP50",
      "placeMsP95",
      "stepMs",
      "scaling10kOver100",
      "loadMs1k",
      "workersSpeedup",
      "twoProcessSpeedup",
      "peakRssMB10k",
    ];
    for (const key of figures) {
      const values = numbersOf(out[key]);
      expect(values.length, key).toBeGreaterThan(0);
      for (const v of values) {
        expect(Number.isFinite(v), `${key} = ${v}`).toBe(true);
        expect(v, key).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(out.stepMs as object).sort()).toEqual(["100", "1000", "10000"]);
    // each repeated figure's range of repetitions; --quick runs one repetition, so each range is that one value
    const spread = out.spread as Record<string, { min: number; max: number }>;
    const named = new Set([...figures, "stepMs[100]", "stepMs[1000]", "stepMs[10000]"]);
    expect(Object.keys(spread)).toContain("stepsPerSecond");
    for (const [k, s] of Object.entries(spread)) {
      expect(named.has(k), k).toBe(true);
      expect(s.min, k).toBeLessThanOrEqual(s.max);
    }
    for (const k of ["stepsPerSecond", "fractionOfLimit", "placeMsP50", "scaling10kOver100", "loadMs1k", "workersSpeedup", "twoProcessSpeedup"]) {
      expect(spread[k], k).toEqual({ min: out[k], max: out[k] });
    }
    for (const v of numbersOf(out.cpu)) expect(v > 0 && Number.isFinite(v)).toBe(true);
    const machine = out.machine as { cpus: number; node: string; scratch: { dir: string; filesystem: string }; v8Flags: string[] };
    expect(machine.cpus).toBeGreaterThan(0);
    // the command line's own V8 options, set by bin/rearrange.js and recorded by the bench (harness/cli/v8-options.js)
    expect(machine.v8Flags).toEqual([...CLI_V8_FLAGS]);
    // the runs went to the system's temporary folder, and the result says on what kind of filesystem
    expect(machine.scratch.dir).toBe(path.resolve(os.tmpdir()));
    expect(machine.scratch.filesystem).toMatch(/^[\w-]+$/);
    // what a one-worker run allocated, a step at a time: a few kilobytes, never nothing
    const details = out.details as Record<string, number>;
    expect(details.oneWorkerAllocatedKBPerStep).toBeGreaterThan(0.5);
    expect(details.oneWorkerAllocatedKBPerStep).toBeLessThan(1000);
    expect(details.oneWorkerGcPauseShare).toBeGreaterThanOrEqual(0);
    expect(details.oneWorkerGcPauseShare).toBeLessThan(1);
    expect(machine.node).toBe(process.version);
    expect(out.quick).toBe(true);
    // the ratio is computed from the two printed rates, not measured apart
    expect(out.fractionOfLimit as number).toBeCloseTo((out.stepsPerSecond as number) / (out.logOnlyStepsPerSecond as number), 2);
    const targets = out.targets as { metric: string; value: number; met: boolean }[];
    expect(targets.map((t) => t.metric)).toEqual(TARGETS.map((t) => t.metric));
    for (const t of targets) expect(t.value).toBe(out[t.metric]);
  });

  it("--dir: writes the timed runs under the folder given, names it in the result and leaves nothing behind", { timeout: 300_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-bench-dir-"));
    try {
      const r = bench("--quick", "--only", "loadMs1k", "--json", "--dir", dir);
      expect(r.status, r.stderr.slice(-2000)).toBe(0);
      const out = JSON.parse(r.stdout) as { machine: { scratch: { dir: string; filesystem: string } }; loadMs1k: number };
      expect(out.machine.scratch.dir).toBe(dir);
      expect(out.loadMs1k).toBeGreaterThan(0);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a --dir that is no writable folder as a usage error (exit 2) before measuring", () => {
    const missing = bench("--quick", "--dir", path.join(os.tmpdir(), "rearrange-no-such-folder", "x"));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--dir .*rearrange-no-such-folder.*: no such folder/);
    expect(missing.stdout).toBe("");
    const file = bench("--quick", "--dir", path.join(ROOT, "package.json"));
    expect(file.status).toBe(2);
    expect(file.stderr).toMatch(/package\.json: not a folder/);
  });

  it("refuses a repetition count below one as a usage error (exit 2)", () => {
    const r = bench("--reps", "0");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--reps/);
    expect(r.stdout).toBe("");
  });
});
