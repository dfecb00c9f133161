/** Property-based tests: formatter/parser round trip and robustness of the parser on hostile input. */
import fc from "fast-check";
import { bddlExprArb } from "./expr-arbitrary.ts";
import { describe, expect, it } from "vitest";
import { PREDICATE_ARITY } from "../../../sim/bddl/ast.ts";
import { formatExpr } from "../../../sim/bddl/format.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { tokenize } from "../../../sim/bddl/tokenizer.ts";
import { InputError } from "../../../sim/errors.ts";
import { Rng } from "../../../sim/rng.ts";
import { positionOf, realProblems, stripPositions } from "./helpers.ts";

const CATEGORIES: Record<string, string[]> = {
  "a.n.01": ["a.n.01_1", "a.n.01_2"],
  "b.n.02": ["b.n.02_1"],
  "w.n.01": ["w.n.01_1", "w.n.01_*"],
};
const INSTANCES = Object.values(CATEGORIES).flat();
const VARIABLES = ["x", "y", "a.n.01"];
const ROOMS = ["kitchen", "garden"];
const PREDICATES: Array<[string, number]> = [...Object.entries(PREDICATE_ARITY), ["covered", 2], ["future", 1]];
const OBJECTS = Object.entries(CATEGORIES).map(([c, insts]) => `${insts.join(" ")} - ${c}`).join("\n");

function wrap(goal: string, shout = false): string {
  const text = `(define (problem p) (:domain d) (:objects ${OBJECTS}) (:init) (:goal ${goal}))`;
  return shout ? text.replace(/\((define|problem|:domain|:objects|:init|:goal)/g, (kw) => kw.toUpperCase()) : text;
}


/** Random well-scoped goal expressions over the declarations above. */
const exprArb = (depth: number) => bddlExprArb({ terms: INSTANCES, variables: VARIABLES, categories: CATEGORIES, rooms: ROOMS, predicates: PREDICATES }, depth);

/** Randomly changes the letter case of every keyword, predicate, instance and category (not ?variables, rooms). */
function shuffleCase(text: string, seed: number): string {
  const rng = new Rng(seed);
  let out = "";
  let last = 0;
  const lines = text.split("\n");
  const offsets = lines.map((_, i) => lines.slice(0, i).reduce((n, l) => n + l.length + 1, 0));
  for (const tok of tokenize(text).tokens) {
    if (tok.kind !== "symbol" || tok.text.startsWith("?") || ROOMS.includes(tok.text)) continue;
    const at = offsets[tok.line - 1]! + tok.column - 1;
    const cased = [...tok.text].map((ch) => (rng.next() < 0.5 ? ch.toUpperCase() : ch.toLowerCase())).join("");
    out += text.slice(last, at) + cased;
    last = at + tok.text.length;
  }
  return out + text.slice(last);
}

/** Parses, accepting success or an InputError that names the file and a position inside the text. */
function parseOrInputError(text: string): void {
  try {
    parseProblem(text, "fuzz.bddl");
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.file).toBe("fuzz.bddl");
    const m = /^line (\d+), column (\d+)$/.exec(e.where ?? "");
    expect(m, `where = ${e.where}`).not.toBeNull();
    const end = positionOf(text, text.length);
    const [line, column] = [Number(m![1]), Number(m![2])];
    expect(line).toBeGreaterThanOrEqual(1);
    expect(line < end.line || (line === end.line && column <= end.column)).toBe(true);
    expect(e.reason.length).toBeGreaterThan(0);
  }
}

const SAMPLE = wrap("(and (forall (?x - a.n.01) (ontop ?x b.n.02_1)) (forn (1) (?y - w.n.01) (open ?y)))").replace(
  "(:init)",
  "(:init (inroom b.n.02_1 kitchen) (not (open a.n.01_1)))",
);
const BASES = [SAMPLE, ...realProblems().map((p) => p.text)];

describe("formatExpr / parseProblem round trip", () => {
  it("parse(formatExpr(e)) gives e back", () => {
    fc.assert(
      fc.property(exprArb(3), (e) => {
        expect(stripPositions(parseProblem(wrap(formatExpr(e)), "rt.bddl").goal)).toEqual(stripPositions(e));
      }),
      { numRuns: 500 },
    );
  });

  it("letter case of keywords and names does not change the parsed expression", () => {
    fc.assert(
      fc.property(exprArb(3), fc.integer(), (e, seed) => {
        // declarations keep their spelling; every reference to them in the goal is re-cased at random
        const text = wrap(shuffleCase(formatExpr(e), seed), true);
        expect(stripPositions(parseProblem(text, "rt.bddl").goal)).toEqual(stripPositions(e));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parser robustness: only InputErrors, with a position inside the text", () => {
  it("random BDDL-alphabet garbage", () => {
    const unit = fc.constantFrom(..."()()?-_.:;* \n\tabdefinoprstx01".split(""), "define", "problem", ":goal", "forall");
    fc.assert(fc.property(fc.string({ unit, maxLength: 200 }), parseOrInputError), { numRuns: 1000 });
  });

  it("random unicode garbage", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), parseOrInputError), { numRuns: 500 });
  });

  it("random truncation of real files fails while the text is incomplete", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), fc.double({ min: 0, max: 1, noNaN: true }), (base, f) => {
        const cut = base.slice(0, Math.floor(f * base.length));
        if (cut.length <= base.lastIndexOf(")")) expect(() => parseProblem(cut, "fuzz.bddl")).toThrow(InputError);
        parseOrInputError(cut);
      }),
      { numRuns: 500 },
    );
  });

  it("random edits of real files (delete a span, insert a token, replace a character)", () => {
    const inserted = fc.constantFrom("(", ")", " - ", "?", "forall", "(not", "x.n.01_9", ";", "(:gaol", "(forn (x)");
    fc.assert(
      fc.property(
        fc.constantFrom(...BASES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: 40 }),
        inserted,
        fc.constantFrom("delete", "insert", "replace"),
        (base, f, len, token, kind) => {
          const at = Math.floor(f * base.length);
          const text =
            kind === "delete"
              ? base.slice(0, at) + base.slice(at + len)
              : kind === "insert"
                ? base.slice(0, at) + token + base.slice(at)
                : base.slice(0, at) + token[0] + base.slice(at + 1);
          parseOrInputError(text);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("very long and deeply nested input", () => {
    parseOrInputError("(define ".repeat(50_000));
    parseOrInputError(`${"(not ".repeat(150)}(open a.n.01_1)${")".repeat(150)}`);
    parseOrInputError(wrap(`${"(not ".repeat(150)}(open a.n.01_1)${")".repeat(150)}`));
  });
});
