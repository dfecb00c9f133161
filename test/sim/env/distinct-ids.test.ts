/** `distinctIds` (a step's changed ids, kept distinct by a scan) = the Set of them it replaced, in the Set's order. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctIds } from "../../../sim/env.ts";

describe("distinctIds", () => {
  it("holds what a Set of the ids and then the extra id holds, in the same order", () => {
    const id = fc.oneof(fc.constantFrom("agent", "apple_1", "mug", "tray", "cup_1", "cup_2"), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(id, { maxLength: 40 }), fc.option(id, { nil: null }), (ids, extra) => {
        const set = new Set(ids);
        if (extra !== null) set.add(extra);
        expect(distinctIds(ids, extra)).toEqual([...set]);
      }),
      { numRuns: 3000 },
    );
  });
});
