/**
 * The speed work of issue 9 changed how the simulator computes things, never what it computes. These
 * properties hold the faster code to the plain versions it replaced.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { houseJob } from "../../../harness/bench/house-stepping.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { Observation } from "../../../sim/observation.ts";
import type { RoomSpec } from "../../../sim/scene/schema.ts";
import { RoomGraph, dist, type Point2 } from "../../../sim/world/navigation.ts";
import { distanceToFootprint } from "../../../sim/world/reach.ts";

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
