import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import { standPoint } from "../../../sim/subpolicies/navigate.ts";
import { distanceToFootprint, REACH, STANDOFF } from "../../../sim/world/reach.ts";
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

describe("standPoint without array destructuring = as it was", () => {
  /** standPoint as it was (destructuring assignments), for the equivalence below. */
  function plainStandPoint(w: World, id: string): { x: number; y: number } {
    const o = w.get(id);
    const room = w.rooms.get(o.room)!;
    const c = w.graph.center(o.room);
    if (o.shape === "floor") return c;
    let dx = c.x - o.box.center.x;
    let dy = c.y - o.box.center.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) [dx, dy] = [1, 0];
    else [dx, dy] = [dx / len, dy / len];
    const cs = Math.cos(o.box.heading);
    const sn = Math.sin(o.box.heading);
    const along = Math.abs(dx * cs + dy * sn);
    const across = Math.abs(-dx * sn + dy * cs);
    const tx = along > 1e-12 ? o.box.size.x / 2 / along : Infinity;
    const ty = across > 1e-12 ? o.box.size.y / 2 / across : Infinity;
    const reach = Math.min(tx, ty) + STANDOFF;
    const f = room.footprint;
    const m = 0.05;
    const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
    return {
      x: r6(Math.min(f.max.x - m, Math.max(f.min.x + m, o.box.center.x + dx * reach))),
      y: r6(Math.min(f.max.y - m, Math.max(f.min.y + m, o.box.center.y + dy * reach))),
    };
  }

  it("gives the same point, bit for bit, for any box (the room centre included)", () => {
    const coord = fc.oneof(fc.double({ min: -9, max: 9, noNaN: true }), fc.constantFrom(0, 1e-7, -1e-7, 5e-7));
    fc.assert(
      fc.property(coord, coord, fc.double({ min: 0.05, max: 6, noNaN: true }), fc.double({ min: 0.05, max: 6, noNaN: true }), fc.double({ min: -7, max: 7, noNaN: true }), (x, y, sx, sy, heading) => {
        const w = worldWith({ center: [x, y, 0.5], size: [sx, sy, 1], heading });
        expect(standPoint(w, w.get("car_1"))).toStrictEqual(plainStandPoint(w, "car_1"));
      }),
      { numRuns: 1000 },
    );
  });
});
