/** Each measurement and the top-level figures it yields (`rearrange bench --only FIGURE` runs only the ones named). */
export const MEASUREMENT_FIGURES = {
  rate: ["stepsPerSecond", "logOnlyStepsPerSecond", "fractionOfLimit"],
  place: ["placeMsP50", "placeMsP95"],
  scaling: ["stepMs", "scaling10kOver100"],
  load: ["loadMs1k"],
  workers: ["workersSpeedup", "twoProcessSpeedup"],
  rss: ["peakRssMB10k"],
} as const;

/** A figure `--only` can name. */
export type BenchFigure = (typeof MEASUREMENT_FIGURES)[keyof typeof MEASUREMENT_FIGURES][number];

/** Every figure `--only` accepts, in report order. */
export const BENCH_FIGURES: readonly BenchFigure[] = Object.values(MEASUREMENT_FIGURES).flat();
