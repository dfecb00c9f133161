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
  /** The end line's `info`: what the agent reported for an act that failed (it made no step). */
  info?: Record<string, unknown>;
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
 * What a scorer hands a measure that need not be called on every step (a lazy {@link derivedMeasure}): the
 * scorer's count of steps fed so far and the measure's view of its dependencies. The scorer then skips the
 * measure's `update`; the measure compares the count with the one it last computed at.
 */
export interface StepClock {
  steps: number;
}

/** Key of the hook by which a scorer attaches its {@link StepClock} to a measure that supports it. */
export const ATTACH_STEP_CLOCK = Symbol("attach step clock");

/** A measure a scorer may attach its step clock to instead of calling `update` on every step. */
export interface ClockedMeasure<T> extends Measure<T> {
  [ATTACH_STEP_CLOCK](clock: StepClock, deps: MeasureValues): void;
}

/** The options of a lazy {@link derivedMeasure} that is a reported metric (the built-in ones). */
export const LAZY_DERIVED: { reported?: boolean; lazy?: boolean } = Object.freeze({ lazy: true });

/**
 * A measure whose value is a pure function of other measures' values, recomputed after every step
 * and at the end. `initial` gives its value before the first step (it sees only the header).
 *
 * With `lazy`, "recomputed after every step" happens when the value is read (by a dependant, by the
 * scorer at the end, or by a caller in between) rather than on every step: a scorer feeds every measure
 * the same step in one pass, so a read always sees the inputs as they were after the latest step and gets
 * the same value, and the many values nobody reads mid-episode are never computed. Only for a `compute`
 * that cannot fail: an error (such as reading an undeclared dependency) would surface at the read, not at
 * the step that caused it. The built-in metrics are lazy.
 */
export function derivedMeasure<T>(
  key: MeasureKey<T>,
  dependsOn: readonly MeasureKey<unknown>[],
  compute: (deps: MeasureValues) => T,
  initial: (header: EpisodeHeader) => T,
  options: { reported?: boolean; lazy?: boolean } = {},
): Measure<T> {
  const ids = dependsOn.map((d) => d.id);
  const reported = options.reported ?? true;
  return options.lazy ? new LazyDerivedMeasure(key.id, ids, reported, compute, initial) : new EagerDerivedMeasure(key.id, ids, reported, compute, initial);
}

/*
 * Classes rather than object literals of closures: every scorer makes its measures afresh (one scorer an
 * episode), and a literal that spreads shared fields and adds methods, one of them under a computed symbol
 * key, took V8's slow path for every property (about 5 µs a measure, most of a scorer's construction).
 */

/** What both kinds of {@link derivedMeasure} are made of: the measure's identity, its function and its value. */
abstract class DerivedMeasureBase<T> {
  protected current!: T;

  constructor(
    readonly id: string,
    readonly dependsOn: readonly string[],
    readonly reported: boolean,
    protected readonly compute: (deps: MeasureValues) => T,
    protected readonly initial: (header: EpisodeHeader) => T,
  ) {}
}

/** A {@link derivedMeasure} recomputed on every step. */
class EagerDerivedMeasure<T> extends DerivedMeasureBase<T> implements Measure<T> {
  reset(header: EpisodeHeader): void {
    this.current = this.initial(header);
  }

  update(_step: StepEvent, deps: MeasureValues): void {
    this.current = this.compute(deps);
  }

  finish(_end: EpisodeEnd, deps: MeasureValues): void {
    this.current = this.compute(deps);
  }

  value(): T {
    return this.current;
  }
}

/** A lazy {@link derivedMeasure}: computed when read, from the inputs of the latest step. */
class LazyDerivedMeasure<T> extends DerivedMeasureBase<T> implements ClockedMeasure<T> {
  /** Fed by `update` (no scorer clock): the inputs of the last step not yet computed from, else null. */
  private stale: MeasureValues | null = null;
  /** Attached to a scorer: its clock, its view, and the clock's count when `current` was computed. */
  private clock: StepClock | null = null;
  private view: MeasureValues | null = null;
  private computedAt = 0;

  reset(header: EpisodeHeader): void {
    this.stale = null;
    if (this.clock) this.computedAt = this.clock.steps;
    this.current = this.initial(header);
  }

  update(_step: StepEvent, deps: MeasureValues): void {
    this.stale = deps;
  }

  finish(_end: EpisodeEnd, deps: MeasureValues): void {
    this.stale = null;
    if (this.clock) this.computedAt = this.clock.steps;
    this.current = this.compute(deps);
  }

  value(): T {
    if (this.stale !== null) {
      const deps = this.stale;
      this.stale = null;
      this.current = this.compute(deps);
    } else if (this.clock !== null && this.computedAt !== this.clock.steps) {
      this.computedAt = this.clock.steps;
      this.current = this.compute(this.view!);
    }
    return this.current;
  }

  [ATTACH_STEP_CLOCK](clock: StepClock, deps: MeasureValues): void {
    this.clock = clock;
    this.view = deps;
    this.computedAt = clock.steps;
  }
}
