import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../sim/rng.ts";
import { layoutRooms, type RoomRequest } from "../../../sim/sampler/layout.ts";
import { RoomGraph } from "../../../sim/world/navigation.ts";

const requestsArb = fc
  .array(
    fc.record({
      type: fc.constantFrom("kitchen", "bedroom", "bathroom", "living_room", "garage", "garden", "driveway"),
      area: fc.double({ min: 4, max: 60, noNaN: true }),
    }),
    { minLength: 1, maxLength: 7 },
  )
  .map((rs) => rs.map((r, i): RoomRequest => ({ id: `${r.type}_${i}`, type: r.type, outdoor: r.type === "garden" || r.type === "driveway", area: r.area })));

function overlapArea(a: { min: { x: number; y: number }; max: { x: number; y: number } }, b: typeof a): number {
  const w = Math.min(a.max.x, b.max.x) - Math.max(a.min.x, b.min.x);
  const h = Math.min(a.max.y, b.max.y) - Math.max(a.min.y, b.min.y);
  return w > 0 && h > 0 ? w * h : 0;
}

describe("layoutRooms (property)", () => {
  it("gives every room at least its area, no two rooms overlap, and every room is reachable", () => {
    fc.assert(
      fc.property(requestsArb, fc.integer({ min: 0, max: 1000 }), (requests, seed) => {
        const rooms = layoutRooms(requests, null, new Rng(seed));
        expect(rooms.length).toBe(requests.length + 1);
        for (const r of requests) {
          const f = rooms.find((x) => x.id === r.id)!.footprint;
          expect((f.max.x - f.min.x) * (f.max.y - f.min.y)).toBeGreaterThanOrEqual(r.area * 0.9);
          expect(rooms.find((x) => x.id === r.id)!.outdoor).toBe(r.outdoor);
        }
        for (let i = 0; i < rooms.length; i++) for (let j = i + 1; j < rooms.length; j++) expect(overlapArea(rooms[i]!.footprint, rooms[j]!.footprint)).toBe(0);
        const graph = new RoomGraph(rooms);
        const start = rooms[0]!.id;
        for (const r of rooms) expect(graph.path(start, graph.center(start), r.id, graph.center(r.id))).not.toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it("puts rooms that must share a wall side by side", () => {
    const rooms = layoutRooms(
      [
        { id: "a", type: "kitchen", outdoor: false, area: 12 },
        { id: "b", type: "bedroom", outdoor: false, area: 12 },
        { id: "c", type: "dining_room", outdoor: false, area: 12, besides: "a" },
      ],
      null,
      new Rng(3),
    );
    const a = rooms.find((r) => r.id === "a")!.footprint;
    const c = rooms.find((r) => r.id === "c")!.footprint;
    expect(a.max.x === c.min.x || c.max.x === a.min.x).toBe(true);
    // on the same side of the corridor: the wall along it is at the same y
    expect(a.min.y === c.min.y || a.max.y === c.max.y).toBe(true);
  });
});
