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
  /**
   * The factories in evaluation order and the graph that order was worked out from (each measure's id and
   * dependencies), once {@link instantiate} has ordered them: every episode's scorer instantiates the same
   * registry, and ordering it again each time was most of what setting up a scorer cost.
   */
  private order: { factories: MeasureFactory[]; ids: string[]; dependsOn: (readonly string[])[] } | null = null;
  /** Set by {@link freeze}: a registry shared by everything that scores episodes takes no more measures. */
  private frozen = false;

  /**
   * Adds a measure. @throws MeasureGraphError when its id is already registered; Error when the registry is
   * frozen (extend a {@link clone} instead).
   */
  register(factory: MeasureFactory): this {
    if (this.frozen) throw new Error("this measure registry is shared and frozen: register into a clone() of it, or into defaultMeasureRegistry()");
    const { id } = factory();
    if (this.factories.has(id)) throw new MeasureGraphError(`measure "${id}" is registered twice`);
    this.factories.set(id, factory);
    this.order = null;
    return this;
  }

  /** Ids in registration order. */
  ids(): string[] {
    return [...this.factories.keys()];
  }

  has(id: string): boolean {
    return this.factories.has(id);
  }

  /** Refuses any further {@link register} (a shared registry); {@link clone} gives an extensible copy. */
  freeze(): this {
    this.frozen = true;
    return this;
  }

  /** A copy that can be extended without touching this one (not frozen). */
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
    const known = this.order;
    if (known) {
      const made = known.factories.map((f) => f());
      // the order holds for instances that declare what the ordered ones did (a factory is not expected to vary)
      if (made.every((m, i) => m.id === known.ids[i] && sameIds(m.dependsOn, known.dependsOn[i]!))) return made;
    }
    const factories = [...this.factories.values()];
    const made = factories.map((f) => f());
    const factoryOf = new Map(made.map((m, i) => [m, factories[i]!]));
    const ordered = orderByDependencies(made);
    this.order = { factories: ordered.map((m) => factoryOf.get(m)!), ids: ordered.map((m) => m.id), dependsOn: ordered.map((m) => [...m.dependsOn]) };
    return ordered;
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
