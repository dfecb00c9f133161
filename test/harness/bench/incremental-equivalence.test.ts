/**
 * The speed work of issue 9 changed how the simulator computes things, never what it computes. These
 * properties hold the faster code to the plain versions it replaced.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { houseJob } from "../../../harness/bench/house-stepping.ts";
import { describeThrown, RECORD_LIMITS, recordable, type RecordLimits } from "../../../harness/trajectory/recordable.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { parseAction } from "../../../sim/action-text.ts";
import { actionFields, wellFormedAction } from "../../../sim/action-shape.ts";
import { ACTION_TYPES, ActionSchema, ActionSchemas } from "../../../sim/actions.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { hashString } from "../../../sim/rng.ts";
import type { Observation } from "../../../sim/observation.ts";
import type { RoomSpec } from "../../../sim/scene/schema.ts";
import { RoomGraph, dist, type Point2 } from "../../../sim/world/navigation.ts";
import { distanceToFootprint } from "../../../sim/world/reach.ts";
import { Observer } from "../../../sim/world/observer.ts";
import type { World } from "../../../sim/world/world.ts";

/** The path search as it was: door nodes rebuilt per query, O(n²) Dijkstra, ties to the smaller key. */
function referencePath(rooms: RoomSpec[], fromRoom: string, from: Point2, toRoom: string, to: Point2): { length: number; waypoints: Point2[] } | null {
  if (fromRoom === toRoom) return { length: dist(from, to), waypoints: [to] };
  const graph = new RoomGraph(rooms);
  const doors = (graph as unknown as { doors: Map<string, Map<string, Point2>> }).doors;
  type Node = { key: string; p: Point2; room: string[] };
  const nodes = new Map<string, Node>();
  for (const [a, m] of doors) {
    for (const [b, p] of m) {
      const key = a < b ? `${a}|${b}` : `${b}|${a}`;
      if (!nodes.has(key)) nodes.set(key, { key, p, room: [a, b] });
    }
  }
  const best = new Map<string, number>([["start", 0]]);
  const prev = new Map<string, string>();
  const done = new Set<string>();
  const pointOf = (k: string) => (k === "start" ? from : k === "end" ? to : nodes.get(k)!.p);
  const roomsOf = (k: string) => (k === "start" ? [fromRoom] : k === "end" ? [toRoom] : nodes.get(k)!.room);
  for (;;) {
    let cur: string | null = null;
    let curD = Infinity;
    for (const [k, d] of best) if (!done.has(k) && (d < curD || (d === curD && cur !== null && k < cur))) [cur, curD] = [k, d];
    if (cur === null) return null;
    if (cur === "end") break;
    done.add(cur);
    const rs = roomsOf(cur);
    const candidates = [...nodes.values()].filter((n) => n.room.some((r) => rs.includes(r))).map((n) => n.key);
    if (rs.includes(toRoom)) candidates.push("end");
    for (const k of candidates) {
      if (done.has(k)) continue;
      const d = curD + dist(pointOf(cur), pointOf(k));
      if (d < (best.get(k) ?? Infinity)) {
        best.set(k, d);
        prev.set(k, cur);
      }
    }
  }
  const waypoints: Point2[] = [];
  for (let k: string | undefined = "end"; k && k !== "start"; k = prev.get(k)) waypoints.unshift(pointOf(k));
  return { length: best.get("end")!, waypoints };
}

/** A grid of equal rooms with a random subset of the doors between neighbours (ties between routes abound). */
const gridHouse = fc
  .record({ columns: fc.integer({ min: 1, max: 5 }), rows: fc.integer({ min: 1, max: 5 }), doorBits: fc.array(fc.boolean(), { minLength: 50, maxLength: 50 }) })
  .map(({ columns, rows, doorBits }) => {
    const rooms: RoomSpec[] = [];
    let bit = 0;
    for (let r = 0; r < columns * rows; r++) {
      const [cx, cy] = [r % columns, Math.floor(r / columns)];
      const doors: { to: string }[] = [];
      if (cx + 1 < columns && doorBits[bit++ % 50]) doors.push({ to: `r${r + 1}` });
      if (cy + 1 < rows && doorBits[bit++ % 50]) doors.push({ to: `r${r + columns}` });
      rooms.push({ id: `r${r}`, type: "room", outdoor: false, footprint: { min: { x: cx * 4, y: cy * 4 }, max: { x: cx * 4 + 4, y: cy * 4 + 4 } }, doors });
    }
    return rooms;
  });

