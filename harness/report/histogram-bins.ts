/** A histogram bin over whole numbers: `from` to `to` inclusive. */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/**
 * Bins whole-number counts (steps per episode) into at most `maxBins` bins of equal integer width
 * covering min…max, so every value lands in exactly one bin and bins read as "5–9 steps".
 * No values give no bins.
 */
export function stepsHistogram(values: readonly number[], maxBins = 12): HistogramBin[] {
  if (values.length === 0) return [];
  const ints = values.map((v) => Math.round(v));
  const min = ints.reduce((a, b) => Math.min(a, b));
  const max = ints.reduce((a, b) => Math.max(a, b));
  const width = Math.max(1, Math.ceil((max - min + 1) / Math.max(1, Math.floor(maxBins))));
  const count = Math.floor((max - min) / width) + 1;
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: min + i * width, to: min + (i + 1) * width - 1, count: 0 }));
  for (const v of ints) bins[Math.floor((v - min) / width)]!.count++;
  return bins;
}
