import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intersectionVolume } from "../../../sim/geometry/containment.ts";
import { partsOf } from "../../../sim/geometry/shape-model.ts";
import { findPlacement } from "../../../sim/physics/find-placement.ts";
import type { PlacementRelation } from "../../../sim/physics/placement-types.ts";
import { inside } from "../../../sim/predicates/inside.ts";
import { nextto } from "../../../sim/predicates/nextto.ts";
import { ontop } from "../../../sim/predicates/ontop.ts";
import { under } from "../../../sim/predicates/under.ts";
import { Rng } from "../../../sim/rng.ts";
import { floor, object, restingBox } from "../geometry/fixtures.ts";

const fl = floor("floor_1", -5, -5, 5, 5);
const table = object("table_1", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
const basket = object("basket_1", restingBox(0.3, 0.1, 0.75, 0.4, 0.3, 0.2), { shape: "container" });
const mug = object("mug_1", restingBox(-0.3, -0.2, 0.75, 0.1, 0.1, 0.12));
const box = object("box_1", restingBox(0.1, 0, 0, 0.3, 0.3, 0.3));
const scene = [fl, table, basket, mug, box];
const holds = { ontop, inside, nextto, under };

describe("findPlacement properties", () => {
  it("whatever it returns satisfies the relation and cuts into nothing", () => {
    let placedCount = 0;
    fc.assert(
      fc.property(
        fc.record({ x: fc.double({ min: 0.02, max: 0.4, noNaN: true }), y: fc.double({ min: 0.02, max: 0.4, noNaN: true }), z: fc.double({ min: 0.02, max: 0.3, noNaN: true }) }),
        fc.constantFrom<[PlacementRelation, typeof table]>(["ontop", table], ["inside", basket], ["nextto", mug], ["under", table], ["nextto", table]),
        fc.integer({ min: 0, max: 1000 }),
        (size, [relation, target], seed) => {
          const thing = object("thing", restingBox(3, 3, 0, size.x, size.y, size.z));
          const result = findPlacement({ object: thing, relation, target, nearby: scene, rng: new Rng(seed) });
          if (!result.ok) {
            expect(result.reason.length).toBeGreaterThan(10);
            return;
          }
          placedCount++;
          const placed = { ...thing, box: result.box };
          expect(holds[relation](placed, target)).toBe(true);
          for (const other of scene) {
            for (const p of partsOf(other)) expect(intersectionVolume(p, placed.box)).toBeLessThan(1e-6);
          }
        },
      ),
      { numRuns: 60 },
    );
    // most requests have room: the property must not hold only because everything failed
    expect(placedCount).toBeGreaterThan(30);
  });
});
