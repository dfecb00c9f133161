import { median } from "./stats.ts";
import type { SteppingTime } from "./stepping-clock.ts";

/** Stepping time of one action type over a run. */
export interface ActionTime {
  /** Steps of this type. */
  steps: number;
  /** Median stepping time of one such step, µs (wall; what a typical step costs). */
  p50Us: number;
  /** Mean, µs (wall): the rare slow step — a long search, a GC pause, another process — counts here. */
  meanUs: number;
  /** Median CPU time of one such step, µs (process CPU: includes helper threads and one `cpuUsage` read). */
  cpuP50Us: number;
  /** This type's share of the run's summed per-step stepping time (0–1). */
  share: number;
}

/**
 * Per-action breakdown of a timed run: where stepping time goes. Needs each timed step's action: the run's
 * `actionTypes` when it kept them, else its recorded events (`record: true`). The writer's end-of-episode
 * write counts in the run's total but in no step, so the shares add up to the per-step part only.
 */
export function steppingByAction(run: SteppingTime): Record<string, ActionTime> {
  const types = run.actionTypes ?? run.episodes.flatMap((e) => e.steps.map((s) => s.action.type));
  if (types.length !== run.perStepMs.length) throw new Error(`steppingByAction needs a recorded run (${types.length} recorded steps, ${run.perStepMs.length} timed)`);
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  types.forEach((t, i) => {
    if (!wall.has(t)) wall.set(t, []), cpu.set(t, []);
    wall.get(t)!.push(run.perStepMs[i]! * 1000);
    cpu.get(t)!.push(run.perStepCpuMs[i]! * 1000);
  });
  const total = run.perStepMs.reduce((a, b) => a + b, 0) * 1000;
  const out: Record<string, ActionTime> = {};
  for (const [t, us] of [...wall].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    out[t] = { steps: us.length, p50Us: median(us), meanUs: sum(us) / us.length, cpuP50Us: median(cpu.get(t)!), share: total > 0 ? sum(us) / total : 0 };
  }
  return out;
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
