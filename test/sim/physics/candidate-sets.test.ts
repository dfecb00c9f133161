/** `insideInterior` (the ontop-of-what-is-inside search's test) against the `inside` predicate it stands for. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interiorOf } from "../../../sim/geometry/shape-model.ts";
import { insideInterior } from "../../../sim/predicates/inside.ts";
import { inside } from "../../../sim/predicates/inside.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

describe("insideInterior = inside", () => {
  it("agrees for things in, on, beside and under containers, held or not", () => {
    let yes = 0;
    fc.assert(
      fc.property(
        fc.record({
          heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          sx: fc.double({ min: 0.1, max: 1, noNaN: true }),
          sy: fc.double({ min: 0.1, max: 1, noNaN: true }),
          sz: fc.double({ min: 0.05, max: 1, noNaN: true }),
          wall: fc.constantFrom(0.02, 0, 0.3),
          lid: fc.boolean(),
        }),
        fc.record({
          dx: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
          dy: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
          // its bottom: on the container's base, a little off it, on its top, on the floor
          bottom: fc.oneof(fc.constantFrom(0, 0.02, 0.3), fc.double({ min: -0.05, max: 1.1, noNaN: true })),
          sx: fc.double({ min: 0, max: 0.6, noNaN: true }),
          sy: fc.double({ min: 0, max: 0.6, noNaN: true }),
          heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          held: fc.boolean(),
        }),
        (t, c) => {
          const target = object("box_1", restingBox(0, 0, 0, t.sx, t.sy, t.sz, t.heading), { shape: "container", wall: t.wall, abilities: t.lid ? ["openable"] : [] });
          const thing = object("thing", restingBox(c.dx, c.dy, c.bottom, c.sx, c.sy, 0.1, c.heading), { held: c.held });
          const want = inside(thing, target);
          if (want) yes++;
          expect(insideInterior(thing, target, interiorOf(target)!)).toBe(want);
          expect(insideInterior(target, target, interiorOf(target)!)).toBe(inside(target, target));
        },
      ),
      { numRuns: 2000 },
    );
    // things inside were among them
    expect(yes).toBeGreaterThan(50);
  });
});
