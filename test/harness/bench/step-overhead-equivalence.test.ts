/**
 * Issue 9, the fixed cost of a step: the bookkeeping every action pays (change digests, snapshots, goal
 * re-checks, scoring, the step line) was made cheaper, never different. These properties hold each faster
 * piece to the plain code it replaced, kept here as the reference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestChanges, fnvNumber, fnvText } from "../../../sim/change-digest.ts";
import { defaultMeasureRegistry } from "../../../harness/metrics/builtin.ts";
import { EpisodeScorer } from "../../../harness/metrics/episode-scorer.ts";
import { derivedMeasure, measureKey, type EpisodeEnd, type Measure, type MeasureValues } from "../../../harness/metrics/measure.ts";
import { observedMeasure } from "../../../harness/metrics/measures/observation.ts";
import { MeasureRegistry } from "../../../harness/metrics/registry.ts";
import type { EpisodeHeader, StepEvent } from "../../../harness/trajectory/events.ts";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { hashString } from "../../../sim/rng.ts";
import type { World } from "../../../sim/world/world.ts";

/** round6 as the digests always used it. */
function round6(x: number): number {
  const r = Math.round(x * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}

/** The digests as they were computed: a template string per object, hashed. */
function referenceDigestChanges(world: World, ids: Set<string>): Record<string, string> {
  const statesText = (states: Readonly<Record<string, boolean | undefined>>): string => {
    const on: string[] = [];
    for (const k in states) if (Object.hasOwn(states, k) && states[k]) on.push(k);
    return on.length > 1 ? on.sort().join(",") : (on[0] ?? "");
  };
  const out: Record<string, string> = {};
  if (ids.size === 0) return out;
  for (const id of ids.size === 1 ? ids : [...ids].sort()) {
    if (id === "agent") {
      const a = world.agent;
      out[id] = hashString(`${a.room}|${round6(a.position.x)}|${round6(a.position.y)}|${a.holding}`).toString(16);
      continue;
    }
    const o = world.objects.get(id);
    if (!o) continue;
    const b = o.box;
    out[id] = hashString(`${o.room}|${round6(b.center.x)}|${round6(b.center.y)}|${round6(b.center.z)}|${round6(b.heading)}|${statesText(o.states)}|${o.held}`).toString(16);
  }
  return out;
}

/** Numbers as poses hold them, and the awkward ones: halves at the 6th decimal, tiny, huge, non-finite. */
const anyNumber = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: -50, max: 50, noNaN: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -2_000_000, max: 2_000_000 }).map((k) => k / 1e6) },
  { weight: 2, arbitrary: fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((k) => (k + 0.5) / 1e6) },
  { weight: 1, arbitrary: fc.integer({ min: -9, max: 9 }).map((k) => k * 5e-7) },
  { weight: 2, arbitrary: fc.double({ noNaN: false }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e-7, -1e-7, 5e-7, 4.999999e-7, 1e9 + 0.5, 999999999.9999995, 1e15 / 1e6, 9.99999999e14, 1e21, -1e21, 123456789.123456, Number.MAX_SAFE_INTEGER / 1e6, 2 ** 53, 0.1 + 0.2, 1 / 3) },
);

