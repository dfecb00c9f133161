import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import type { RoomSpec } from "../../../sim/scene/schema.ts";
import { RoomGraph, type Point2 } from "../../../sim/world/navigation.ts";
import { RoomGraph as PlainSearchGraph } from "./reference/room-graph-dijkstra.ts";

/**
 * The compiled door search must answer exactly as the plain search over the door maps (the reference, kept as
 * it was): the same length to the last bit and the same waypoints, so walks, `pathLength` in results.json and
 * replays of trajectories recorded before it stay byte-identical.
 */
function expectSameAnswers(rooms: RoomSpec[], queries: readonly (readonly [string, Point2, string, Point2])[]): void {
  const compiled = new RoomGraph(rooms);
  const plain = new PlainSearchGraph(rooms);
  for (const [a, pa, b, pb] of queries) {
    const length = compiled.pathLength(a, pa, b, pb);
    expect(Object.is(length, plain.pathLength(a, pa, b, pb)), `${a} → ${b}: ${length} vs ${plain.pathLength(a, pa, b, pb)}`).toBe(true);
    expect(compiled.path(a, pa, b, pb)).toEqual(plain.path(a, pa, b, pb));
    // the lengths of every walk from one point, from one search: the same numbers
    const fromHere = compiled.walkLengthsFrom(a, pa).to(b, pb);
    expect(Object.is(fromHere, length), `${a} → ${b} from one search: ${fromHere} vs ${length}`).toBe(true);
  }
  // and one origin's lengths (searched once, then kept) to every target of the queries, in any room
  if (queries.length === 0) return;
  const [a, pa] = queries[0]!;
  for (const [, , b, pb] of queries) {
    const length = plain.pathLength(a, pa, b, pb);
    expect(Object.is(compiled.walkLengthsFrom(a, pa).to(b, pb), length), `${a} → ${b}, one origin`).toBe(true);
  }
}

/** A point of a room: a fraction of the way across its footprint, or one of the points where ties are likeliest. */
const pointIn = (r: RoomSpec, kind: number, fx: number, fy: number): Point2 => {
  const f = r.footprint;
  if (kind === 0) return { x: (f.min.x + f.max.x) / 2, y: (f.min.y + f.max.y) / 2 };
  if (kind === 1) return { x: f.min.x, y: f.min.y };
  return { x: f.min.x + fx * (f.max.x - f.min.x), y: f.min.y + fy * (f.max.y - f.min.y) };
};

const queryArb = fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }));

/** The generated queries as walks between two of the rooms' points. */
function queriesIn(rooms: RoomSpec[], raw: readonly (readonly [number, number, number, number, number, number])[]) {
  return raw.map(([a, b, ka, kb, fx, fy]) => {
    const [ra, rb] = [rooms[a % rooms.length]!, rooms[b % rooms.length]!];
    return [ra.id, pointIn(ra, ka, fx, fy), rb.id, pointIn(rb, kb, fy, fx)] as const;
  });
}

describe("DoorSearch (RoomGraph's compiled search)", () => {
  it("answers as the plain search in generated houses (grids of equal rooms: ties everywhere), from centres, corners and anywhere", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 80, max: 3000 }), fc.array(queryArb, { minLength: 1, maxLength: 25 }), (seed, size, raw) => {
        const rooms = generateHouse(size, seed).scene.rooms;
        expectSameAnswers(rooms, queriesIn(rooms, raw));
      }),
      { numRuns: 40 },
    );
  });

  it("answers as the plain search on arbitrary door graphs: placed and unplaced doors, doors listed twice or from both sides, to unknown rooms, rooms without doors", () => {
    const roomArb = fc.record({ x: fc.integer({ min: 0, max: 6 }), y: fc.integer({ min: 0, max: 6 }), w: fc.integer({ min: 1, max: 3 }), h: fc.integer({ min: 1, max: 3 }) });
    const doorArb = fc.record({ to: fc.nat({ max: 12 }), placed: fc.boolean(), x: fc.integer({ min: 0, max: 9 }), y: fc.integer({ min: 0, max: 9 }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(roomArb, fc.array(doorArb, { maxLength: 5 })), { minLength: 2, maxLength: 10 }), fc.array(queryArb, { minLength: 1, maxLength: 20 }), (spec, raw) => {
        const rooms: RoomSpec[] = spec.map(([r, doors], i) => ({
          id: `r${i}`,
          type: "room",
          outdoor: false,
          footprint: { min: { x: r.x, y: r.y }, max: { x: r.x + r.w, y: r.y + r.h } },
          // door `to` past the last room names a room the scene lacks; `to` equal to i, the room itself
          doors: doors.map((d) => ({ to: `r${d.to}`, ...(d.placed ? { position: { x: d.x, y: d.y } } : {}) })),
        })) as RoomSpec[];
        expectSameAnswers(rooms, queriesIn(rooms, raw));
      }),
      { numRuns: 300 },
    );
  });

  it("finds the shorter of two routes and is null where no door leads", () => {
    // a ring of four rooms, a–b–c–d–a, plus e with no door: from a to c both ways around, the nearer wins
    const room = (id: string, x: number, y: number, doors: string[]): RoomSpec =>
      ({ id, type: "room", outdoor: false, footprint: { min: { x, y }, max: { x: x + 4, y: y + 4 } }, doors: doors.map((to) => ({ to })) }) as RoomSpec;
    const g = new RoomGraph([room("a", 0, 0, ["b", "d"]), room("b", 4, 0, ["c"]), room("c", 4, 4, ["d"]), room("d", 0, 4, []), room("e", 20, 20, [])]);
    // from near a's right wall, through b (door at x = 4, y = 2) then c (door at x = 6, y = 4)
    const p = g.path("a", { x: 3.5, y: 0.5 }, "c", { x: 7, y: 5 })!;
    expect(p.waypoints).toEqual([
      { x: 4, y: 2 },
      { x: 6, y: 4 },
      { x: 7, y: 5 },
    ]);
    // from near a's top wall, through d instead
    expect(g.path("a", { x: 0.5, y: 3.5 }, "c", { x: 5, y: 7 })!.waypoints[0]).toEqual({ x: 2, y: 4 });
    expect(g.pathLength("a", { x: 1, y: 1 }, "e", { x: 21, y: 21 })).toBeNull();
    expect(g.pathLength("e", { x: 21, y: 21 }, "a", { x: 1, y: 1 })).toBeNull();
  });
});
