/** A figure held against the target issue 9 sets for it (on a 2-core machine). */
export interface TargetCheck {
  metric: string;
  value: number;
  /** `>=` or `<=` the bound. */
  op: ">=" | "<=";
  bound: number;
  met: boolean;
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

/** Checks each target's metric in `figures` (top-level numeric fields). */
export function evaluateTargets(figures: object): TargetCheck[] {
  return TARGETS.map((t) => {
    const value = (figures as Record<string, unknown>)[t.metric];
    if (typeof value !== "number") throw new Error(`no figure "${t.metric}" to check against its target`);
    return { ...t, value, met: t.op === ">=" ? value >= t.bound : value <= t.bound };
  });
}
