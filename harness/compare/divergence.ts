import { formatAction, type Action } from "../../sim/actions.ts";
import type { StepEvent } from "../trajectory/events.ts";
import type { Divergence, StepSummary } from "./types.ts";

/**
 * The first step where two trajectories differ in action or feedback, or null when they agree
 * step for step (same length). When one is a prefix of the other, the divergence is the first
 * step only the longer one has.
 */
export function firstDivergence(base: readonly StepEvent[], cand: readonly StepEvent[]): Divergence | null {
  const n = Math.max(base.length, cand.length);
  for (let i = 0; i < n; i++) {
    const b = base[i];
    const c = cand[i];
    if (b && c && sameStep(b, c)) continue;
    return { t: (b ?? c)!.t, base: b ? summarizeStep(b) : null, cand: c ? summarizeStep(c) : null };
  }
  return null;
}

function sameStep(a: StepEvent, b: StepEvent): boolean {
  return (
    canonical(a.action) === canonical(b.action) &&
    a.feedback.ok === b.feedback.ok &&
    a.feedback.error === b.feedback.error &&
    a.feedback.message === b.feedback.message
  );
}

/** JSON with sorted keys, so key order in the file does not count as a difference. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** `place(apple_1, inside, fridge_1)` and `ok` or `missing_step: closed — open it first`. */
export function summarizeStep(step: StepEvent): StepSummary {
  const action = step.action.type === "invalid" ? `invalid(${JSON.stringify(step.action.raw)})` : formatAction(step.action as Action);
  const feedback = step.feedback.ok && !step.feedback.error ? "ok" : `${step.feedback.error ?? "failed"}: ${step.feedback.message}`;
  return { t: step.t, action, feedback };
}
