/**
 * `World.objectsNear` (one pass over the sorted ids) against the chain it replaced: the index's ids,
 * sorted, mapped to objects, held ones filtered out. Objects are moved, held and put down at random.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveSupports } from "../../../sim/world/load-world.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import { World } from "../../../sim/world/world.ts";
import { tinyFlat } from "../../helpers/scenes.ts";

function plainObjectsNear(w: World, box: SimObject["box"], radius: number): SimObject[] {
  return w.index
    .query(box, radius)
    .sort()
    .map((id) => w.objects.get(id)!)
    .filter((o) => !o.held);
}

describe("World.objectsNear = query, sort, map, filter", () => {
  it("the same objects in the same order after random moves, holds and put-downs", () => {
    const carryable = [...new World(tinyFlat()).objects.values()].filter((o) => o.kind === "carryable").map((o) => o.id);
    const op = fc.record({
      id: fc.constantFrom(...carryable),
      hold: fc.boolean(),
      x: fc.double({ min: -1, max: 8, noNaN: true }),
      y: fc.double({ min: -1, max: 6, noNaN: true }),
      radius: fc.double({ min: 0, max: 3, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const w = new World(tinyFlat());
        deriveSupports(w);
        for (const o of ops) {
          const obj = w.get(o.id);
          if (o.hold && w.agent.holding === null) w.hold(o.id);
          else if (!o.hold) {
            const box = { center: { x: o.x, y: o.y, z: obj.box.size.z / 2 }, size: obj.box.size, heading: obj.box.heading };
            w.setPose(o.id, box, { relation: "onfloor", target: `floor_${obj.room}` });
          }
          for (const t of w.objects.values()) expect(w.objectsNear(t.box, o.radius)).toEqual(plainObjectsNear(w, t.box, o.radius));
        }
      }),
      { numRuns: 100 },
    );
  });
});