describe("incremental simulator = the plain one it replaced", () => {
  it("the heap path search finds the same length and waypoints as the O(n²) search", () => {
    fc.assert(
      fc.property(gridHouse, fc.nat(), fc.nat(), fc.double({ min: 0.1, max: 3.9, noNaN: true }), fc.double({ min: 0.1, max: 3.9, noNaN: true }), (rooms, i, j, u, v) => {
        const a = rooms[i % rooms.length]!;
        const b = rooms[j % rooms.length]!;
        const from = { x: a.footprint.min.x + u, y: a.footprint.min.y + v };
        const to = { x: b.footprint.min.x + v, y: b.footprint.min.y + u };
        expect(new RoomGraph(rooms).path(a.id, from, b.id, to)).toEqual(referencePath(rooms, a.id, from, b.id, to));
      }),
      { numRuns: 300 },
    );
  });

  it("one graph answering many queries in a row (its search arrays reused) = the O(n²) search, unreachable rooms included", () => {
    fc.assert(
      fc.property(gridHouse, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 0.1, max: 3.9, noNaN: true })), { minLength: 1, maxLength: 12 }), (rooms, queries) => {
        const graph = new RoomGraph(rooms);
        for (const [i, j, u] of queries) {
          const a = rooms[i % rooms.length]!;
          const b = rooms[j % rooms.length]!;
          const from = { x: a.footprint.min.x + u, y: a.footprint.min.y + 4 - u };
          const to = { x: b.footprint.min.x + 4 - u, y: b.footprint.min.y + u };
          expect(graph.path(a.id, from, b.id, to)).toEqual(referencePath(rooms, a.id, from, b.id, to));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("room scans through the per-room lists see what a scan of every object sees, in the same order", async () => {
    const job = houseJob(300, 120, 5);
    const env = new RearrangeEnv({ scene: job.scene.scene, task: job.task, seed: 5, maxSteps: 120 });
    const agent = new BenchAgent();
    const first = env.reset(5);
    await agent.reset({ id: "t", instruction: "", seed: 5 }, first.observation, { conditions: [], task: null, world: env.world });
    let obs = first.observation;
    for (let t = 0; t < 120; t++) {
      const world = env.world;
      for (const room of world.rooms.keys()) {
        const scanned = [...world.objects.values()].filter((o) => o.room === room).map((o) => o.id);
        expect(world.objectsInRoom(room).map((o) => o.id)).toEqual(scanned);
      }
      const here = world.agent.room;
      const near = [...world.objects.values()].filter((o) => o.room === here && !o.held && distanceToFootprint(world.agent.position, o.box) <= 1.5);
      expect(near.every((o) => world.objectsInRoom(here).includes(o))).toBe(true);
      const r = env.step(agent.act(obs));
      obs = r.observation;
    }
  });

  it("an observation read long after its step shows that step: the same as one read at once", () => {
    const run = (readAtOnce: boolean) => {
      const house = generateHouse(150, 6);
      const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed: 6, maxSteps: 200 });
      const agent = new BenchAgent();
      const first = env.reset(6);
      agent.reset({ id: "t", instruction: "", seed: 6 }, first.observation, { conditions: [], task: null, world: env.world });
      const seen: Observation[] = [first.observation];
      const texts: string[] = [];
      let obs = first.observation;
      for (let t = 0; t < 80; t++) {
        obs = env.step(agent.act(obs)).observation;
        seen.push(obs);
        if (readAtOnce) texts.push(JSON.stringify(obs));
      }
      return readAtOnce ? texts : seen.slice(1).map((o) => JSON.stringify(o));
    };
    const late = run(false);
    const atOnce = run(true);
    expect(late).toEqual(atOnce);
    // the record lists every object observed so far, in id order, and the text mentions the new ones
    const last = JSON.parse(late.at(-1)!) as Observation;
    const ids = Object.keys(last.objects);
    expect(ids).toEqual([...ids].sort());
    expect(typeof last.text).toBe("string");
  });

  it("reading `objects` twice gives the same record, and a step that changes nothing reuses it", () => {
    const house = generateHouse(100, 2);
    const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed: 2, maxSteps: 10 });
    const { observation } = env.reset(2);
    expect(observation.objects).toBe(observation.objects);
    const again = env.step({ type: "navigate", target: env.world.agent.room }).observation; // fails: already there
    expect(again.objects).toBe(observation.objects);
    expect(again.text).not.toBe(observation.text); // the step count and the failure are new
  });
});

