import { describe, expect, it } from "vitest";
import { DEFAULT_MEASURES, defaultMeasureRegistry } from "../../../harness/metrics/builtin.ts";
import { EpisodeScorer } from "../../../harness/metrics/episode-scorer.ts";
import { derivedMeasure, measureKey, type Measure } from "../../../harness/metrics/measure.ts";
import { STEPS } from "../../../harness/metrics/measures/effort.ts";
import { SR } from "../../../harness/metrics/measures/success.ts";
import { MeasureRegistry } from "../../../harness/metrics/registry.ts";
import { MeasureGraphError, orderByDependencies } from "../../../harness/metrics/topo-order.ts";
import { episode } from "../trajectory/builders.ts";

const node = (id: string, ...dependsOn: string[]) => ({ id, dependsOn });

describe("orderByDependencies", () => {
  it("puts every node after its dependencies whatever the input order", () => {
    const order = orderByDependencies([node("sr", "done"), node("done", "goal"), node("tp", "goal"), node("goal")]).map((n) => n.id);
    expect(order).toEqual(["goal", "done", "sr", "tp"]);
  });
  it("keeps the input order among independent nodes", () => {
    expect(orderByDependencies([node("z"), node("a"), node("m")]).map((n) => n.id)).toEqual(["z", "a", "m"]);
  });
  it("names the cycle", () => {
    expect(() => orderByDependencies([node("x"), node("a", "b"), node("b", "c"), node("c", "a")])).toThrow(
      new MeasureGraphError("measures depend on each other in a cycle: a → b → c → a"),
    );
    expect(() => orderByDependencies([node("self", "self")])).toThrow(/self → self/);
  });
  it("rejects unknown dependencies and duplicate ids", () => {
    expect(() => orderByDependencies([node("a", "ghost")])).toThrow(/unknown measure "ghost"/);
    expect(() => orderByDependencies([node("a"), node("a")])).toThrow(/twice/);
  });
});

