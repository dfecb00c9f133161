import { BENCH_FIGURES } from "./figures.ts";
import { median, type Spread } from "./stats.ts";
import { TARGETS } from "./targets.ts";

/** The parts of a bench result a comparison reads: a `rearrange bench --json` file or `runBench`'s result. */
export interface ComparableBench {
  machine: { cpus: number; cpuModel: string; node: string; platform: string; totalMemMB: number; loadAverage?: number[]; scratch?: { filesystem: string }; v8Flags?: string[] };
  quick: boolean;
  repetitions: number;
  stepMs?: Record<string, number>;
  spread: Record<string, Spread>;
  details: Record<string, number>;
  /**
   * Set on results pooled from several runs ({@link poolResults}): each figure is the median of the runs' medians,
   * its range spans those medians, and it counts as measured this many times.
   */
  runs?: number;
}

/**
 * How a figure changed: `improved` or `regressed` when the repetitions of the two results do not overlap (every
 * repetition of one is better than every repetition of the other) and chance alone would order them so at most
 * {@link VERDICT_CHANCE} of the time; `within the noise` when they overlap; `too few to tell` when a side was
 * measured once (which says nothing of how far the machine moves it), or when they do not overlap but there are
 * too few repetitions for that to be rare (three a side: 1 time in 20).
 */
export type FigureVerdict = "improved" | "regressed" | "within the noise" | "too few to tell";

/**
 * Most chance (one-sided) of an ordering that {@link compareBench} calls a change: 1 %, which five repetitions a
 * side (1 in 252) or four (1 in 70) meet, and three (1 in 20) do not.
 */
export const VERDICT_CHANCE = 0.01;

/** One figure of two bench results. */
export interface FigureChange {
  /** The figure as the bench names it: `stepsPerSecond`, `stepMs[1000]`, … */
  figure: string;
  /** Which way is better: more steps a second, fewer milliseconds. */
  better: "higher" | "lower";
  base: number;
  cand: number;
  /** The smallest and largest repetition of each side, when it was measured more than once. */
  baseRange?: Spread;
  candRange?: Spread;
  /** cand / base (NaN when base is 0). */
  ratio: number;
  verdict: FigureVerdict;
  /**
   * With the repetition counts n and m of both sides known: 1 / C(n + m, n), how often repetitions that differ by
   * chance alone (each side's drawn alike) fall wholly on one given side of the other's, as they do for
   * `improved` and `regressed`.
   */
  chance?: number;
  /** The figure's target, and whether each side meets it. */
  target?: { op: ">=" | "<="; bound: number; baseMet: boolean; candMet: boolean };
}

/** Two bench results, figure by figure. */
export interface BenchComparison {
  figures: FigureChange[];
  /** Figures only one side measured (a `--only` run): not compared. */
  missing: { figure: string; measuredIn: "base" | "cand" }[];
  /** What differs between the two machines (`cpus: 2 → 4`); empty when they look the same. */
  machineDifferences: string[];
  /** Sides that were `--quick` smoke runs, whose figures are not for quoting. */
  quick: ("base" | "cand")[];
  /** The figures that `regressed`. */
  regressions: string[];
  /**
   * How many of the figures chance alone would call improved or regressed, on average, if nothing had changed and
   * each side's repetitions were drawn alike: the sum of twice each `chance` within {@link VERDICT_CHANCE}. A
   * machine whose speed drifts between the runs makes more.
   */
  expectedByChance: number;
}

/** Figures where more is better; the others are times and sizes. */
const HIGHER_IS_BETTER: ReadonlySet<string> = new Set(["stepsPerSecond", "logOnlyStepsPerSecond", "fractionOfLimit", "workersSpeedup", "twoProcessSpeedup"]);

/** Figures measured from the one- and two-worker runs, which repeat `details.workerRepetitions` times. */
const WORKER_FIGURES: ReadonlySet<string> = new Set(["workersSpeedup", "twoProcessSpeedup"]);

