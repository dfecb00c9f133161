import type { Divergence, EpisodeChange, MetricDelta } from "../types.ts";

/** Shared wording of the compare reporters. */

export const rate = (x: number): string => x.toFixed(3);

/** Signed, so a drop is visible at a glance: `+0.100`, `-0.250`, `0.000`. */
export function signed(x: number): string {
  const r = x.toFixed(3);
  if (Number(r) === 0) return "0.000";
  return x > 0 ? `+${r}` : r;
}

export const interval = (ci: readonly [number, number]): string => `[${signed(ci[0])}, ${signed(ci[1])}]`;

/** `regressed`, `improved` or `no change` (the interval covers 0). */
export function verdictOf(d: MetricDelta): string {
  return d.regressed ? "regressed" : d.improved ? "improved" : "within noise";
}

/** `1.000→0.000`. */
export const change = (from: number, to: number): string => `${rate(from)}→${rate(to)}`;

/** `t=4: base place(a, inside, f) → ok; cand pick(a) → hallucination: …` (the action once when both took it). */
export function divergenceText(e: EpisodeChange): string {
  if (e.divergence === undefined) return "(no trajectories)";
  if (e.divergence === null) return "(identical actions)";
  const d: Divergence = e.divergence;
  if (d.base && d.cand && d.base.action === d.cand.action) {
    return `t=${d.t} ${d.base.action}: base → ${d.base.feedback}; cand → ${d.cand.feedback}`;
  }
  const side = (s: Divergence["base"]) => (s ? `${s.action} → ${s.feedback}` : "(ended)");
  return `t=${d.t}: base ${side(d.base)}; cand ${side(d.cand)}`;
}

/** Worse episodes first by how much SR fell, then TP. */
export function worstFirst(episodes: readonly EpisodeChange[]): EpisodeChange[] {
  return episodes.filter((e) => e.verdict === "worse").sort((a, b) => a.delta.SR - b.delta.SR || a.delta.TP - b.delta.TP || (a.id < b.id ? -1 : 1));
}

/** One-line result: `no regression` or `REGRESSION in SR, TP`. */
export function resultLine(regressions: readonly string[]): string {
  return regressions.length === 0 ? "no regression" : `REGRESSION in ${regressions.join(", ")}`;
}