describe("MeasureRegistry and EpisodeScorer", () => {
  it("runs a custom measure after the ones it depends on and reports it after the built-ins", () => {
    const STEPS_PER_SUCCESS = measureKey<number>("stepsIfSuccess");
    const registry = defaultMeasureRegistry().register(() =>
      derivedMeasure(STEPS_PER_SUCCESS, [SR, STEPS], (d) => (d.get(SR) === 1 ? d.get(STEPS) : 0), () => 0),
    );
    const b = episode({ conditions: 1 }).act({ type: "pick", object: "obj_0" }, { satisfied: [0] }).done();
    const scorer = new EpisodeScorer(registry);
    scorer.reset(b.header);
    b.steps.forEach((s) => scorer.update(s));
    const out = scorer.finish({ reason: "done", error: null });
    expect(out.stepsIfSuccess).toBe(2);
    expect(Object.keys(out).at(-1)).toBe("stepsIfSuccess");
    expect(Object.keys(out)).not.toContain("goalStatus");
  });

  it("refuses a read of an undeclared dependency", () => {
    const sneaky: () => Measure<number> = () => derivedMeasure(measureKey<number>("sneaky"), [], (d) => d.get(SR), () => 0);
    const scorer = new EpisodeScorer(defaultMeasureRegistry().register(sneaky));
    const b = episode().done();
    scorer.reset(b.header);
    expect(() => scorer.update(b.steps[0]!)).toThrow(/sneaky" reads "SR" without declaring/);
  });

  it("orders a registry once: later instantiations make fresh measures in that order, and a registration orders again", () => {
    const registry = defaultMeasureRegistry();
    const first = registry.instantiate();
    const second = registry.instantiate();
    expect(second.map((m) => m.id)).toEqual(first.map((m) => m.id));
    expect(second.every((m, i) => m !== first[i])).toBe(true);
    const LATE = measureKey<number>("late");
    registry.register(() => derivedMeasure(LATE, [SR], (d) => d.get(SR), () => 0));
    const third = registry.instantiate().map((m) => m.id);
    expect(third).toContain("late");
    expect(third.indexOf("late")).toBeGreaterThan(third.indexOf(SR.id));
  });

  it("the shared default registry takes no more measures; its clone does, and leaves it as it was", () => {
    const LATE = measureKey<number>("late");
    const late = () => derivedMeasure(LATE, [SR], (d) => d.get(SR), () => 0);
    expect(() => DEFAULT_MEASURES.register(late)).toThrow(/frozen/);
    const mine = DEFAULT_MEASURES.clone().register(late);
    expect(mine.ids()).toEqual([...DEFAULT_MEASURES.ids(), "late"]);
    expect(DEFAULT_MEASURES.ids()).toEqual(defaultMeasureRegistry().ids());
  });

  it("orders again when a factory's measure declares other dependencies than when the registry was ordered", () => {
    const a = measureKey<number>("a");
    const b = measureKey<number>("b");
    let calls = 0;
    // registration makes one instance (for its id) and the first instantiation one: from the third on, `a` needs `b`
    const registry = new MeasureRegistry()
      .register(() => derivedMeasure(a, ++calls > 2 ? [b] : [], () => 0, () => 0))
      .register(() => derivedMeasure(b, [], () => 0, () => 0));
    expect(registry.instantiate().map((m) => m.id)).toEqual(["a", "b"]);
    expect(registry.instantiate().map((m) => m.id)).toEqual(["b", "a"]);
  });

  it("detects a cycle when the scorer is built", () => {
    const a = measureKey<number>("a");
    const b = measureKey<number>("b");
    const registry = new MeasureRegistry()
      .register(() => derivedMeasure(a, [b], () => 0, () => 0))
      .register(() => derivedMeasure(b, [a], () => 0, () => 0));
    expect(() => new EpisodeScorer(registry)).toThrow(MeasureGraphError);
    expect(() => registry.register(() => derivedMeasure(a, [], () => 0, () => 0))).toThrow(/twice/);
  });

  it("reports the EpisodeMetrics fields in their declared order", () => {
    const scorer = new EpisodeScorer(defaultMeasureRegistry());
    scorer.reset(episode().header);
    expect(Object.keys(scorer.finish({ reason: null, error: null }))).toEqual([
      "SR", "TTC", "TP", "rTP", "rTPSeedFormula", "steps", "stepsAfterCompletion", "prematureDone",
      "doneCalled", "pathLength", "conditions", "actionErrors", "usage",
    ]);
  });
});

describe("derivedMeasure instances", () => {
  const COUNT = measureKey<number>("count");
  /** A stepped measure counting updates, for derived measures to read. */
  const counter = (): Measure<number> => {
    let n = 0;
    return { id: COUNT.id, dependsOn: [], reset: () => void (n = 0), update: () => void n++, finish() {}, value: () => n };
  };
  const registryWith = (lazy: boolean) =>
    new MeasureRegistry().register(counter).register(() => derivedMeasure(measureKey<number>("double"), [COUNT], (d) => 2 * d.get(COUNT), () => -1, { lazy }));

  for (const lazy of [false, true]) {
    it(`keeps its own state in every scorer (${lazy ? "lazy" : "eager"})`, () => {
      const b = episode({ conditions: 1 }).act({ type: "pick", object: "obj_0" }, { satisfied: [] }).act({ type: "pick", object: "obj_1" }, { satisfied: [] });
      const rec = b.record();
      const one = new EpisodeScorer(registryWith(lazy));
      const two = new EpisodeScorer(registryWith(lazy));
      one.reset(rec.header);
      two.reset(rec.header);
      expect(one.get(measureKey<number>("double"))).toBe(-1);
      one.update(rec.steps[0]!);
      one.update(rec.steps[1]!);
      two.update(rec.steps[0]!);
      // each scorer's derived measure reads its own counter, computed from the latest step it was fed
      expect(one.get(measureKey<number>("double"))).toBe(4);
      expect(two.get(measureKey<number>("double"))).toBe(2);
      one.reset(rec.header);
      expect(one.get(measureKey<number>("double"))).toBe(-1);
      expect(two.finish({ reason: null, error: null }).double).toBe(2);
    });
  }
});
