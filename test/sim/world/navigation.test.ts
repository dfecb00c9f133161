import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { RoomGraph, dist, type Point2 } from "../../../sim/world/navigation.ts";
import { tinyFlat } from "../../helpers/scenes.ts";

describe("RoomGraph", () => {
  const g = new RoomGraph(tinyFlat().rooms);
  it("knows doors in both directions", () => {
    expect(g.neighbors("kitchen")).toEqual(["living"]);
    expect(g.neighbors("living")).toEqual(["kitchen"]);
  });
  it("walks through the door: length = leg to the door + leg from it", () => {
    const p = g.path("kitchen", { x: 1, y: 2 }, "living", { x: 8, y: 2 })!;
    expect(p.length).toBeCloseTo(3 + 4, 9);
    expect(p.waypoints[0]).toEqual({ x: 4, y: 2 });
  });
  it("is null between rooms no door joins", () => {
    const lonely = new RoomGraph([
      { id: "a", type: "kitchen", outdoor: false, footprint: { min: { x: 0, y: 0 }, max: { x: 1, y: 1 } }, doors: [] },
      { id: "b", type: "garden", outdoor: true, footprint: { min: { x: 5, y: 5 }, max: { x: 6, y: 6 } }, doors: [] },
    ]);
    expect(lonely.path("a", { x: 0.5, y: 0.5 }, "b", { x: 5.5, y: 5.5 })).toBeNull();
  });

  it("pathLength (what a walk costs) is path's length, and path's waypoints add up to it, interleaved in any order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 80, max: 600 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 30 }), (seed, size, queries) => {
        const rooms = generateHouse(size, seed).scene.rooms;
        const graph = new RoomGraph(rooms);
        const at = (i: number, f: number): Point2 => {
          const r = rooms[i % rooms.length]!.footprint;
          return { x: r.min.x + f * (r.max.x - r.min.x), y: r.min.y + (1 - f) * (r.max.y - r.min.y) };
        };
        for (const [a, b, fa, fb] of queries) {
          const [ra, rb] = [rooms[a % rooms.length]!.id, rooms[b % rooms.length]!.id];
          const [pa, pb] = [at(a, fa), at(b, fb)];
          const length = graph.pathLength(ra, pa, rb, pb);
          const path = graph.path(ra, pa, rb, pb);
          expect(length).toBe(path ? path.length : null);
          if (path) {
            let sum = 0;
            let cur = pa;
            for (const w of path.waypoints) [sum, cur] = [sum + dist(cur, w), w];
            expect(sum).toBeCloseTo(path.length, 9);
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