/**
 * Compares a candidate bench result with a base one, figure by figure: the ratio of their medians and whether the
 * change stands out of the noise of their repetitions. Each side's range comes from one process, in one stretch
 * of time: a machine whose speed drifts between the two runs (a shared VM) moves every figure more than its
 * ranges show, so for changes of a few per cent, alternate runs of both versions and pool each side's
 * ({@link poolResults}).
 */
export function compareBench(base: ComparableBench, cand: ComparableBench): BenchComparison {
  const figures: FigureChange[] = [];
  const missing: BenchComparison["missing"] = [];
  for (const figure of figureNames(base, cand)) {
    const b = valueOf(base, figure);
    const c = valueOf(cand, figure);
    if (b === undefined || c === undefined) {
      if (b !== undefined || c !== undefined) missing.push({ figure, measuredIn: b !== undefined ? "base" : "cand" });
      continue;
    }
    figures.push(compareFigure(figure, b, c, base, cand));
  }
  const quick: BenchComparison["quick"] = [];
  if (base.quick) quick.push("base");
  if (cand.quick) quick.push("cand");
  let expectedByChance = 0;
  for (const f of figures) if (isDecidable(f)) expectedByChance += 2 * f.chance!;
  return {
    figures,
    missing,
    machineDifferences: machineDifferences(base.machine, cand.machine),
    quick,
    regressions: figures.filter((f) => f.verdict === "regressed").map((f) => f.figure),
    expectedByChance,
  };
}

function compareFigure(figure: string, base: number, cand: number, baseResult: ComparableBench, candResult: ComparableBench): FigureChange {
  const better = HIGHER_IS_BETTER.has(figure) ? "higher" : "lower";
  const baseRange = rangeOf(baseResult, figure);
  const candRange = rangeOf(candResult, figure);
  const change: FigureChange = { figure, better, base, cand, ratio: base === 0 ? Number.NaN : cand / base, verdict: "too few to tell" };
  if (baseRange) change.baseRange = baseRange;
  if (candRange) change.candRange = candRange;
  if (baseRange && candRange) {
    const n = repetitionsOf(baseResult, figure);
    const m = repetitionsOf(candResult, figure);
    if (n !== undefined && m !== undefined) change.chance = 1 / binomial(n + m, n);
    const ordered = verdictOf(baseRange, candRange, better);
    // an ordering as likely as not by chance (few repetitions, or their count unknown) is no verdict
    change.verdict = ordered === "within the noise" || isDecidable(change) ? ordered : "too few to tell";
  }
  const t = TARGETS.find((x) => x.metric === figure);
  if (t) {
    const meets = (x: number) => (t.op === ">=" ? x >= t.bound : x <= t.bound);
    change.target = { op: t.op, bound: t.bound, baseMet: meets(base), candMet: meets(cand) };
  }
  return change;
}

/** True when a figure's repetitions are enough for an order of them to be a verdict: its `chance` is known and rare. */
export function isDecidable(f: Pick<FigureChange, "chance">): boolean {
  return f.chance !== undefined && f.chance <= VERDICT_CHANCE;
}

/**
 * How two ranges are ordered: improved or regressed when they do not overlap (touching counts as overlapping), else
 * within the noise. How rare that ordering is, {@link compareBench} weighs.
 */
export function verdictOf(base: Spread, cand: Spread, better: "higher" | "lower"): "improved" | "regressed" | "within the noise" {
  const candAbove = cand.min > base.max;
  const candBelow = cand.max < base.min;
  if (!candAbove && !candBelow) return "within the noise";
  return candAbove === (better === "higher") ? "improved" : "regressed";
}

/** Every figure either side has, in report order (`stepMs` in its place, per house size in increasing order). */
function figureNames(a: ComparableBench, b: ComparableBench): string[] {
  const out: string[] = [];
  for (const name of BENCH_FIGURES) {
    if (name !== "stepMs") {
      out.push(name);
      continue;
    }
    const sizes = new Set([...Object.keys(a.stepMs ?? {}), ...Object.keys(b.stepMs ?? {})]);
    for (const n of [...sizes].sort((x, y) => Number(x) - Number(y))) out.push(`stepMs[${n}]`);
  }
  return out;
}

