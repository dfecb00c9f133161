import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inside } from "../../../sim/predicates/inside.ts";
import { nextto } from "../../../sim/predicates/nextto.ts";
import { ontop } from "../../../sim/predicates/ontop.ts";
import { touching } from "../../../sim/predicates/touching.ts";
import { under } from "../../../sim/predicates/under.ts";
import type { Shape } from "../../../sim/scene/schema.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

/** Random objects on a 2 m square, resting on one of a few levels so that contact actually happens. */
const arbObject = (id: string) =>
  fc
    .record({
      x: fc.double({ min: -1, max: 1, noNaN: true }),
      y: fc.double({ min: -1, max: 1, noNaN: true }),
      level: fc.constantFrom(0, 0.02, 0.1, 0.5, 0.75),
      sx: fc.double({ min: 0.02, max: 1.5, noNaN: true }),
      sy: fc.double({ min: 0.02, max: 1.5, noNaN: true }),
      sz: fc.constantFrom(0.02, 0.08, 0.1, 0.25, 0.5, 0.75),
      heading: fc.constantFrom(0, Math.PI / 4, Math.PI / 2, 1),
      shape: fc.constantFrom<Shape>("solid", "table", "container"),
    })
    .map((r) => object(id, restingBox(r.x, r.y, r.level, r.sx, r.sy, r.sz, r.heading), { shape: r.shape }));

describe("predicate properties", () => {
  it("nextto and touching are symmetric", () => {
    fc.assert(
      fc.property(arbObject("a"), arbObject("b"), (a, b) => {
        expect(nextto(a, b)).toBe(nextto(b, a));
        expect(touching(a, b)).toBe(touching(b, a));
      }),
      { numRuns: 500 },
    );
  });

  it("an object is never both on and in, or on and under, the same object; ontop is never mutual", () => {
    fc.assert(
      fc.property(arbObject("a"), arbObject("b"), (a, b) => {
        expect(ontop(a, b) && inside(a, b)).toBe(false);
        expect(ontop(a, b) && under(a, b)).toBe(false);
        expect(ontop(a, b) && ontop(b, a)).toBe(false);
        expect(inside(a, b) && inside(b, a)).toBe(false);
        if (nextto(a, b)) expect(ontop(a, b) || inside(a, b) || under(a, b)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("holding either object makes every relation false", () => {
    fc.assert(
      fc.property(arbObject("a"), arbObject("b"), fc.boolean(), (a, b, holdA) => {
        const [x, y] = holdA ? [{ ...a, held: true }, b] : [a, { ...b, held: true }];
        for (const p of [ontop, inside, nextto, under, touching]) expect(p(x, y)).toBe(false);
      }),
    );
  });
});
