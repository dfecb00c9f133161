import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../sim/errors.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { readSExprs, where, type SList } from "../../../sim/bddl/sexpr.ts";
import { realProblems } from "./helpers.ts";

const PROBLEM = `(define (problem p-0) (:domain omnigibson)
 (:objects apple.n.01_1 - apple.n.01 floor.n.01_1 - floor.n.01)
 (:init (ontop apple.n.01_1 floor.n.01_1) (inroom floor.n.01_1 kitchen)
 (:goal (and (ontop ?apple.n.01_1 ?floor.n.01_1))))
`;

/** The InputError `readSExprs` throws for `text`. */
function readError(text: string): InputError {
  try {
    readSExprs(text, "f.bddl");
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError, but the text read");
}

/** Character index of a 1-based line and column. */
function indexOf(text: string, line: number, column: number): number {
  let i = 0;
  for (let l = 1; l < line; l++) i = text.indexOf("\n", i) + 1;
  return i + column - 1;
}

/** The section lists of a problem's `(define …)`, in file order. */
function sectionsOf(text: string): SList[] {
  const define = readSExprs(text, "f.bddl").forms[0] as SList;
  return define.items.filter((x): x is SList => x.kind === "list" && x.items[0]?.kind === "symbol" && x.items[0].text.startsWith(":"));
}

describe("readSExprs: a section left open", () => {
  it("points at the section that begins inside it, not at the end of the file", () => {
    const e = readError(PROBLEM);
    expect(e.where).toBe("line 4, column 2");
    expect(e.reason).toBe(
      "unbalanced parenthesis: (:goal …) begins inside (:init …), opened at line 3, column 2: a ')' is probably missing before it (1 '(' unclosed at the end of the input)",
    );
    expect(() => parseProblem(PROBLEM, "f.bddl")).toThrow("f.bddl: line 4, column 2: unbalanced parenthesis: (:goal …) begins inside (:init …)");
  });

  it("a list left open inside a section names the enclosing section", () => {
    const text = PROBLEM.replace("(inroom floor.n.01_1 kitchen)\n", "(inroom floor.n.01_1 kitchen\n").replace("floor.n.01_1))))", "floor.n.01_1)))))");
    const e = readError(text);
    expect(e.where).toBe("line 4, column 2");
    expect(e.reason).toContain("(:goal …) begins inside (:init …), opened at line 3, column 2");
  });

  it("without a section inside another, the end of the input and the innermost open '(' as before", () => {
    const text = PROBLEM.replace("floor.n.01_1) (inroom", "floor.n.01_1)) (inroom").replace("?floor.n.01_1))))", "?floor.n.01_1)))");
    const e = readError(text);
    expect(e.reason).toMatch(/^unbalanced parenthesis: unexpected end of input with 1 '\(' unclosed \(the innermost at line 1, column 1\)$/);
  });

  const real = realProblems();
  it.skipIf(real.length === 0)("on the real activities: dropping any section's ')' points at the next section", () => {
    fc.assert(
      fc.property(fc.nat(real.length - 1), fc.nat(), (k, pick) => {
        const { text } = real[k]!;
        const sections = sectionsOf(text);
        const i = pick % (sections.length - 1);
        const [open, next] = [sections[i]!, sections[i + 1]!];
        const cut = indexOf(text, open.end.line, open.end.column);
        expect(text[cut]).toBe(")");
        const e = readError(text.slice(0, cut) + text.slice(cut + 1));
        expect(e.where).toBe(where(next));
        const [outerHead, innerHead] = [open.items[0], next.items[0]].map((h) => (h?.kind === "symbol" ? h.text : ""));
        expect(e.reason).toContain(`(${innerHead} …) begins inside (${outerHead} …), opened at ${where(open)}: a ')' is probably missing before it`);
      }),
      { numRuns: 200 },
    );
  });
});
