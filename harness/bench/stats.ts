import { performance } from "node:perf_hooks";

/** Median of a non-empty list (the lower middle for an even count, so it is always a measured value). */
export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile `p` (0–100) of a non-empty list. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) throw new RangeError("percentile of an empty list");
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** The smallest and largest of a figure's values over repetitions: how far it moved from one to the next. */
export interface Spread {
  min: number;
  max: number;
}

/** Smallest and largest of a non-empty list. */
export function spreadOf(xs: readonly number[]): Spread {
  if (xs.length === 0) throw new RangeError("spread of an empty list");
  let min = xs[0]!;
  let max = xs[0]!;
  for (const x of xs) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { min, max };
}

/** CPU time (user + system) this process has used so far, ms. Counts every thread of the process. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Wall and CPU time of one call, ms. */
export async function timeIt<T>(fn: () => T | Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const c0 = cpuMs();
  const w0 = performance.now();
  const value = await fn();
  return { value, wallMs: performance.now() - w0, cpuMs: cpuMs() - c0 };
}

/** Rounds to `digits` significant figures (figures are noisy; more digits would only mislead). */
export function roundSig(x: number, digits = 3): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  return Math.round(x * scale) / scale;
}

/** Unmeasured warm-up runs to make of a requested count: at least one (the first run of anything is cold), one by default. */
export function warmupCount(requested: number | undefined): number {
  return Math.max(1, requested ?? 1);
}