describe("the step path's quick paths = the plain code they stand in for", () => {
  const FIELD_NAMES = ["type", "target", "room", "object", "relation", "tool", "extra", "__proto__", "constructor"];
  const value = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("apple_1", "kitchen", "x", "ontop", "inside", "nextto", "under", "over") },
    { weight: 1, arbitrary: fc.constantFrom("", undefined, null, 3, true, {}, ["a"]) },
  );
  /** Objects near to actions: real types and field names, with wrong, missing and extra fields. */
  const nearAction = fc
    .record({
      type: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ACTION_TYPES) }, { weight: 1, arbitrary: fc.constantFrom("fly", "constructor", "__proto__", 7, undefined) }),
      fields: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES.slice(1)), value), { maxLength: 4 }),
      shape: fc.constantFrom("plain", "plain", "plain", "null-proto", "class", "proxy", "symbol-key", "hidden-field"),
      typeLast: fc.boolean(),
    })
    .map(({ type, fields, shape, typeLast }) => {
      const entries: [string, unknown][] = [...(typeLast ? [] : [["type", type] as [string, unknown]]), ...fields, ...(typeLast ? [["type", type] as [string, unknown]] : [])];
      const o: Record<string, unknown> = shape === "null-proto" ? Object.create(null) : shape === "class" ? new (class Action {})() : {};
      for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      if (shape === "symbol-key") (o as Record<symbol, unknown>)[Symbol("s")] = 1;
      if (shape === "hidden-field") Object.defineProperty(o, "object", { value: "apple_1", enumerable: false });
      return shape === "proxy" ? new Proxy(o, {}) : o;
    });
  /** Every well-formed action, fields in any order. */
  const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
  const validAction = fc.constantFrom(...ACTION_TYPES).chain((type) =>
    fc.record({ object: id, target: id, room: id, tool: fc.option(id, { nil: undefined }), relation: fc.constantFrom("ontop", "inside", "nextto", "under"), order: fc.boolean() }).map((f) => {
      const names = actionFields()[type]!.map((x) => x.name).filter((n) => n !== "tool" || f.tool !== undefined);
      const o: Record<string, string> = f.order ? { type } : {};
      for (const n of f.order ? names : [...names].reverse()) o[n] = (f as unknown as Record<string, string>)[n]!;
      if (!f.order) o.type = type;
      return o;
    }),
  );
  /** The parse as it was: the zod schema alone. */
  const zodParse = (raw: unknown) => {
    const r = ActionSchema.safeParse(raw);
    return r.success ? { success: true, data: r.data } : { success: false };
  };
  const sameParse = (raw: unknown) => {
    const got = parseAction(raw);
    const want = zodParse(raw);
    expect(got.success).toBe(want.success);
    if (got.success && want.success) {
      expect(got.data).toEqual(want.data);
      // the trajectory records the action as JSON: key order matters
      expect(JSON.stringify(got.data)).toBe(JSON.stringify(want.data));
    }
  };

  it("the quick action check knows the same fields, in the same order, as the zod schemas", () => {
    const fields = actionFields();
    expect(Object.keys(fields).sort()).toEqual([...ACTION_TYPES].sort());
    for (const t of ACTION_TYPES) {
      const shape = ActionSchemas[t].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      expect(fields[t]!.map((f) => f.name), t).toEqual(Object.keys(shape).filter((k) => k !== "type"));
      for (const f of fields[t]!) {
        expect(shape[f.name]!.safeParse(undefined).success, `${t}.${f.name} optional`).toBe(f.optional);
        expect(shape[f.name]!.safeParse("").success, `${t}.${f.name} empty`).toBe(false);
        expect(shape[f.name]!.safeParse(f.name === "relation" ? "inside" : "a").success, `${t}.${f.name} string`).toBe(true);
      }
    }
  });

  it("parseAction with the quick check = the zod schema alone, on well-formed actions (which take the quick path) and near-misses", () => {
    fc.assert(
      fc.property(validAction, (a) => {
        expect(wellFormedAction(a)).not.toBeNull();
        sameParse(a);
      }),
      { numRuns: 500 },
    );
    fc.assert(fc.property(nearAction, (a) => sameParse(a)), { numRuns: 3000 });
    fc.assert(fc.property(fc.anything(), (a) => sameParse(a)), { numRuns: 500 });
  });
});