describe("change digests hashed field by field = the template string they replaced", () => {
  it("a number's hash continues FNV-1a over String(round6(x)), for any double", () => {
    fc.assert(
      fc.property(anyNumber, fc.integer(), (x, seed) => {
        const h = seed | 0;
        expect(fnvNumber(h, x) >>> 0).toBe(fnvText(h, String(round6(x))) >>> 0);
        expect(fnvText(0x811c9dc5, `a|${round6(x)}`) >>> 0).toBe(hashString(`a|${round6(x)}`));
      }),
      { numRuns: 5000 },
    );
  });

  const stateName = fc.constantFrom("open", "toggled_on", "cooked", "dusty", "stained", "sliced", "frozen", "soaked");
  const objectArb = fc.record({
    id: fc.constantFrom("apple_1", "b", "cabinet_12", "z_9", "Étagère", "agent_x"),
    room: fc.oneof(fc.constantFrom("kitchen", "living_room", "bathroom_0"), fc.string({ maxLength: 6 })),
    x: anyNumber,
    y: anyNumber,
    z: anyNumber,
    heading: anyNumber,
    states: fc.dictionary(stateName, fc.oneof(fc.boolean(), fc.constant(undefined)), { maxKeys: 5 }),
    held: fc.boolean(),
  });

  it("digests of objects and the agent, in id order, = the reference for any poses, rooms and states", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(objectArb, { selector: (o) => o.id, maxLength: 5 }),
        fc.record({ room: fc.constantFrom("kitchen", "hall"), x: anyNumber, y: anyNumber, holding: fc.option(fc.constantFrom("apple_1", "mug"), { nil: null }) }),
        fc.subarray(["agent", "apple_1", "b", "cabinet_12", "z_9", "Étagère", "agent_x", "missing"]),
        (objects, agent, ids) => {
          const world = {
            agent: { room: agent.room, position: { x: agent.x, y: agent.y }, holding: agent.holding },
            objects: new Map(objects.map((o) => [o.id, { id: o.id, room: o.room, held: o.held, states: o.states, box: { center: { x: o.x, y: o.y, z: o.z }, heading: o.heading } }])),
          } as unknown as World;
          const set = new Set(ids);
          const got = digestChanges(world, [...set]);
          const want = referenceDigestChanges(world, set);
          expect(got).toEqual(want);
          expect(Object.keys(got)).toEqual(Object.keys(want));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("the live scorer with lazy derived metrics = every measure computed after every step", () => {
  /**
   * The scorer as it was: every measure updated and computed on every step, dependencies first. Each
   * built-in measure is wrapped so that the scorer cannot attach its step clock and its value is computed
   * right after its update, as the eager derived measures did.
   */
  const referenceRegistry = (): MeasureRegistry => {
    const reference = new MeasureRegistry();
    const registry = defaultMeasureRegistry() as unknown as { factories: Map<string, () => Measure<unknown>> };
    for (const factory of registry.factories.values()) {
      reference.register(() => {
        const m = factory();
        return {
          id: m.id,
          dependsOn: m.dependsOn,
          reported: m.reported,
          reset: (h) => m.reset(h),
          update: (s, d) => {
            m.update(s, d);
            m.value();
          },
          finish: (e, d) => m.finish(e, d),
          value: () => m.value(),
        };
      });
    }
    return reference;
  };

  const objectIds = ["a", "b", "c", "d", "agent"];
  const stepArb = (conditions: number) =>
    fc.record({
      type: fc.constantFrom("done", "pick", "navigate", "place", "explore", "invalid"),
      error: fc.option(fc.constantFrom("parse", "hallucination", "affordance", "additional_step", "wrong_order"), { nil: null }),
      satisfied: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, conditions - 1) }), { maxLength: conditions }).map((s) => s.sort((x, y) => x - y)),
      observed: fc.subarray(objectIds),
      distance: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20, noNaN: true })),
      llm: fc.option(fc.dictionary(fc.constantFrom("calls", "promptTokens", "retries"), fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constant("x"))), { nil: undefined }),
    });
  const episodeArb = fc.integer({ min: 0, max: 4 }).chain((n) =>
    fc.record({
      conditions: fc.array(fc.subarray(objectIds, { minLength: 0, maxLength: 3 }), { minLength: n, maxLength: n }),
      initiallySatisfied: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, n - 1) }), { maxLength: n }).map((s) => s.sort((x, y) => x - y)),
      initiallyObserved: fc.subarray(objectIds),
      steps: fc.array(stepArb(n), { maxLength: 12 }),
      reason: fc.constantFrom("done", "budget", "agent_error", null),
      readEvery: fc.integer({ min: 1, max: 4 }),
    }),
  );

  it("reports the same metrics after any step and at the end, for any episode", () => {
    fc.assert(
      fc.property(episodeArb, (e) => {
        const header = {
          type: "episode",
          conditions: e.conditions.map((o, i) => ({ text: `(c${i})`, objects: o })),
          initiallySatisfied: e.conditions.length ? e.initiallySatisfied : [],
          initiallyObserved: e.initiallyObserved,
        } as unknown as EpisodeHeader;
        const live = new EpisodeScorer(defaultMeasureRegistry());
        const reference = new EpisodeScorer(referenceRegistry());
        live.reset(header);
        reference.reset(header);
        expect(live.reported()).toEqual(reference.reported());
        e.steps.forEach((s, t) => {
          const step = {
            type: "step",
            t: t + 1,
            action: s.type === "invalid" ? { type: "invalid", raw: 3 } : { type: s.type },
            feedback: { ok: s.error === null, error: s.error, message: "m" },
            satisfied: e.conditions.length ? s.satisfied : [],
            observed: s.observed,
            agent: { room: "r", position: { x: 0, y: 0 }, holding: null },
            distance: s.distance,
            changed: {},
            ...(s.llm ? { info: { llm: s.llm } } : {}),
          } as unknown as StepEvent;
          live.update(step);
          reference.update(step);
          // reading in between (a live progress view) or not must not matter
          if (t % e.readEvery === 0) expect(live.reported()).toEqual(reference.reported());
        });
        const end = { reason: e.reason, error: e.reason === "agent_error" ? { category: "agent_error", message: "x" } : null } as EpisodeEnd;
        expect(JSON.stringify(live.finish(end))).toBe(JSON.stringify(reference.finish(end)));
        expect(live.reported()).toEqual(reference.reported());
      }),
      { numRuns: 500 },
    );
  });

  it("a lazy derived measure fed by hand (no scorer) computes from the latest step, like an eager one", () => {
    const KEY = measureKey<number>("x");
    const lazy = derivedMeasure(KEY, [], (d) => (d as unknown as { n: number }).n * 2, () => -1, { lazy: true });
    const eager = derivedMeasure(KEY, [], (d) => (d as unknown as { n: number }).n * 2, () => -1);
    for (const m of [lazy, eager]) m.reset({} as EpisodeHeader);
    expect(lazy.value()).toBe(eager.value());
    for (const n of [1, 5, 9]) {
      for (const m of [lazy, eager]) m.update({} as StepEvent, { n } as unknown as MeasureValues);
      if (n !== 5) expect(lazy.value()).toBe(eager.value());
    }
    expect(lazy.value()).toBe(18);
  });
});

