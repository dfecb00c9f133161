import type { EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import { ATTACH_STEP_CLOCK, type ClockedMeasure, type EpisodeEnd, type Measure, type MeasureKey, type MeasureValues, type StepClock } from "./measure.ts";
import type { MeasureRegistry } from "./registry.ts";

/**
 * Runs a registry's measures over one episode, live (the runner feeds it steps as they happen)
 * or after the fact (rescore feeds it a trajectory file). Each measure sees only the values of
 * the measures it declared in `dependsOn`.
 */
export class EpisodeScorer {
  private readonly ordered: Measure<unknown>[];
  private readonly reportedIds: string[];
  /** `views[i]` is what `ordered[i]` may read (arrays, not a map: `update` runs on every step). */
  private readonly views: MeasureValues[];
  private readonly byId: Map<string, Measure<unknown>>;
  /** Steps fed so far: measures that keep to it (lazy derived ones) are not called on every step. */
  private readonly clock: StepClock = { steps: 0 };
  /** The measures `update` calls, dependencies first, and their views. */
  private readonly stepped: Measure<unknown>[];
  private readonly steppedViews: MeasureValues[];

  constructor(registry: MeasureRegistry) {
    this.ordered = registry.instantiate();
    this.byId = new Map(this.ordered.map((m) => [m.id, m]));
    this.reportedIds = registry.ids().filter((id) => this.byId.get(id)!.reported !== false);
    this.views = this.ordered.map((m) => this.viewFor(m));
    this.stepped = [];
    this.steppedViews = [];
    this.ordered.forEach((m, i) => {
      const attach = (m as Partial<ClockedMeasure<unknown>>)[ATTACH_STEP_CLOCK];
      if (typeof attach === "function") attach.call(m, this.clock, this.views[i]!);
      else {
        this.stepped.push(m);
        this.steppedViews.push(this.views[i]!);
      }
    });
  }

  /** Starts an episode. */
  reset(header: EpisodeHeader): void {
    for (const m of this.ordered) m.reset(header);
  }

  /** Feeds one step to every measure, dependencies first. */
  update(step: StepEvent): void {
    // the clock first: a measure that reads a clocked one below gets it computed from this step's inputs
    this.clock.steps++;
    const { stepped, steppedViews } = this;
    for (let i = 0; i < stepped.length; i++) stepped[i]!.update(step, steppedViews[i]!);
  }

  /** Ends the episode and returns the reported metrics (registration order). */
  finish(end: EpisodeEnd): Record<string, unknown> {
    this.ordered.forEach((m, i) => m.finish(end, this.views[i]!));
    return this.reported();
  }

  /** Current values of the reported measures, keyed by id. */
  reported(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const id of this.reportedIds) out[id] = this.byId.get(id)!.value();
    return out;
  }

  /** Current value of any measure, internal ones included. */
  get<T>(key: MeasureKey<T>): T {
    const m = this.byId.get(key.id);
    if (!m) throw new Error(`no measure "${key.id}" in this scorer`);
    return m.value() as T;
  }

  private viewFor(measure: Measure<unknown>): MeasureValues {
    // the declared dependencies themselves (instantiate() refused any that is missing): one lookup a read
    const allowed = new Map(measure.dependsOn.map((id) => [id, this.byId.get(id)!]));
    return {
      get: <T>(key: MeasureKey<T>): T => {
        const dep = allowed.get(key.id);
        if (!dep) throw new Error(`measure "${measure.id}" reads "${key.id}" without declaring it in dependsOn`);
        return dep.value() as T;
      },
    };
  }
}