/** recordable() as it was: closures made on every call, a Set of ancestors, every key defined with defineProperty. */
function referenceRecordable(value: unknown, limits: RecordLimits = RECORD_LIMITS): unknown {
  class TooLarge extends Error {}
  let budget = limits.totalLength;
  const spend = (n: number) => {
    budget -= n;
    if (budget < 0) throw new TooLarge();
  };
  const ancestors = new Set<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v === "boolean") return spend(5), v;
    if (typeof v === "number") return spend(24), Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    if (typeof v === "bigint") return spend(24), { $bigint: String(v) };
    if (typeof v === "string") {
      const kept = v.length > limits.stringLength ? `${v.slice(0, limits.stringLength)}… [${v.length - limits.stringLength} more characters]` : v;
      spend(kept.length + 2);
      return kept;
    }
    if (typeof v !== "object") return undefined;
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return walk(toJSON.call(v), depth + 1);
    if (ancestors.has(v)) return spend(16), { $circular: true };
    if (depth >= limits.depth) return spend(24), { $nestedTooDeep: true };
    ancestors.add(v);
    try {
      if (Array.isArray(v)) {
        const n = Math.min(v.length, limits.items);
        const out: unknown[] = [];
        for (let i = 0; i < n; i++) {
          const item = walk(v[i], depth + 1);
          out.push(item === undefined ? null : item);
          spend(1);
        }
        if (v.length > n) out.push({ $moreItems: v.length - n });
        return out;
      }
      const out: Record<string, unknown> = {};
      const keys = Object.keys(v);
      for (const key of keys.slice(0, limits.items)) {
        const item = walk((v as Record<string, unknown>)[key], depth + 1);
        if (item === undefined) continue;
        spend(key.length + 4);
        Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      }
      if (keys.length > limits.items) out.$moreKeys = keys.length - limits.items;
      return out;
    } finally {
      ancestors.delete(v);
    }
  };
  try {
    const copy = walk(value, 0);
    return copy === undefined ? null : copy;
  } catch (err) {
    if (err instanceof TooLarge) return { $tooLarge: `more than ${limits.totalLength} characters as JSON` };
    return { $unreadable: describeThrown(err, 200) };
  }
}

