import type { Measure } from "./measure.ts";
import { MeasureGraphError, orderByDependencies } from "./topo-order.ts";

/** Makes a fresh measure (measures are stateful; one instance per scorer). */
export type MeasureFactory = () => Measure<unknown>;

/**
 * The set of measures an episode is scored with. Registration order is the order reported metrics
 * appear in a results row; evaluation order comes from `dependsOn` alone.
 *
 * ```ts
 * const registry = defaultMeasureRegistry().register(() => myMeasure());
 * ```
 */
export class MeasureRegistry {
  private readonly factories = new Map<string, MeasureFactory>();

  /** Adds a measure. @throws MeasureGraphError when its id is already registered. */
  register(factory: MeasureFactory): this {
    const { id } = factory();
    if (this.factories.has(id)) throw new MeasureGraphError(`measure "${id}" is registered twice`);
    this.factories.set(id, factory);
    return this;
  }

  /** Ids in registration order. */
  ids(): string[] {
    return [...this.factories.keys()];
  }

  has(id: string): boolean {
    return this.factories.has(id);
  }

  /** A copy that can be extended without touching this one. */
  clone(): MeasureRegistry {
    const copy = new MeasureRegistry();
    for (const f of this.factories.values()) copy.register(f);
    return copy;
  }

  /**
   * Fresh instances of every measure, in an order where each comes after its dependencies.
   * @throws MeasureGraphError on a missing dependency or a dependency cycle.
   */
  instantiate(): Measure<unknown>[] {
    return orderByDependencies([...this.factories.values()].map((f) => f()));
  }
}
