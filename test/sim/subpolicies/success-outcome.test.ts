/** success() builds its outcome without an object spread; it must give what the spread gave: same keys, order and values. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { success, type Outcome } from "../../../sim/subpolicies/subpolicy.ts";

/** success() as it was. */
function plainSuccess(message: string, parts: Partial<Omit<Outcome, "feedback">> = {}): Outcome {
  return {
    feedback: { ok: true, error: null, message },
    changed: parts.changed ?? [],
    observed: parts.observed ?? [],
    distance: parts.distance ?? 0,
    ...(parts.terminal ? { terminal: true } : {}),
  };
}

describe("success() = the spread version", () => {
  it("for any message and parts, terminal or not", () => {
    const parts = fc.record(
      { changed: fc.array(fc.string()), observed: fc.array(fc.string()), distance: fc.double(), terminal: fc.oneof(fc.boolean(), fc.constant(undefined)) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.string(), fc.option(parts, { nil: undefined }), (message, p) => {
        const got = success(message, p);
        const want = plainSuccess(message, p);
        expect(got).toStrictEqual(want);
        expect(Object.keys(got)).toEqual(Object.keys(want));
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      }),
      { numRuns: 2000 },
    );
  });
});
