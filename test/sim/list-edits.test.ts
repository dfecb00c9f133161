import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { insertAt, moveToEnd, removeAt } from "../../sim/list-edits.ts";

/** A list and an index into it (none for the empty list). */
const listAndIndex = fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 40 }).chain((list) => fc.tuple(fc.constant(list), fc.nat({ max: list.length - 1 })));

describe("list edits", () => {
  it("removeAt leaves what splice(i, 1) leaves, in the same array", () => {
    fc.assert(
      fc.property(listAndIndex, ([list, i]) => {
        const expected = list.slice();
        expected.splice(i, 1);
        const edited = list.slice();
        removeAt(edited, i);
        expect(edited).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("moveToEnd leaves what splice(i, 1) then push leaves", () => {
    fc.assert(
      fc.property(listAndIndex, ([list, i]) => {
        const expected = list.slice();
        expected.push(...expected.splice(i, 1));
        const edited = list.slice();
        moveToEnd(edited, i);
        expect(edited).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("insertAt leaves what splice(i, 0, item) leaves, at every index from 0 to the length", () => {
    const arb = fc.array(fc.integer(), { maxLength: 40 }).chain((list) => fc.tuple(fc.constant(list), fc.nat({ max: list.length }), fc.integer()));
    fc.assert(
      fc.property(arb, ([list, i, item]) => {
        const expected = list.slice();
        expected.splice(i, 0, item);
        const edited = list.slice();
        insertAt(edited, i, item);
        expect(edited).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses an index outside the list instead of editing the wrong element (splice(-1, 1) takes the last)", () => {
    const list = [1, 2, 3];
    expect(() => removeAt(list, -1)).toThrow(/outside/);
    expect(() => moveToEnd(list, 3)).toThrow(/outside/);
    expect(() => insertAt(list, 4, 9)).toThrow(/outside/);
    expect(list).toEqual([1, 2, 3]);
  });
});
