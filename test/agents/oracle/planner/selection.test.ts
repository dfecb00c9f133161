import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseMatching, chooseSubset } from "../../../../agents/oracle/planner/selection.ts";

/** Brute force: least total cost over all k-subsets (trueCost for chosen, falseCost for the rest). */
function bestSubsetCost(t: number[], f: number[], k: number): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << t.length; mask++) {
    const bits = t.map((_, i) => (mask >> i) & 1);
    if (bits.reduce((a, b) => a + b, 0) !== k) continue;
    best = Math.min(best, bits.reduce((s, b, i) => s + (b ? t[i]! : f[i]!), 0));
  }
  return best;
}

/** Brute force: least total cost of k pairs with distinct rows and columns. */
function bestMatchingCost(cost: number[][], k: number): number {
  const rows = cost.length;
  const cols = cost[0]?.length ?? 0;
  let best = Infinity;
  const go = (i: number, used: Set<number>, left: number, acc: number): void => {
    if (left === 0) return void (best = Math.min(best, acc));
    if (i >= rows || rows - i < left) return;
    go(i + 1, used, left, acc);
    for (let j = 0; j < cols; j++) {
      if (used.has(j) || !Number.isFinite(cost[i]![j]!)) continue;
      used.add(j);
      go(i + 1, used, left - 1, acc + cost[i]![j]!);
      used.delete(j);
    }
  };
  go(0, new Set(), k, 0);
  return best;
}

const costArb = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.constant(Infinity) });

describe("chooseSubset (forn: exactly k true)", () => {
  it("keeps the instances that already hold and makes the cheapest extra false", () => {
    // three apples already on the table (true costs 0), forn 2: one of them must go
    expect(chooseSubset([0, 0, 0], [1, 1, 1], 2)).toEqual([0, 1]);
    // a remembered choice wins a tie
    expect(chooseSubset([0, 0, 0], [1, 1, 1], 2, [0, 0.5, 0.5])).toEqual([1, 2]);
  });

  it("respects impossibilities and reports an infeasible count", () => {
    expect(chooseSubset([Infinity, 1, 1], [0, 0, 0], 2)).toEqual([1, 2]);
    expect(chooseSubset([Infinity, Infinity, 1], [0, 0, 0], 2)).toBeNull();
    expect(chooseSubset([1, 1], [Infinity, Infinity], 1)).toBeNull();
    expect(chooseSubset([1], [1], 2)).toBeNull();
  });

  it("finds a least-cost subset of exactly k (property, against brute force)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((n) =>
          fc.tuple(fc.array(costArb, { minLength: n, maxLength: n }), fc.array(costArb, { minLength: n, maxLength: n }), fc.integer({ min: 0, max: n })),
        ),
        ([t, f, k]) => {
          const chosen = chooseSubset(t, f, k);
          const best = bestSubsetCost(t, f, k);
          if (!Number.isFinite(best)) {
            expect(chosen).toBeNull();
            return;
          }
          expect(chosen).not.toBeNull();
          expect(chosen!.length).toBe(k);
          const set = new Set(chosen);
          expect(t.reduce((s, _, i) => s + (set.has(i) ? t[i]! : f[i]!), 0)).toBe(best);
        },
      ),
    );
  });
});

describe("chooseMatching (forpairs: a matching)", () => {
  it("prefers pairs that already hold", () => {
    // basket 0 already holds apple 1 (cost 0): keep it and put apple 0 in basket 1
    expect(chooseMatching([[1, 0], [1, 1]], 2)).toEqual([[0, 1], [1, 0]]);
  });

  it("returns null when fewer than k disjoint pairs exist", () => {
    expect(chooseMatching([[1, Infinity], [1, Infinity]], 2)).toBeNull();
    expect(chooseMatching([[1]], 0)).toEqual([]);
  });

  it("finds k disjoint pairs of least total cost (property, against brute force)", () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })).chain(([r, c]) =>
          fc.tuple(fc.array(fc.array(costArb, { minLength: c, maxLength: c }), { minLength: r, maxLength: r }), fc.integer({ min: 0, max: Math.min(r, c) })),
        ),
        ([cost, k]) => {
          const m = chooseMatching(cost, k);
          const best = bestMatchingCost(cost, k);
          if (!Number.isFinite(best)) {
            expect(m).toBeNull();
            return;
          }
          expect(m).not.toBeNull();
          expect(m!.length).toBe(k);
          expect(new Set(m!.map(([i]) => i)).size).toBe(k);
          expect(new Set(m!.map(([, j]) => j)).size).toBe(k);
          expect(m!.reduce((s, [i, j]) => s + cost[i]![j]!, 0)).toBe(best);
        },
      ),
    );
  });
});
