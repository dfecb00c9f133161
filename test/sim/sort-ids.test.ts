import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortIds } from "../../sim/sort-ids.ts";

describe("sortIds", () => {
  it("orders any strings as Array.prototype.sort does, in place, at every length around the insertion limit", () => {
    // short ids from a small alphabet give many shared prefixes and duplicates; full strings give surrogates
    const id = fc.oneof(fc.string({ unit: fc.constantFrom("a", "b", "_", "1", "B", "é", "\u{1F600}"), maxLength: 6 }), fc.string({ unit: "binary", maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(id, { maxLength: 120 }), (ids) => {
        const copy = ids.slice();
        const out = sortIds(copy);
        expect(out).toBe(copy);
        expect(out).toEqual(ids.slice().sort());
      }),
      { numRuns: 500 },
    );
  });

  it("sorts already sorted, reversed and all-equal lists of every length up to 70", () => {
    for (let n = 0; n <= 70; n++) {
      const sorted = Array.from({ length: n }, (_, i) => `id_${String(i).padStart(3, "0")}`);
      expect(sortIds(sorted.slice())).toEqual(sorted);
      expect(sortIds(sorted.slice().reverse())).toEqual(sorted);
      expect(sortIds(Array.from({ length: n }, () => "same"))).toEqual(Array.from({ length: n }, () => "same"));
    }
  });
});