describe("recordable() = the closure-based walk it replaced", () => {
  /** Equal as values, as JSON text (key order) and in which objects own a `__proto__` key. */
  const same = (a: unknown, b: unknown) => {
    expect(a).toStrictEqual(b);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  };
  const limits = fc.record({ depth: fc.integer({ min: 0, max: 6 }), stringLength: fc.integer({ min: 0, max: 12 }), items: fc.integer({ min: 0, max: 5 }), totalLength: fc.integer({ min: 0, max: 400 }) });
  const value = fc.anything({ withBigInt: true, withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withDate: true, maxDepth: 5 });

  it("gives the same copy of arbitrary values, with the default limits and with tight ones", () => {
    fc.assert(fc.property(value, (v) => same(recordable(v), referenceRecordable(v))), { numRuns: 1000 });
    fc.assert(fc.property(value, limits, (v, l) => same(recordable(v, l), referenceRecordable(v, l))), { numRuns: 1000 });
  });

  it("… and of cycles, shared (non-cyclic) objects, __proto__ keys, toJSON, throwing getters and Proxies", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const shared = { s: 1 };
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error("no keys"); } });
    const getter = Object.defineProperty({}, "x", { enumerable: true, get: () => { throw new Error("no x"); } });
    const cases: unknown[] = [
      cyclic,
      [shared, shared, { shared }],
      JSON.parse('{"__proto__": {"polluted": true}, "type": "pick", "object": "a"}'),
      { toJSON: () => ({ type: "done" }) },
      hostile,
      getter,
      { type: "place", object: "a", relation: "inside", target: "b" },
      undefined,
      [undefined, () => 1, Symbol("s")],
    ];
    for (const c of cases) same(recordable(c), referenceRecordable(c));
    same(Object.getPrototypeOf(recordable(cases[2])), Object.prototype);
  });
});

