import { renderTable } from "../reporters/table.ts";
import { isDecidable, VERDICT_CHANCE, type BenchComparison, type ComparableBench, type FigureChange } from "./compare-bench.ts";
import { showFigure } from "./format.ts";

/** The two sides of a comparison as the report names them: a file, or "this run". */
export interface ComparisonSides {
  base: { name: string; result: ComparableBench };
  cand: { name: string; result: ComparableBench };
}

/**
 * A comparison as people read it: both machines, each figure's medians and ranges, the change, the verdict and
 * the target on each side; then what could not be compared and what to keep in mind about the noise.
 */
export function formatComparison(c: BenchComparison, sides: ComparisonSides): string {
  const rows = c.figures.map((f) => [
    f.figure,
    showFigure(f.base),
    rangeText(f.baseRange),
    showFigure(f.cand),
    rangeText(f.candRange),
    changeText(f),
    verdictText(f),
    targetText(f),
  ]);
  const notes: string[] = [];
  for (const side of c.quick) notes.push(`${side} is a --quick smoke run: its figures come from far less work and one repetition (not for quoting)`);
  if (c.machineDifferences.length) notes.push(`the machines differ (${c.machineDifferences.join("; ")}): the figures compare the machines as much as the code`);
  for (const side of ["base", "cand"] as const) {
    const only = c.missing.filter((m) => m.measuredIn === side).map((m) => m.figure);
    if (only.length) notes.push(`measured in ${side} only, not compared: ${only.join(", ")}`);
  }
  const withVerdict = c.figures.filter(isDecidable).length;
  notes.push(
    `improved / regressed: every repetition of one side is better than every repetition of the other, which chance alone would do at most 1 time in ${Math.round(1 / VERDICT_CHANCE)} (in brackets: how often exactly); within the noise: the ranges overlap; too few to tell: a side was measured once, or too few times for the order to be rare. Over these ${withVerdict} figures chance alone would call about ${showFigure(c.expectedByChance)} improved or regressed if nothing had changed. Each range comes from one process in one stretch of time, and a machine whose speed drifts between the two runs moves the figures by more than that: for a change of a few per cent, alternate several runs of both versions and give each side as its runs, comma-separated.`,
  );
  return [
    `base: ${sides.base.name} — ${machineText(sides.base.result)}`,
    `cand: ${sides.cand.name} — ${machineText(sides.cand.result)}`,
    "",
    renderTable(["figure", "base", "range", "cand", "range", "change", "verdict", "target (base → cand)"], rows),
    "",
    ...notes.map((n) => `note: ${n}`),
    ...(c.regressions.length ? ["", `regressed: ${c.regressions.join(", ")}`] : []),
  ].join("\n");
}

/** A comparison as `bench --compare --json` prints it: who each side is (file, machine, repetitions), then the comparison. */
export function comparisonRecord(c: BenchComparison, sides: ComparisonSides): object {
  const side = ({ name, result }: ComparisonSides["base"]) => {
    const { machine, quick, repetitions, runs } = result;
    return { name, machine, quick, repetitions, ...(runs !== undefined ? { runs } : {}) };
  };
  return { base: side(sides.base), cand: side(sides.cand), ...c };
}

function machineText(r: ComparableBench): string {
  const m = r.machine;
  const load = m.loadAverage ? `, load average ${m.loadAverage.join(" / ")}` : "";
  const how = r.runs !== undefined ? `${r.runs} runs pooled: each figure the median of their medians, its range theirs` : `medians of ${r.repetitions} repetition${r.repetitions === 1 ? "" : "s"}`;
  return `${m.cpus} × ${m.cpuModel}, ${m.platform}, node ${m.node}${load}; ${how}`;
}

function rangeText(s: { min: number; max: number } | undefined): string {
  return s ? `${showFigure(s.min)} – ${showFigure(s.max)}` : "";
}

/** The change of the median in per cent of the base's (the sign is the figure's, not better or worse). */
function changeText(f: FigureChange): string {
  if (!Number.isFinite(f.ratio)) return "";
  const pct = (f.ratio - 1) * 100;
  const text = Math.abs(pct) < 0.05 ? "0" : `${pct > 0 ? "+" : "−"}${showFigure(Math.abs(pct))}`;
  return `${text} %`;
}

function verdictText(f: FigureChange): string {
  if ((f.verdict === "improved" || f.verdict === "regressed") && f.chance !== undefined) return `${f.verdict} (1 in ${Math.round(1 / f.chance)})`;
  return f.verdict;
}

function targetText(f: FigureChange): string {
  if (!f.target) return "";
  const t = f.target;
  return `${t.op === ">=" ? "≥" : "≤"} ${showFigure(t.bound)}: ${t.baseMet ? "yes" : "no"} → ${t.candMet ? "yes" : "no"}`;
}
