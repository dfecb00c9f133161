import type { EndReason, EpisodeHeader, StepEvent } from "../trajectory/events.ts";

/**
 * A metric as a small stateful measure (habitat-lab's `Measure`), typed, and with its inputs
 * declared by id in `dependsOn` rather than implied by registration order. The scorer runs the
 * measures of an episode in dependency order, so by the time a measure's `update` runs, every
 * measure it depends on has already seen the same step.
 */
export interface Measure<T> {
  /** Unique id; also the key under which dependants read its value. */
  readonly id: string;
  /** Ids of the measures whose current values `update` and `finish` read. */
  readonly dependsOn: readonly string[];
  /**
   * Whether the value is a reported metric (a field of `EpisodeMetrics`) or only an input to other
   * measures (goal status, observation). Default true.
   */
  readonly reported?: boolean;
  /** Starts a new episode: forget everything, read the initial state from the header. */
  reset(header: EpisodeHeader): void;
  /** Takes one step into account. */
  update(step: StepEvent, deps: MeasureValues): void;
  /** The episode is over (or the trajectory stops there: `end.reason` is null then). */
  finish(end: EpisodeEnd, deps: MeasureValues): void;
  /** The current value: valid after `reset`, and final after `finish`. */
  value(): T;
}

/** How the episode ended, as far as the trajectory tells. */
export interface EpisodeEnd {
  /** Null when the trajectory has no end line (the run was interrupted). */
  reason: EndReason | null;
  /** Agent crash or timeout, else null. */
  error: { category: string; message: string } | null;
}

/**
 * A measure id that carries the type of the measure's value, so `deps.get(KEY)` is typed.
 * Declare one next to each measure: `export const STEPS = measureKey<number>("steps")`.
 */
export interface MeasureKey<T> {
  readonly id: string;
  /** Phantom field: never set, only carries `T`. */
  readonly __type?: T;
}

/** Creates a typed measure key. */
export function measureKey<T>(id: string): MeasureKey<T> {
  return { id };
}

/** Read access to the current values of a measure's declared dependencies. */
export interface MeasureValues {
  /** The dependency's current value; throws when `key` is not among the measure's `dependsOn`. */
  get<T>(key: MeasureKey<T>): T;
}

/**
 * A measure whose value is a pure function of other measures' values, recomputed after every step
 * and at the end. `initial` gives its value before the first step (it sees only the header).
 */
export function derivedMeasure<T>(
  key: MeasureKey<T>,
  dependsOn: readonly MeasureKey<unknown>[],
  compute: (deps: MeasureValues) => T,
  initial: (header: EpisodeHeader) => T,
  options: { reported?: boolean } = {},
): Measure<T> {
  let current: T;
  return {
    id: key.id,
    dependsOn: dependsOn.map((d) => d.id),
    reported: options.reported ?? true,
    reset(header) {
      current = initial(header);
    },
    update(_step, deps) {
      current = compute(deps);
    },
    finish(_end, deps) {
      current = compute(deps);
    },
    value: () => current,
  };
}
