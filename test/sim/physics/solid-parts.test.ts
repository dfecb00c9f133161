/**
 * `sharedSolidParts` (remembered across calls by id and what the parts are made from) against `solidParts`
 * (made afresh): for any sequence of objects sharing a few ids, with boxes, shapes, walls and abilities
 * changing between calls, poses coming back and the very same box objects coming back under another shape,
 * wall or abilities, it returns parts equal to fresh ones.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedSolidParts, solidParts } from "../../../sim/physics/solid-parts.ts";
import type { Ability, Shape } from "../../../sim/scene/schema.ts";
import { box, object } from "../geometry/fixtures.ts";

const coordinate = fc.constantFrom(0, -0, 0.5, 1.25, -3, 0.1 + 0.2);
const extent = fc.constantFrom(0.02, 0.3, 0.75, 1.2);
const spec = fc.record({
  id: fc.constantFrom("a", "b", "c"),
  x: coordinate,
  y: coordinate,
  z: fc.constantFrom(0.05, 0.4, 0.9),
  sx: extent,
  sy: extent,
  sz: extent,
  heading: fc.constantFrom(0, -0, Math.PI / 2, 1.0, -Math.PI),
  shape: fc.constantFrom<Shape>("solid", "table", "container", "floor"),
  wall: fc.constantFrom(0, 0.01, 0.02, 0.05),
  abilities: fc.subarray<Ability>(["container", "openable"] as Ability[]),
  /** The same box object as an earlier spec of this index (-1: a box of its own): the cache's identity check. */
  reuse: fc.constantFrom(-1, 0, 1, 2),
});

describe("sharedSolidParts", () => {
  it("returns the parts solidParts makes afresh, whatever came before", () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 30 }), (specs) => {
        const kept: ReturnType<typeof box>[] = [];
        for (const s of specs) {
          const fresh = () => box(s.x, s.y, s.z, s.sx, s.sy, s.sz, s.heading);
          const b = s.reuse < 0 ? fresh() : (kept[s.reuse] ??= fresh());
          const o = object(s.id, b, { shape: s.shape, wall: s.wall, abilities: s.abilities });
          const got = sharedSolidParts(o);
          const want = solidParts(o);
          // Object.is on every number: a -0 heading is not a 0 one
          expect(got.length).toBe(want.length);
          got.forEach((p, i) => {
            const w = want[i]!;
            expect(p.ownerId).toBe(w.ownerId);
            expect(p.floor).toBe(w.floor);
            expect(Object.is(p.top, w.top)).toBe(true);
            for (const k of ["x", "y", "z"] as const) {
              expect(Object.is(p.part.center[k], w.part.center[k])).toBe(true);
              expect(Object.is(p.part.size[k], w.part.size[k])).toBe(true);
            }
            expect(Object.is(p.part.heading, w.part.heading)).toBe(true);
            expect(p.bounds).toEqual(w.bounds);
            expect(p.corners).toEqual(w.corners);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("hands back the same parts for an equal object, and new ones once it moves", () => {
    const o = object("shared-parts-test", box(1, 2, 0.4, 0.5, 0.4, 0.8), { shape: "container", abilities: ["openable"] });
    const first = sharedSolidParts(o);
    expect(sharedSolidParts({ ...o, box: box(1, 2, 0.4, 0.5, 0.4, 0.8) })).toBe(first);
    const moved = sharedSolidParts({ ...o, box: box(1, 2.5, 0.4, 0.5, 0.4, 0.8) });
    expect(moved).not.toBe(first);
    expect(moved[0]!.part.center.y).toBeCloseTo(2.5);
    // back where it was: remembered
    expect(sharedSolidParts(o)).toBe(first);
  });
});
