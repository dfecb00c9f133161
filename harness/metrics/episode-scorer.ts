import type { EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import type { EpisodeEnd, Measure, MeasureKey, MeasureValues } from "./measure.ts";
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

  constructor(registry: MeasureRegistry) {
    this.ordered = registry.instantiate();
    this.byId = new Map(this.ordered.map((m) => [m.id, m]));
    this.reportedIds = registry.ids().filter((id) => this.byId.get(id)!.reported !== false);
    this.views = this.ordered.map((m) => this.viewFor(m));
  }

  /** Starts an episode. */
  reset(header: EpisodeHeader): void {
    for (const m of this.ordered) m.reset(header);
  }

  /** Feeds one step to every measure, dependencies first. */
  update(step: StepEvent): void {
    const { ordered, views } = this;
    for (let i = 0; i < ordered.length; i++) ordered[i]!.update(step, views[i]!);
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
