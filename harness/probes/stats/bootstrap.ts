/**
 * Seeded percentile bootstrap for the mean of per-case scores: resample the cases with replacement,
 * take the mean of each resample, and read the interval off the sorted means. Same values and seed
 * give the same interval on any machine (sim/rng.ts, never Math.random).
 */
import { Rng } from "../../../sim/rng.ts";

export interface BootstrapOptions {
  /** Seed of the resampling stream (default 0). */
  seed?: number;
  /** Number of resamples (default 2000). */
  resamples?: number;
  /** Coverage of the interval (default 0.95). */
  confidence?: number;
}

/** Arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Linear-interpolated quantile of sorted values (q in [0, 1]). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error("quantile of no values");
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * Percentile-bootstrap interval of the mean. Returns null for no values; a single value (or identical
 * values) gives a zero-width interval.
 */
export function bootstrapMeanInterval(values: readonly number[], options: BootstrapOptions = {}): [number, number] | null {
  if (values.length === 0) return null;
  const resamples = options.resamples ?? 2000;
  const confidence = options.confidence ?? 0.95;
  const rng = new Rng(options.seed ?? 0);
  const n = values.length;
  const means = new Array<number>(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[rng.int(n)]!;
    means[b] = sum / n;
  }
  means.sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  return [quantileSorted(means, tail), quantileSorted(means, 1 - tail)];
}
