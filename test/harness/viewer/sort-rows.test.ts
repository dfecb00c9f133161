import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortRows } from "../../../harness/viewer/client/sort-rows.js";

const rowArb = fc.record({
  id: fc.string({ maxLength: 6 }),
  SR: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(null), fc.constant(Number.NaN)),
  done: fc.boolean(),
});

describe("run table sorting", () => {
  it("returns a permutation, ordered, with missing values last in both directions", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), fc.constantFrom("id", "SR", "done"), fc.boolean(), (rows, key, descending) => {
        const sorted = sortRows(rows, key, descending);
        expect(sorted).toHaveLength(rows.length);
        expect(new Set(sorted)).toEqual(new Set(rows));
        const missing = (v: unknown) => v === null || (typeof v === "number" && Number.isNaN(v));
        const firstMissing = sorted.findIndex((r) => missing(r[key as keyof typeof r]));
        if (firstMissing >= 0) expect(sorted.slice(firstMissing).every((r) => missing(r[key as keyof typeof r]))).toBe(true);
        const present = sorted.filter((r) => !missing(r[key as keyof typeof r])).map((r) => r[key as keyof typeof r] as string | number | boolean);
        for (let i = 1; i < present.length; i++) {
          const [a, b] = descending ? [present[i]!, present[i - 1]!] : [present[i - 1]!, present[i]!];
          expect(typeof a === "boolean" ? Number(a) <= Number(b) : a <= b).toBe(true);
        }
      }),
    );
  });

  it("keeps the original order of ties (stable), so re-sorting by another column is predictable", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), (rows) => {
        const indexed = rows.map((r, i) => ({ ...r, i }));
        const sorted = sortRows(indexed, "done");
        for (let j = 1; j < sorted.length; j++) {
          if (sorted[j]!.done === sorted[j - 1]!.done) expect(sorted[j]!.i).toBeGreaterThan(sorted[j - 1]!.i);
        }
      }),
    );
  });
});
