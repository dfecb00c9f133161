import { describe, expect, it } from "vitest";
import { formatBench } from "../../../harness/bench/format.ts";
import type { BenchResult } from "../../../harness/bench/run-bench.ts";
import { evaluateTargets } from "../../../harness/bench/targets.ts";

/** A full result with made-up figures (the formatter only reads them). */
function result(spread: BenchResult["spread"], repetitions = 5): BenchResult {
  const figures = { stepsPerSecond: 48_000, logOnlyStepsPerSecond: 200_000, fractionOfLimit: 0.24, placeMsP50: 0.05, placeMsP95: 0.2, scaling10kOver100: 1.5, loadMs1k: 40, workersSpeedup: 1.5, twoProcessSpeedup: 1.6, peakRssMB10k: 190 };
  return {
    machine: { cpus: 2, cpuModel: "Test CPU", node: "v20.0.0", platform: "linux-x64", totalMemMB: 1024, loadAverage: [0.5, 0.5, 0.5], scratch: { dir: "/scratch", filesystem: "tmpfs" }, v8Flags: [] },
    quick: false,
    repetitions,
    ...figures,
    stepMs: { "100": 0.02, "10000": 0.03 },
    cpu: { stepsPerSecond: 40_000, logOnlyStepsPerSecond: 150_000, fractionOfLimit: 0.27, stepMs: { "100": 0.03, "10000": 0.04 }, scaling10kOver100: 1.3, loadMs1k: 60, oneWorkerMs: 4000, twoWorkersMs: 5000, workersWorkRatio: 0.8, processesWorkRatio: 0.85 },
    details: { suiteStepsPerPass: 398 },
    spread,
    targets: evaluateTargets(figures, spread),
  };
}

/** The table row of a metric, split into its cells. */
function rowOf(text: string, metric: string): string[] {
  const line = text.split("\n").find((l) => l.startsWith(`${metric} `));
  if (!line) throw new Error(`no row for ${metric}`);
  return line.trim().split(/\s{2,}/);
}

describe("formatBench", () => {
  it("shows each figure's range of repetitions next to its median, and none for a figure measured once", () => {
    const text = formatBench(result({ stepsPerSecond: { min: 45_000, max: 49_000 }, "stepMs[100]": { min: 0.018, max: 0.0234567 }, loadMs1k: { min: 40, max: 40 } }));
    expect(text).toMatch(/metric\s+value\s+range\s+cpu\s+target\s+met/);
    expect(rowOf(text, "stepsPerSecond")).toEqual(["stepsPerSecond", "48000", "45000 – 49000", "40000", ">= 50000", "NO"]);
    expect(rowOf(text, "stepMs[100]")).toEqual(["stepMs[100]", "0.02", "0.018 – 0.0235", "0.03"]);
    expect(rowOf(text, "loadMs1k")).toEqual(["loadMs1k", "40", "60", "<= 500", "yes"]);
    expect(text).not.toMatch(/^note:/m);
    // where the runs wrote their trajectories, and on what: part of the machine the figures come from
    expect(text.split("\n")[0]).toMatch(/^machine: 2 × Test CPU, .*; runs written to \/scratch \(tmpfs\)$/);
  });

  it("shows the two-process ceiling under workersSpeedup, with its CPU ratio and no target", () => {
    const text = formatBench(result({ twoProcessSpeedup: { min: 1.3, max: 1.7 } }));
    const lines = text.split("\n");
    expect(lines.findIndex((l) => l.startsWith("twoProcessSpeedup "))).toBe(lines.findIndex((l) => l.startsWith("workersSpeedup ")) + 1);
    expect(rowOf(text, "twoProcessSpeedup")).toEqual(["twoProcessSpeedup", "1.6", "1.3 – 1.7", "0.85"]);
  });

  it("adds a note for each target its repetitions fall on both sides of, and only for those", () => {
    const text = formatBench(result({ workersSpeedup: { min: 1.4, max: 1.8 }, fractionOfLimit: { min: 0.21, max: 0.3 }, stepsPerSecond: { min: 47_000, max: 52_000 } }));
    const notes = text.split("\n").filter((l) => l.startsWith("note:"));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^note: stepsPerSecond's repetitions fall on both sides of its target \(47000 – 52000\)/);
    expect(notes[1]).toMatch(/^note: workersSpeedup's repetitions fall on both sides of its target \(1\.4 – 1\.8\)/);
  });
});