describe("the observation's rooms, rebuilt from fixed parts taken once = rebuilt from the world each time", () => {
  it("lists every room with its sorted doors and explored flag, as fresh objects at each rebuild", () => {
    const house = generateHouse(150, 4);
    const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed: 4, maxSteps: 400 });
    const agent = new BenchAgent();
    const first = env.reset(4);
    agent.reset({ id: "t", instruction: "", seed: 4 }, first.observation, { conditions: [], task: null, world: env.world });
    const reference = () =>
      [...env.world.rooms.values()].map((r) => ({ id: r.id, type: r.type, outdoor: r.outdoor, neighbors: env.world.graph.neighbors(r.id), explored: env.observer.explored.has(r.id) }));
    let obs = first.observation;
    let rebuilds = 0;
    for (let t = 0; t < 300; t++) {
      expect(JSON.stringify(obs.rooms)).toBe(JSON.stringify(reference()));
      const r = env.step(agent.act(obs));
      if (r.observation.rooms !== obs.rooms) {
        rebuilds++;
        // an agent that edits a list it was given cannot reach into a later one
        r.observation.rooms.forEach((room, i) => {
          expect(room).not.toBe(obs.rooms[i]);
          expect(room.neighbors).not.toBe(obs.rooms[i]!.neighbors);
        });
      }
      obs = r.observation;
      if (r.terminated || r.truncated) break;
    }
    expect(rebuilds).toBeGreaterThan(0); // rooms were explored: the lists were rebuilt
  });
});

describe("observed conditions counted down per object = every condition checked again on each observation", () => {
  /** The measure as it was: after a step that observes something, every condition not yet observed is checked. */
  const referenceObserved = () => {
    let conditions: readonly { objects: string[] }[] = [];
    let objects = new Set<string>();
    let observed = new Set<number>();
    const refresh = () => {
      conditions.forEach((c, i) => {
        if (!observed.has(i) && c.objects.every((o) => objects.has(o))) observed.add(i);
      });
    };
    return {
      reset(header: { conditions: { objects: string[] }[]; initiallyObserved: string[] }) {
        conditions = header.conditions;
        objects = new Set(header.initiallyObserved);
        observed = new Set();
        refresh();
      },
      update(step: { observed: string[] }) {
        if (step.observed.length === 0) return;
        for (const o of step.observed) objects.add(o);
        refresh();
      },
      value: () => ({ objects, conditions: observed }),
    };
  };
  const ids = fc.constantFrom("a", "b", "c", "d", "e", "agent");

  it("the same objects and observed conditions, in the same order, after every step", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(ids, { maxLength: 4 }), { maxLength: 6 }),
        fc.array(ids, { maxLength: 3 }),
        fc.array(fc.array(ids, { maxLength: 4 }), { maxLength: 10 }),
        (conditionObjects, initiallyObserved, steps) => {
          const header = { conditions: conditionObjects.map((objects, i) => ({ text: `c${i}`, objects })), initiallyObserved } as unknown as EpisodeHeader;
          const live = observedMeasure();
          const reference = referenceObserved();
          live.reset(header);
          reference.reset(header as unknown as Parameters<typeof reference.reset>[0]);
          const same = () => {
            const a = live.value();
            const b = reference.value();
            expect([...a.objects]).toEqual([...b.objects]);
            expect([...a.conditions]).toEqual([...b.conditions]);
          };
          same();
          for (const observed of steps) {
            live.update({ observed } as unknown as StepEvent, undefined as unknown as MeasureValues);
            reference.update({ observed });
            same();
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
