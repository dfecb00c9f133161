import { renderTable } from "../reporters/table.ts";
import type { BenchResult, MachineInfo, PartialBenchResult } from "./run-bench.ts";

/**
 * The benchmark as people read it: machine, each figure with the range of its repetitions, its CPU-time twin,
 * target and verdict, and a note for each verdict the repetitions do not agree on.
 */
export function formatBench(r: BenchResult): string {
  const target = new Map(r.targets.map((t) => [t.metric, t]));
  const row = (metric: string, value: number, cpu: number | null): string[] => {
    const t = target.get(metric);
    const s = r.spread[metric];
    const range = s && s.min !== s.max ? `${showFigure(s.min)} – ${showFigure(s.max)}` : "";
    return [metric, showFigure(value), range, cpu === null ? "" : showFigure(cpu), t ? `${t.op} ${showFigure(t.bound)}` : "", t ? (t.met ? "yes" : "NO") : ""];
  };
  const sizes = Object.keys(r.stepMs);
  const rows = [
    row("stepsPerSecond", r.stepsPerSecond, r.cpu.stepsPerSecond),
    row("logOnlyStepsPerSecond", r.logOnlyStepsPerSecond, r.cpu.logOnlyStepsPerSecond),
    row("fractionOfLimit", r.fractionOfLimit, r.cpu.fractionOfLimit),
    row("placeMsP50", r.placeMsP50, null),
    row("placeMsP95", r.placeMsP95, null),
    ...sizes.map((n) => row(`stepMs[${n}]`, r.stepMs[n]!, r.cpu.stepMs[n] ?? null)),
    row("scaling10kOver100", r.scaling10kOver100, r.cpu.scaling10kOver100),
    row("loadMs1k", r.loadMs1k, r.cpu.loadMs1k),
    row("workersSpeedup", r.workersSpeedup, r.cpu.workersWorkRatio),
    row("twoProcessSpeedup", r.twoProcessSpeedup, r.cpu.processesWorkRatio),
    row("peakRssMB10k", r.peakRssMB10k, null),
  ];
  const m = r.machine;
  const unsettled = r.targets
    .filter((t) => t.unsettled)
    .map((t) => `note: ${t.metric}'s repetitions fall on both sides of its target (${showFigure(t.range!.min)} – ${showFigure(t.range!.max)}): on this machine the verdict is within the noise; rerun when it is quiet, or with more --reps`);
  return [
    `machine: ${m.cpus} × ${m.cpuModel}, ${m.platform}, node ${m.node}, ${m.totalMemMB} MB, ${loadAndScratch(m)}`,
    `${r.quick ? "QUICK smoke run (figures not for quoting), " : ""}medians of ${r.repetitions} repetition${r.repetitions === 1 ? "" : "s"} (range: the smallest and largest); cpu = the same from process CPU time (for workersSpeedup and twoProcessSpeedup: the CPU-time ratio); twoProcessSpeedup = the same run split over two processes, the most workersSpeedup can reach on this machine`,
    "",
    renderTable(["metric", "value", "range", "cpu", "target", "met"], rows),
    ...(unsettled.length ? ["", ...unsettled] : []),
    "",
    `details: ${Object.entries(r.details).map(([k, v]) => `${k}=${showFigure(v)}`).join(", ")}`,
    ...(r.stepsByAction ? ["", "stepping time by action (the stepsPerSecond runs):", renderActions(r.stepsByAction)] : []),
  ].join("\n");
}

function renderActions(byAction: NonNullable<BenchResult["stepsByAction"]>): string {
  const rows = Object.entries(byAction)
    .sort(([, a], [, b]) => b.share - a.share)
    .map(([action, t]) => [action, String(t.steps), showFigure(t.p50Us), showFigure(t.meanUs), showFigure(t.cpuP50Us), `${showFigure(100 * t.share)} %`]);
  return renderTable(["action", "steps", "p50 µs", "mean µs", "cpu p50 µs", "share"], rows);
}

/** A figure as the reports print it: whole numbers as they are, others to three significant figures. */
export function showFigure(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3)));
}

/** `--only` without `--json`: the measured figures, their CPU twins and details, one per line. */
export function formatPartialBench(r: PartialBenchResult): string {
  const skip = new Set(["machine", "quick", "repetitions", "cpu", "details", "targets", "only"]);
  const verdict = new Map(r.targets.map((t) => [t.metric, t.met ? " (target met)" : " (target NOT met)"]));
  const lines = Object.entries(r)
    .filter(([k, v]) => !skip.has(k) && v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}${verdict.get(k) ?? ""}`);
  return [loadAndScratch(r.machine), ...lines, `cpu: ${JSON.stringify(r.cpu)}`, `details: ${JSON.stringify(r.details)}`].join("\n");
}

/** The load average when the bench began, and where its runs wrote: what besides the code moved the figures. */
function loadAndScratch(m: MachineInfo): string {
  const v8 = m.v8Flags.length > 0 ? `; V8 options ${m.v8Flags.join(" ")}` : "";
  return `load average ${m.loadAverage.join(" / ")}; runs written to ${m.scratch.dir} (${m.scratch.filesystem})${v8}`;
}
