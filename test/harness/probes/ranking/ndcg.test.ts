import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Rng } from "../../../../sim/rng.ts";
import { dcgAtK, idealRanking, ndcgAtK } from "../../../../harness/probes/ranking/ndcg.ts";

describe("NDCG@8 (SPEC §7: DCG = Σ rel_i / log2(i+2) over the top 8)", () => {
  const relevance = { a: 3, b: 2, c: 1, d: 0 };

  it("is 1 for the ideal ranking", () => {
    expect(ndcgAtK(["a", "b", "c", "d"], relevance)).toBe(1);
    expect(ndcgAtK(idealRanking(["d", "c", "b", "a"], relevance), relevance)).toBe(1);
  });

  it("matches a hand computation", () => {
    // ranking c, a, b: DCG = 1/log2(2) + 3/log2(3) + 2/log2(4); IDCG = 3 + 2/log2(3) + 1/2
    const dcg = 1 + 3 / Math.log2(3) + 2 / 2;
    const idcg = 3 + 2 / Math.log2(3) + 1 / 2;
    expect(dcgAtK(["c", "a", "b"], relevance)).toBeCloseTo(dcg, 12);
    expect(ndcgAtK(["c", "a", "b"], relevance)).toBeCloseTo(dcg / idcg, 12);
  });

  it("only counts the first 8 places", () => {
    const rel: Record<string, number> = { x: 1 };
    const filler = Array.from({ length: 8 }, (_, i) => `f${i}`);
    expect(ndcgAtK([...filler, "x"], rel)).toBe(0);
    expect(ndcgAtK([...filler.slice(0, 7), "x"], rel)).toBeCloseTo(1 / Math.log2(9), 12);
  });

  it("is undefined (null) when no candidate has a gain", () => {
    expect(ndcgAtK(["a", "b"], { a: 0, b: 0 })).toBeNull();
    expect(ndcgAtK([], {})).toBeNull();
  });

  it("cannot be raised by listing an id twice", () => {
    expect(ndcgAtK(["a", "a", "a"], relevance)).toBeLessThan(ndcgAtK(["a", "b", "c"], relevance)!);
  });

  it("is clearly lower for random rankings than for the ideal one", () => {
    const rng = new Rng(7);
    const scores: number[] = [];
    for (let k = 0; k < 200; k++) {
      const cands = Array.from({ length: 20 }, (_, i) => `c${i}`);
      const rel = Object.fromEntries(cands.map((c, i) => [c, i < 3 ? 3 - i : 0]));
      scores.push(ndcgAtK(rng.shuffle([...cands]), rel)!);
    }
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(mean).toBeLessThan(0.6);
  });
});

const caseArb = fc
  .array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 15 })
  .chain((gains) =>
    fc.record({
      gains: fc.constant(gains),
      order: fc.shuffledSubarray(
        gains.map((_, i) => `c${i}`),
        { minLength: gains.length, maxLength: gains.length },
      ),
    }),
  );

describe("NDCG@8 properties", () => {
  it("lies in [0, 1] (or is null when every gain is 0)", () => {
    fc.assert(
      fc.property(caseArb, ({ gains, order }) => {
        const rel = Object.fromEntries(gains.map((g, i) => [`c${i}`, g]));
        const v = ndcgAtK(order, rel);
        return gains.every((g) => g === 0) ? v === null : v !== null && v >= 0 && v <= 1 + 1e-12;
      }),
    );
  });

  it("does not change when two irrelevant items swap places", () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), fc.nat(), ({ gains, order }, i, j) => {
        const rel = Object.fromEntries(gains.map((g, k) => [`c${k}`, g]));
        const zero = order.map((id, pos) => ({ id, pos })).filter(({ id }) => rel[id] === 0);
        if (zero.length < 2 || gains.every((g) => g === 0)) return true;
        const a = zero[i % zero.length]!.pos;
        const b = zero[j % zero.length]!.pos;
        const swapped = [...order];
        [swapped[a], swapped[b]] = [swapped[b]!, swapped[a]!];
        return Math.abs(ndcgAtK(swapped, rel)! - ndcgAtK(order, rel)!) < 1e-12;
      }),
    );
  });

  it("never exceeds the ideal ranking", () => {
    fc.assert(
      fc.property(caseArb, ({ gains, order }) => {
        const rel = Object.fromEntries(gains.map((g, i) => [`c${i}`, g]));
        return dcgAtK(order, rel) <= dcgAtK(idealRanking(order, rel), rel) + 1e-12;
      }),
    );
  });
});
