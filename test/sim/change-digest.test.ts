/** The digest's hex text: hex32 replaced `toString(16)` (hundreds of ns a call in V8) and must write the same text. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hex32 } from "../../sim/change-digest.ts";

describe("hex32 = Number#toString(16) on unsigned 32-bit integers", () => {
  it("for any value, the digit-count boundaries included", () => {
    const edges = [0, 1, 9, 10, 15, 16, 255, 256, 0xfff, 0x1000, 0xfffffff, 0x10000000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
    for (const h of edges) expect(hex32(h)).toBe(h.toString(16));
    for (let k = 0; k < 32; k++) for (const h of [2 ** k - 1, 2 ** k, 2 ** k + 1]) if (h <= 0xffffffff) expect(hex32(h)).toBe(h.toString(16));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (h) => {
        expect(hex32(h)).toBe(h.toString(16));
      }),
      { numRuns: 20000 },
    );
  });
});
