/** `distinctNearby` against the set-based dedupe it replaced, on short and long lists with repeats and held objects. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctNearby } from "../../../sim/physics/find-placement.ts";
import type { PlacementObject } from "../../../sim/physics/placement-types.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

function plain(object: PlacementObject, target: PlacementObject, more: Iterable<PlacementObject>): PlacementObject[] {
  const nearby: PlacementObject[] = [];
  const seen = new Set<string>([object.id]);
  for (const o of [target, ...more]) {
    if (seen.has(o.id) || o.held) continue;
    seen.add(o.id);
    nearby.push(o);
  }
  return nearby;
}

describe("distinctNearby = the set-based dedupe", () => {
  it("keeps the same objects (first occurrences) in the same order", () => {
    const pool = Array.from({ length: 120 }, (_, i) => object(`o${i % 90}`, restingBox(i, 0, 0, 0.1, 0.1, 0.1), { held: i % 7 === 3 }));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 119 }), { maxLength: 150 }), fc.nat({ max: 119 }), fc.nat({ max: 119 }), (picks, o, t) => {
        const more = picks.map((i) => pool[i]!);
        const got = distinctNearby(pool[o]!, pool[t]!, more);
        const want = plain(pool[o]!, pool[t]!, more);
        expect(got.length).toBe(want.length);
        got.forEach((g, i) => expect(g).toBe(want[i]));
      }),
      { numRuns: 500 },
    );
  });
});