describe("the step's own bookkeeping = the plain code it replaced", () => {
  /** A step's digest as it was computed: entries, filter, map, sort over the states. */
  const referenceDigest = (env: RearrangeEnv, id: string): string => {
    const round6 = (x: number) => {
      const r = Math.round(x * 1e6) / 1e6;
      return r === 0 ? 0 : r;
    };
    if (id === "agent") {
      const a = env.world.agent;
      return hashString(`${a.room}|${round6(a.position.x)}|${round6(a.position.y)}|${a.holding}`).toString(16);
    }
    const o = env.world.objects.get(id)!;
    const b = o.box;
    const states = Object.entries(o.states).filter(([, v]) => v).map(([k]) => k).sort().join(",");
    return hashString(`${o.room}|${round6(b.center.x)}|${round6(b.center.y)}|${round6(b.center.z)}|${round6(b.heading)}|${states}|${o.held}`).toString(16);
  };

  it("digests of changed objects, sorted by id, and observations with own enumerable lazy `objects`, `updates` and `text`", () => {
    const house = generateHouse(200, 11);
    const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed: 11, maxSteps: 300 });
    const agent = new BenchAgent();
    const first = env.reset(11);
    agent.reset({ id: "t", instruction: "", seed: 11 }, first.observation, { conditions: [], task: null, world: env.world });
    let obs = first.observation;
    let withStates = 0;
    for (let t = 0; t < 250; t++) {
      const r = env.step(agent.act(obs));
      const ids = Object.keys(r.info.changed);
      expect(ids).toEqual([...ids].sort());
      for (const id of ids) expect(r.info.changed[id], id).toBe(referenceDigest(env, id));
      withStates += ids.filter((id) => id !== "agent" && Object.values(env.world.objects.get(id)!.states).some(Boolean)).length;
      obs = r.observation;
      // the shape an object literal with getters had: the same keys in the same order, getters own and enumerable
      expect(Object.keys(obs)).toEqual(["step", "stepsLeft", "agent", "rooms", "objects", "updates", "newlyObserved", "lastAction", "lastFeedback", "text"]);
      for (const k of ["objects", "updates", "text"]) {
        const d = Object.getOwnPropertyDescriptor(obs, k)!;
        expect([typeof d.get, d.set, d.enumerable, d.configurable]).toEqual(["function", undefined, true, true]);
      }
      if (t % 25 === 0) {
        const copy = { ...obs };
        expect(copy.objects).toBe(obs.objects);
        expect(copy.updates).toBe(obs.updates);
        for (const id in obs.updates) expect(obs.updates[id]).toBe(obs.objects[id]);
        expect(JSON.parse(JSON.stringify(obs)).text).toBe(obs.text);
      }
    }
    expect(withStates).toBeGreaterThan(0); // lamps and cabinets: the states part of the digest was exercised
    // the text shows the build's own values even after the agent has changed the observation's fields
    const step = obs.step;
    const fresh = env.step({ type: "navigate", target: env.world.agent.room }).observation;
    (fresh as { step: number }).step = 9999;
    expect(fresh.text).toMatch(new RegExp(`^Step ${step + 1} of 300`));
  });

  /** The observer's scans as they were: every room object measured, `see` dropping the observed ones afterwards. */
  const referenceScan = (world: World, observer: Observer, kind: "entry" | "around" | "explore" | "held", room: string, at: Point2, radius: number) => {
    let ids: string[] = [];
    if (kind === "held") {
      const h = world.agent.holding;
      ids = h ? [h, ...world.descendants(h)] : [];
    } else {
      for (const o of world.objectsInRoom(room)) {
        if (o.room !== room || o.held) continue;
        if (kind === "explore" || (kind === "entry" && o.kind === "fixed") || distanceToFootprint(at, o.box) <= radius) ids.push(o.id);
      }
    }
    const log = ids.filter((id, i) => !observer.observed.has(id) && !observer.isHidden(id) && ids.indexOf(id) === i);
    return { fresh: [...log].sort(), log };
  };

  it("observer scans that skip observed objects early = the scans that measured every object, fresh ids and log order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 200 }), (seed, size) => {
        const house = generateHouse(size, seed);
        const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed, maxSteps: 80 });
        const agent = new BenchAgent();
        let obs = env.reset(seed).observation;
        void agent.reset({ id: "t", instruction: "", seed }, obs, { conditions: [], task: null, world: env.world });
        const rooms = [...env.world.rooms.keys()];
        for (let t = 0, over = false; t < 80 && !over; t++) {
          const world = env.world;
          const room = t % 3 === 0 ? world.agent.room : rooms[(seed + t) % rooms.length]!;
          const f = world.rooms.get(room)!.footprint;
          const at = t % 2 === 0 ? world.agent.position : { x: f.min.x + ((seed % 97) / 97) * (f.max.x - f.min.x), y: (f.min.y + f.max.y) / 2 };
          for (const [kind, radius] of [["entry", 2.5], ["entry", 0], ["around", 1.5], ["explore", 0], ["held", 0]] as const) {
            const copy = new Observer(world);
            for (const id of env.observer.observed) copy.observed.add(id);
            const want = referenceScan(world, copy, kind, room, at, radius);
            const got = kind === "entry" ? copy.lookAroundOnEntry(room, at, radius) : kind === "around" ? copy.lookAround(room, at, radius) : kind === "explore" ? copy.exploreRoom(room) : copy.seeHeld();
            expect(got).toEqual(want.fresh);
            expect(copy.observedLog).toEqual(want.log);
          }
          const r = env.step(agent.act(obs));
          [obs, over] = [r.observation, r.terminated || r.truncated];
        }
      }),
      { numRuns: 12 },
    );
  });

  it("world matrices kept current step by step (no parent refresh before re-parenting) = a full recompute of the scene graph", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 200 }), (seed, size) => {
        const house = generateHouse(size, seed);
        const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed, maxSteps: 120 });
        const agent = new BenchAgent();
        let obs = env.reset(seed).observation;
        void agent.reset({ id: "t", instruction: "", seed }, obs, { conditions: [], task: null, world: env.world });
        for (let t = 0, over = false; t < 120 && !over; t++) {
          const r = env.step(agent.act(obs));
          [obs, over] = [r.observation, r.terminated || r.truncated];
          const world = env.world;
          const before = new Map<string, number[]>();
          world.root.traverse((n) => before.set(n.uuid, [...n.matrixWorld.elements]));
          const boxes = [...world.objects.values()].map((o) => [o.id, o.box.center.x, o.box.center.y, o.box.center.z] as const);
          world.root.updateMatrixWorld(true);
          world.root.traverse((n) => expect(n.matrixWorld.elements).toEqual(before.get(n.uuid)));
          for (const [id, x, y, z] of boxes) {
            const e = world.get(id).node.matrixWorld.elements;
            expect([e[12], e[13], e[14]]).toEqual([x, y, z]);
          }
        }
      }),
      { numRuns: 8 },
    );
  });
});
