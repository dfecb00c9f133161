import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BddlExpr } from "../../../sim/bddl/ast.ts";
import { coveredRowsAndColumns, evaluate, pairMatrix } from "../../../sim/bddl/evaluate.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { FakeWorld } from "./helpers.ts";

const MEMBERS = {
  "basket.n.01": ["basket.n.01_1", "basket.n.01_2", "basket.n.01_3"],
  "candle.n.01": ["candle.n.01_1", "candle.n.01_2", "candle.n.01_3"],
  "mug.n.01": ["mug.n.01_1", "mug.n.01_2", "mug.n.01_3", "mug.n.01_4"],
  "table.n.01": ["table.n.01_1"],
  "ghost.n.01": [] as string[],
};

/** Parses a goal expression against a problem declaring MEMBERS (plus a declared-but-unbound ghost). */
function goal(text: string): BddlExpr {
  const objects = Object.entries(MEMBERS)
    .map(([cat, insts]) => `${insts.length ? insts.join(" ") : `${cat}_*`} - ${cat}`)
    .join("\n");
  return parseProblem(`(define (problem t) (:domain d) (:objects ${objects}) (:init) (:goal ${text}))`, "t.bddl").goal;
}

function world(...trueAtoms: string[]): FakeWorld {
  return new FakeWorld(MEMBERS, trueAtoms);
}

const openMugs = (k: number) => MEMBERS["mug.n.01"].slice(0, k).map((m) => `open ${m}`);

describe("evaluate: forn is exactly N", () => {
  const forn2 = goal("(forn (2) (?m - mug.n.01) (open ?m))");
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [3, false],
    [4, false],
  ])("%i open mugs → %s", (k, expected) => {
    expect(evaluate(forn2, world(...openMugs(k)))).toBe(expected);
  });

  it("forn (0) over zero instances holds; forn (1) does not", () => {
    expect(evaluate(goal("(forn (0) (?g - ghost.n.01) (open ?g))"), world())).toBe(true);
    expect(evaluate(goal("(forn (1) (?g - ghost.n.01) (open ?g))"), world())).toBe(false);
  });
});

describe("evaluate: forall / exists / not / imply", () => {
  it("forall over zero instances is true, exists over zero instances is false", () => {
    expect(evaluate(goal("(forall (?g - ghost.n.01) (open ?g))"), world())).toBe(true);
    expect(evaluate(goal("(exists (?g - ghost.n.01) (open ?g))"), world())).toBe(false);
  });

  it("forall needs every instance, exists one", () => {
    const all = goal("(forall (?m - mug.n.01) (open ?m))");
    const some = goal("(exists (?m - mug.n.01) (open ?m))");
    expect([evaluate(all, world(...openMugs(3))), evaluate(all, world(...openMugs(4)))]).toEqual([false, true]);
    expect([evaluate(some, world()), evaluate(some, world(...openMugs(1)))]).toEqual([false, true]);
  });

  it("not / exists nesting: no mug closed, some mug not open", () => {
    const noneClosed = goal("(not (exists (?m - mug.n.01) (not (open ?m))))");
    const someClosed = goal("(exists (?m - mug.n.01) (not (open ?m)))");
    for (const k of [0, 3, 4]) {
      expect(evaluate(noneClosed, world(...openMugs(k)))).toBe(k === 4);
      expect(evaluate(someClosed, world(...openMugs(k)))).toBe(k !== 4);
    }
  });

  it("exists over forall: one table that every mug is on", () => {
    const e = goal("(exists (?t - table.n.01) (forall (?m - mug.n.01) (ontop ?m ?t)))");
    const on = MEMBERS["mug.n.01"].map((m) => `ontop ${m} table.n.01_1`);
    expect(evaluate(e, world(...on))).toBe(true);
    expect(evaluate(e, world(...on.slice(1)))).toBe(false);
  });

  it("imply is (not a) or b", () => {
    const e = goal("(imply (open mug.n.01_1) (open mug.n.01_2))");
    expect(evaluate(e, world())).toBe(true);
    expect(evaluate(e, world("open mug.n.01_2"))).toBe(true);
    expect(evaluate(e, world("open mug.n.01_1"))).toBe(false);
    expect(evaluate(e, world("open mug.n.01_1", "open mug.n.01_2"))).toBe(true);
  });

  it("substitutes bound variables and free variables from bindings, never inroom's room type", () => {
    const e = goal("(forall (?kitchen - table.n.01) (inroom ?kitchen kitchen))");
    const w = world("inroom table.n.01_1 kitchen");
    expect(evaluate(e, w)).toBe(true);
    expect(w.asked).toEqual(["inroom table.n.01_1 kitchen"]);
    const free: BddlExpr = { op: "atom", pred: "open", args: ["x"], line: 1, column: 1 };
    expect(evaluate(free, world("open mug.n.01_3"), new Map([["x", "mug.n.01_3"]]))).toBe(true);
  });
});

