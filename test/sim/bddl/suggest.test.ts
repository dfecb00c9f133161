import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closest, didYouMean, editDistance } from "../../../sim/bddl/suggest.ts";

describe("editDistance", () => {
  it("counts an adjacent swap as one edit", () => {
    expect(editDistance("gaol", "goal")).toBe(1);
    expect(editDistance("forlal", "forall")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("is a symmetric distance that is zero only for equal strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe("closest / didYouMean", () => {
  it("suggests a near keyword and nothing for an unrelated word", () => {
    expect(closest(":GAOL", [":domain", ":objects", ":init", ":goal"])).toBe(":goal");
    expect(closest("banana", [":domain", ":goal"])).toBeUndefined();
    expect(didYouMean("exsts", ["exists", "forall"])).toBe(" (did you mean 'exists'?)");
    expect(didYouMean("zzz", ["exists"])).toBe("");
  });
});
