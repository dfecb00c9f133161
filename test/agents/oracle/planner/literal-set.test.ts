import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groundLiteral, literalKey, type GroundLiteral } from "../../../../agents/oracle/literal.ts";
import { LiteralSet } from "../../../../agents/oracle/planner/literal-set.ts";
import { CopyingLiteralSet } from "./reference/copying-literal-set.ts";

const PREDS = ["inside", "ontop", "onfloor", "under", "inroom", "nextto", "touching", "open", "cooked"];
const IDS = ["a", "b", "c", "d", "agent", "kitchen"];

/** A literal over few predicates and ids (so that sets overlap, contradict and repeat), with or without its key made. */
const literalArb: fc.Arbitrary<GroundLiteral> = fc
  .record({ pred: fc.constantFrom(...PREDS), a: fc.constantFrom(...IDS), b: fc.constantFrom(...IDS), positive: fc.boolean(), keyed: fc.boolean() })
  .map(({ pred, a, b, positive, keyed }) => {
    const args = pred === "open" || pred === "cooked" ? [a] : [a, b];
    return keyed ? groundLiteral(pred, args, positive) : { pred, args, positive };
  });

/** Each step extends one of the sets made so far (by index, taken modulo their number) with some literals. */
const historyArb = fc.array(fc.record({ from: fc.nat(), lits: fc.array(literalArb, { maxLength: 6 }) }), { maxLength: 25 });

describe("LiteralSet (one log shared by a set and its extensions)", () => {
  it("answers every question as the copying set does, for every set of a branching history, old ones included", () => {
    fc.assert(
      fc.property(historyArb, fc.array(literalArb, { minLength: 1, maxLength: 8 }), (history, probes) => {
        const sets: LiteralSet[] = [LiteralSet.empty()];
        const refs: CopyingLiteralSet[] = [CopyingLiteralSet.empty()];
        for (const { from, lits } of history) {
          const i = from % sets.length;
          sets.push(sets[i]!.with(lits));
          refs.push(refs[i]!.with(lits));
        }
        // asked only after the whole history: a set extended later (its log appended to, or copied) must not change
        sets.forEach((set, i) => {
          const ref = refs[i]!;
          expect(set.all().map(literalKey)).toEqual(ref.all().map(literalKey));
          for (const id of IDS) {
            expect(set.about(id).map(literalKey)).toEqual(ref.about(id).map(literalKey));
            expect(set.degree(id)).toBe(ref.degree(id));
          }
          for (const p of probes) {
            expect(set.has(p)).toBe(ref.has(p));
            expect(set.conflicts(p)).toBe(ref.conflicts(p));
          }
        });
      }),
      { numRuns: 400 },
    );
  });

  it("keeps a set unchanged when another set is extended from it, at its end or not", () => {
    const apple = groundLiteral("inside", ["apple", "fridge"], true);
    const plate = groundLiteral("ontop", ["apple", "plate"], true);
    const base = LiteralSet.empty().with([apple]);
    const longer = base.with([plate]);
    const branch = base.with([groundLiteral("ontop", ["apple", "table"], true)]);
    expect(base.all()).toEqual([apple]);
    expect(longer.all().map(literalKey)).toEqual(["inside(apple,fridge)", "ontop(apple,plate)"]);
    expect(branch.all().map(literalKey)).toEqual(["inside(apple,fridge)", "ontop(apple,table)"]);
    expect(base.has(plate)).toBe(false);
    expect(branch.has(plate)).toBe(false);
    // on top of the table contradicts the fridge in both the base and its branch, and the plate too in `longer`
    const table = groundLiteral("ontop", ["apple", "table"], true);
    expect(base.conflicts(table)).toBe(1);
    expect(longer.conflicts(table)).toBe(2);
  });

  it("returns the set itself when nothing is new, and counts a repeated literal once", () => {
    const lit = groundLiteral("open", ["fridge"], false);
    const set = LiteralSet.empty().with([lit, { pred: "open", args: ["fridge"], positive: false }]);
    expect(set.all()).toHaveLength(1);
    expect(set.with([lit])).toBe(set);
    expect(LiteralSet.empty().with([])).toBe(LiteralSet.empty());
  });
});