describe("evaluate: forpairs as bddl's ForPairs", () => {
  const fp = goal("(forpairs (?b - basket.n.01) (?c - candle.n.01) (inside ?c ?b))");
  const inside = (pairs: Array<[number, number]>) => pairs.map(([b, c]) => `inside candle.n.01_${c} basket.n.01_${b}`);

  it("one candle per basket holds, although not every candle is in every basket", () => {
    expect(evaluate(fp, world(...inside([[1, 1], [2, 2], [3, 3]])))).toBe(true);
    const naive = goal("(forall (?b - basket.n.01) (forall (?c - candle.n.01) (inside ?c ?b)))");
    expect(evaluate(naive, world(...inside([[1, 1], [2, 2], [3, 3]])))).toBe(false);
  });

  it("fails when a basket gets no candle", () => {
    expect(evaluate(fp, world(...inside([[1, 1], [1, 2], [2, 3]])))).toBe(false);
  });

  it("is bddl's covering test, not a matching: rows and columns covered without a one-to-one pairing", () => {
    // basket 1 holds all candles, baskets 2 and 3 only candle 1: no perfect matching exists
    expect(evaluate(fp, world(...inside([[1, 1], [1, 2], [1, 3], [2, 1], [3, 1]])))).toBe(true);
  });

  it("with unequal sizes needs min(rows, columns) of each covered", () => {
    const e = goal("(forpairs (?t - table.n.01) (?m - mug.n.01) (ontop ?m ?t))");
    expect(evaluate(e, world("ontop mug.n.01_3 table.n.01_1"))).toBe(true);
    expect(evaluate(e, world())).toBe(false);
  });

  it("same category on both sides: row i omits instance i, and columns are compared by index as in bddl", () => {
    const e = goal("(forpairs (?a - candle.n.01) (?b - candle.n.01) (nextto ?a ?b))");
    const w = world("nextto candle.n.01_1 candle.n.01_2", "nextto candle.n.01_2 candle.n.01_1", "nextto candle.n.01_3 candle.n.01_1");
    if (e.op !== "forpairs") throw new Error("expected forpairs");
    // rows: c1 → [c2, c3], c2 → [c1, c3], c3 → [c1, c2]
    expect(pairMatrix(e, w)).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    // Every row is covered but only column index 0; L = min(3, 2) = 2, so bddl says false even though, by
    // object identity, candles 1 and 2 are both covered as second members.
    expect(evaluate(e, w)).toBe(false);
  });

  it("over zero first instances holds (bddl would crash; L = 0)", () => {
    expect(evaluate(goal("(forpairs (?g - ghost.n.01) (?m - mug.n.01) (ontop ?m ?g))"), world())).toBe(true);
  });

  it("property: a perfect pairing implies forpairs; forall-forall implies forpairs", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }), (m) => {
        const atoms = m.flatMap((row, b) => row.flatMap((v, c) => (v ? inside([[b + 1, c + 1]]) : [])));
        const result = evaluate(fp, world(...atoms));
        const permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        if (permutations.some((p) => p.every((c, b) => m[b]![c]))) expect(result).toBe(true);
        if (m.every((row) => row.every(Boolean))) expect(result).toBe(true);
        if (m.some((row) => !row.some(Boolean))) expect(result).toBe(false);
      }),
    );
  });
});

describe("evaluate: fornpairs as bddl's ForNPairs", () => {
  const fnp = (n: number) => goal(`(fornpairs (${n}) (?b - basket.n.01) (?m - mug.n.01) (inside ?m ?b))`);
  const atoms = ["inside mug.n.01_1 basket.n.01_1", "inside mug.n.01_2 basket.n.01_2"];

  it("holds when at least N rows and N columns are covered", () => {
    expect([1, 2, 3].map((n) => evaluate(fnp(n), world(...atoms)))).toEqual([true, true, false]);
  });

  it("two mugs in one basket cover one row only", () => {
    const oneBasket = ["inside mug.n.01_1 basket.n.01_1", "inside mug.n.01_2 basket.n.01_1"];
    expect([1, 2].map((n) => evaluate(fnp(n), world(...oneBasket)))).toEqual([true, false]);
  });

  it("counts covered rows and columns of ragged matrices by index", () => {
    expect(coveredRowsAndColumns([[false, true], [false], [true, false, false]])).toEqual({ rows: 2, columns: 2 });
    expect(coveredRowsAndColumns([])).toEqual({ rows: 0, columns: 0 });
  });
});
