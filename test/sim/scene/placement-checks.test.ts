import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BELOW_FLOOR_TOLERANCE, placementProblems } from "../../../sim/scene/placement-checks.ts";
import { REACH } from "../../../sim/world/reach.ts";
import type { Box } from "../../../sim/scene/schema.ts";

const room = { id: "kitchen", footprint: { min: { x: 0, y: 0 }, max: { x: 4, y: 3 } } };
const box = (x: number, y: number, z: number, heading = 0, size = { x: 0.4, y: 0.2, z: 0.3 }): Box => ({ center: { x, y, z }, size, heading });
const scene = (...boxes: Box[]) => ({ rooms: [room], objects: boxes.map((b, i) => ({ id: `o${i}`, room: "kitchen", shape: "solid", box: b })) });

describe("placementProblems", () => {
  it("names an object beyond reach of its room and one sunk below the floor, with their JSON paths", () => {
    const problems = placementProblems(scene(box(2, 1, 0.15), box(50, 1, 0.15), box(1, 1, -3)));
    expect(problems.map((p) => p.path)).toEqual([
      ["objects", 1, "box", "center"],
      ["objects", 2, "box", "center", "z"],
    ]);
    expect(problems[0]!.message).toContain("o1 lies 45.8 m outside its room kitchen");
    expect(problems[1]!.message).toContain("o2's bottom is at z = -3.15 m");
  });

  it("never flags an object whose centre is in its room and which stands on or above the floor", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: -BELOW_FLOOR_TOLERANCE, max: 3, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (x, y, bottom, heading) => {
        expect(placementProblems(scene(box(x, y, bottom + 0.15, heading)))).toEqual([]);
      }),
    );
  });

  it("flags an object exactly when its footprint is farther than reach from every point of the room, or sunk", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 14, noNaN: true }), fc.double({ min: -10, max: 13, noNaN: true }), (x, y) => {
        // an axis-aligned 0.4 × 0.2 footprint: its gap to the room's rectangle
        const dx = Math.max(0, 0 - (x + 0.2), x - 0.2 - 4);
        const dy = Math.max(0, 0 - (y + 0.1), y - 0.1 - 3);
        const flagged = placementProblems(scene(box(x, y, 0.15))).length > 0;
        expect(flagged).toBe(Math.hypot(dx, dy) > REACH);
      }),
    );
  });

  it("leaves floors below z = 0 alone", () => {
    const s = scene(box(2, 1.5, -0.05, 0, { x: 4, y: 3, z: 0.1 }));
    s.objects[0]!.shape = "floor";
    expect(placementProblems(s)).toEqual([]);
    expect(placementProblems({ ...s, objects: [{ ...s.objects[0]!, shape: "solid", box: box(2, 1.5, -0.5) }] })).toHaveLength(1);
  });
});
