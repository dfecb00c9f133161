import type { Spread } from "./stats.ts";

/** A figure held against the target issue 9 sets for it (on a 2-core machine). */
export interface TargetCheck {
  metric: string;
  value: number;
  /** `>=` or `<=` the bound. */
  op: ">=" | "<=";
  bound: number;
  met: boolean;
  /** The figure's smallest and largest repetition, when it was measured more than once. */
  range?: Spread;
  /**
   * Some repetitions meet the target and some do not: the verdict is within this machine's noise (rerun on a
   * quiet machine, or with more repetitions). Present with `range`.
   */
  unsettled?: boolean;
}

/** The targets, by metric. */
export const TARGETS: readonly { metric: string; op: ">=" | "<="; bound: number }[] = [
  { metric: "stepsPerSecond", op: ">=", bound: 50_000 },
  { metric: "placeMsP50", op: "<=", bound: 1 },
  { metric: "scaling10kOver100", op: "<=", bound: 3 },
  { metric: "loadMs1k", op: "<=", bound: 500 },
  { metric: "workersSpeedup", op: ">=", bound: 1.7 },
  { metric: "peakRssMB10k", op: "<=", bound: 400 },
  { metric: "fractionOfLimit", op: ">=", bound: 0.2 },
];

/**
 * Checks each target's metric in `figures` (top-level numeric fields). With `spread` (figure → its smallest and
 * largest repetition), each check whose figure was measured more than once also says whether its repetitions
 * fall on both sides of the bound.
 */
export function evaluateTargets(figures: object, spread: Readonly<Record<string, Spread>> = {}): TargetCheck[] {
  return TARGETS.map((t) => {
    const value = (figures as Record<string, unknown>)[t.metric];
    if (typeof value !== "number") throw new Error(`no figure "${t.metric}" to check against its target`);
    const meets = (x: number) => (t.op === ">=" ? x >= t.bound : x <= t.bound);
    const check: TargetCheck = { ...t, value, met: meets(value) };
    const range = spread[t.metric];
    if (range && range.min !== range.max) {
      check.range = range;
      check.unsettled = meets(range.min) !== meets(range.max);
    }
    return check;
  });
}
