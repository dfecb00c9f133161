import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import { standPoint } from "../../../sim/subpolicies/navigate.ts";
import { distanceToFootprint, REACH } from "../../../sim/world/reach.ts";
import { World } from "../../../sim/world/world.ts";

function worldWith(box: { center: [number, number, number]; size: [number, number, number]; heading: number }): World {
  return new World(
    SceneSchema.parse({
      schemaVersion: 1,
      id: "yard",
      rooms: [{ id: "garden", type: "garden", outdoor: true, footprint: { min: { x: -10, y: -10 }, max: { x: 10, y: 10 } } }],
      objects: [{ id: "car_1", category: "car.n.01", room: "garden", kind: "fixed", shape: "container", abilities: ["container", "openable"], box }],
      agent: { room: "garden" },
    }),
  );
}

describe("standPoint", () => {
  it("stands within reach of a long object seen at a slant (a car off the room centre)", () => {
    const w = worldWith({ center: [0.43, -0.75, 0.75], size: [4.2, 1.8, 1.5], heading: 0 });
    const p = standPoint(w, w.get("car_1"));
    expect(distanceToFootprint(p, w.get("car_1").box)).toBeLessThanOrEqual(REACH);
    expect(distanceToFootprint(p, w.get("car_1").box)).toBeGreaterThan(0);
  });

  it("is outside the footprint and within reach for any size, heading and offset", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.double({ min: 0.05, max: 5, noNaN: true }),
        fc.double({ min: 0.05, max: 5, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (x, y, lx, ly, heading) => {
          const w = worldWith({ center: [x, y, 0.5], size: [lx, ly, 1], heading });
          const p = standPoint(w, w.get("car_1"));
          const d = distanceToFootprint(p, w.get("car_1").box);
          expect(d).toBeLessThanOrEqual(REACH + 1e-6);
        },
      ),
    );
  });
});