/** A figure's median in a result (`stepMs[N]` from the per-size record), or undefined when it was not measured. */
function valueOf(r: ComparableBench, figure: string): number | undefined {
  const size = stepMsSize(figure);
  const v = size !== undefined ? r.stepMs?.[size] : (r as unknown as Record<string, unknown>)[figure];
  return typeof v === "number" ? v : undefined;
}

/** The house size of a `stepMs[N]` figure (`"1000"`), or undefined for a top-level figure. */
function stepMsSize(figure: string): string | undefined {
  return /^stepMs\[(\d+)\]$/.exec(figure)?.[1];
}

/**
 * How many times a figure was measured, when the result says: the peak memory once, the worker figures
 * `details.workerRepetitions` times (unknown in results from before it was recorded), the rest `repetitions` times.
 */
function repetitionsOf(r: ComparableBench, figure: string): number | undefined {
  if (r.runs !== undefined) return r.runs;
  if (figure === "peakRssMB10k") return 1;
  if (WORKER_FIGURES.has(figure)) return r.details.workerRepetitions;
  return r.repetitions;
}

/**
 * The range of a figure's repetitions, when it says something about the noise: measured more than once (a range
 * of one value from a single repetition, as `--quick` gives, does not).
 */
function rangeOf(r: ComparableBench, figure: string): Spread | undefined {
  const s = r.spread[figure];
  if (!s) return undefined;
  const reps = repetitionsOf(r, figure);
  // a range of two different values came from two repetitions or more, whatever the count says
  if (s.min < s.max || (reps !== undefined && reps >= 2)) return { min: s.min, max: s.max };
  return undefined;
}

/**
 * Several runs of one version as one side of a comparison, with the run as the unit of repetition: each figure
 * all of them measured is the median of their medians (the lower middle one for an even count, a measured value),
 * and its range spans those medians — how far the machine moved it from one run (one process, one stretch of time)
 * to the next, which a single run's range leaves out. Runs alternated with the other version's make the verdict
 * hold against a machine whose speed drifts. Machine and load are the first run's; `quick` if any run was.
 */
export function poolResults(results: readonly ComparableBench[]): ComparableBench {
  if (results.length === 0) throw new RangeError("poolResults of no results");
  if (results.length === 1) return results[0]!;
  const first = results[0]!;
  const pooled: ComparableBench & Record<string, unknown> = { machine: first.machine, quick: results.some((r) => r.quick), repetitions: results.length, spread: {}, details: {}, runs: results.length };
  for (const figure of figureNames(first, first)) {
    const values = results.map((r) => valueOf(r, figure));
    if (values.some((v) => v === undefined)) continue;
    const xs = values as number[];
    const size = stepMsSize(figure);
    if (size !== undefined) (pooled.stepMs ??= {})[size] = median(xs);
    else pooled[figure] = median(xs);
    pooled.spread[figure] = { min: Math.min(...xs), max: Math.max(...xs) };
  }
  return pooled;
}

function machineDifferences(a: ComparableBench["machine"], b: ComparableBench["machine"]): string[] {
  const out: string[] = [];
  for (const k of ["cpus", "cpuModel", "platform", "node", "totalMemMB"] as const) {
    if (a[k] !== b[k]) out.push(`${k}: ${a[k]} → ${b[k]}`);
  }
  // the runs' trajectories went to another kind of filesystem: creating and writing their files costs differently
  // (a result saved before the bench said where it wrote has no filesystem: nothing to compare)
  const fa = a.scratch?.filesystem;
  const fb = b.scratch?.filesystem;
  if (fa !== undefined && fb !== undefined && fa !== fb) out.push(`scratch filesystem: ${fa} → ${fb}`);
  // V8 ran with other options (a result saved before the bench recorded them has none: nothing to compare)
  const va = a.v8Flags?.join(" ");
  const vb = b.v8Flags?.join(" ");
  if (va !== undefined && vb !== undefined && va !== vb) out.push(`V8 options: ${va || "(none)"} → ${vb || "(none)"}`);
  return out;
}

/** C(n, k), exact for the small counts of repetitions. */
function binomial(n: number, k: number): number {
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (n - k + i)) / i;
  return Math.round(out);
}
