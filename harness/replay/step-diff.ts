import type { EpisodeHeader, StepEvent } from "../trajectory/events.ts";

/** One field that differs between the log and the replay. */
export interface Difference {
  /** What differs: `feedback`, `satisfied`, `observed`, `changed`, `agent`, `distance`, `action`, … */
  field: string;
  expected: unknown;
  got: unknown;
}

/** The step fields replay verification compares (everything the simulator decides; not agent info or ts). */
export const COMPARED_STEP_FIELDS = ["action", "feedback", "satisfied", "observed", "changed", "agent", "distance"] as const;

/** Fields of a logged step that differ from the replayed one, in COMPARED_STEP_FIELDS order. */
export function diffStep(logged: StepEvent, replayed: StepEvent): Difference[] {
  const out: Difference[] = [];
  for (const field of COMPARED_STEP_FIELDS) {
    if (!sameJson(logged[field], replayed[field])) out.push({ field, expected: logged[field], got: replayed[field] });
  }
  return out;
}

/** What the simulator reports at reset: the goal conditions and what holds and is seen before any action. */
export interface ResetState {
  conditions: EpisodeHeader["conditions"];
  initiallySatisfied: number[];
  initiallyObserved: string[];
}

/** Fields of a header's reset state that differ from the replayed reset. */
export function diffReset(header: EpisodeHeader, replayed: ResetState): Difference[] {
  const out: Difference[] = [];
  for (const field of ["conditions", "initiallySatisfied", "initiallyObserved"] as const) {
    if (!sameJson(header[field], replayed[field])) out.push({ field, expected: header[field], got: replayed[field] });
  }
  return out;
}

/** Equality of JSON values as written to a trajectory (object key order ignored, `undefined` fields dropped). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** JSON text with object keys sorted, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  ) ?? "undefined";
}
