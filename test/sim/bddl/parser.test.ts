import { describe, expect, it } from "vitest";
import { InputError } from "../../../sim/errors.ts";
import { parseProblem, PREDICATE_ARITY, predicatesUsed } from "../../../sim/bddl/parser.ts";
import { positionOf, stripPositions } from "./helpers.ts";

const TRASH = `(define (problem picking_up_trash-0)
    (:domain omnigibson)
    ; three cans on the living-room floor
    (:objects
        ashcan.n.01_1 - ashcan.n.01
        can__of__soda.n.01_1 can__of__soda.n.01_2 can__of__soda.n.01_3 - can__of__soda.n.01
        floor.n.01_1 floor.n.01_2 - floor.n.01
        tree.n.01_1 tree.n.01_* - tree.n.01
    )
    (:init
        (ontop ashcan.n.01_1 floor.n.01_2) ; by the door
        (not (open ashcan.n.01_1))
        (inroom floor.n.01_2 kitchen)
    )
    (:goal
        (and
            (forall (?can__of__soda.n.01 - can__of__soda.n.01)
                (inside ?can__of__soda.n.01 ?ashcan.n.01_1))
        )
    )
)`;

/** Parses `text` expecting an InputError; returns it. */
function parseError(text: string, file = "task.bddl"): InputError {
  try {
    parseProblem(text, file);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError, but the text parsed");
}

/** `line L, column C` of the first occurrence of `needle` in `text` (plus `shift` characters). */
function at(text: string, needle: string, shift = 0): string {
  const i = text.indexOf(needle);
  expect(i).toBeGreaterThanOrEqual(0);
  const p = positionOf(text, i + shift);
  return `line ${p.line}, column ${p.column}`;
}

describe("parseProblem: structure", () => {
  const p = parseProblem(TRASH, "trash.bddl");

  it("reads name, domain, objects in declaration order and categories", () => {
    expect(p.name).toBe("picking_up_trash-0");
    expect(p.domain).toBe("omnigibson");
    expect([...p.objects.keys()]).toEqual([
      "ashcan.n.01_1",
      "can__of__soda.n.01_1",
      "can__of__soda.n.01_2",
      "can__of__soda.n.01_3",
      "floor.n.01_1",
      "floor.n.01_2",
      "tree.n.01_1",
      "tree.n.01_*",
    ]);
    expect(p.objects.get("can__of__soda.n.01_2")).toBe("can__of__soda.n.01");
    expect(p.categories.get("floor.n.01")).toEqual(["floor.n.01_1", "floor.n.01_2"]);
    expect([...p.wildcards]).toEqual(["tree.n.01"]);
  });

  it("reads init literals with not, ignoring comments, and keeps inroom's room type", () => {
    expect(p.init.map(stripPositions)).toEqual([
      { op: "atom", pred: "ontop", args: ["ashcan.n.01_1", "floor.n.01_2"] },
      { op: "not", arg: { op: "atom", pred: "open", args: ["ashcan.n.01_1"] } },
      { op: "atom", pred: "inroom", args: ["floor.n.01_2", "kitchen"] },
    ]);
  });

  it("resolves ?instance to the instance and ?variable to the bound variable", () => {
    expect(stripPositions(p.goal)).toEqual({
      op: "and",
      args: [
        {
          op: "forall",
          var: "can__of__soda.n.01",
          category: "can__of__soda.n.01",
          body: { op: "atom", pred: "inside", args: ["can__of__soda.n.01", "ashcan.n.01_1"] },
        },
      ],
    });
  });

  it("gives every node and declaration its source line and column", () => {
    expect(p.positions.goal).toEqual(positionOf(TRASH, TRASH.indexOf("(:goal")));
    expect(p.positions.instances.get("floor.n.01_2")).toEqual(positionOf(TRASH, TRASH.indexOf("floor.n.01_2 -")));
    expect(p.init[1]).toMatchObject(positionOf(TRASH, TRASH.indexOf("(not (open")));
    const forall = p.goal.op === "and" ? p.goal.args[0]! : p.goal;
    expect(forall).toMatchObject(positionOf(TRASH, TRASH.indexOf("(forall")));
    if (forall.op !== "forall") throw new Error("expected forall");
    expect(forall.body).toMatchObject(positionOf(TRASH, TRASH.indexOf("(inside")));
  });

  it("lists predicate uses with positions", () => {
    expect(predicatesUsed(p)).toEqual([
      { pred: "ontop", ...positionOf(TRASH, TRASH.indexOf("(ontop")) },
      { pred: "open", ...positionOf(TRASH, TRASH.indexOf("(open")) },
      { pred: "inroom", ...positionOf(TRASH, TRASH.indexOf("(inroom")) },
      { pred: "inside", ...positionOf(TRASH, TRASH.indexOf("(inside")) },
    ]);
  });

  it("accepts any letter case: keywords and predicates lower-cased, names resolved to their declared spelling", () => {
    const shouted = TRASH.replace("(define", "(DEFINE")
      .replace("(:goal", "(:GOAL")
      .replace("(forall", "(ForAll")
      .replace("(inside ?can__of__soda.n.01 ?ashcan.n.01_1)", "(INSIDE ?CAN__OF__SODA.N.01 ?AshCan.N.01_1)")
      .replace("(ontop ashcan", "(OnTop ASHCAN");
    const q = parseProblem(shouted, "shouted.bddl");
    expect(stripPositions(q.goal)).toEqual(stripPositions(p.goal));
    expect(stripPositions(q.init[0]!)).toEqual(stripPositions(p.init[0]!));
  });

  it("keeps the declared spelling of mixed-case instance names", () => {
    const q = parseProblem(TRASH.replace("ashcan.n.01_1 - ashcan.n.01", "AshCan.n.01_1 - ashcan.n.01"), "f");
    expect(q.objects.has("AshCan.n.01_1")).toBe(true);
    expect(q.init[0]).toMatchObject({ args: ["AshCan.n.01_1", "floor.n.01_2"] });
  });

  it("parses forn counts written (N) or N, and the pair quantifiers", () => {
    const goal = `(and (forn (2) (?c - can__of__soda.n.01) (open ?c))
      (fornpairs 1 (?c - can__of__soda.n.01) (?f - floor.n.01) (ontop ?c ?f))
      (imply (open ashcan.n.01_1) (exists (?t - tree.n.01) (nextto ashcan.n.01_1 ?t))))`;
    const q = parseProblem(TRASH.replace(/\(:goal[\s\S]*\)\s*\)\s*$/, `(:goal ${goal}))`), "f");
    if (q.goal.op !== "and") throw new Error("expected and");
    expect(q.goal.args.map((a) => [a.op, "n" in a ? a.n : undefined])).toEqual([
      ["forn", 2],
      ["fornpairs", 1],
      ["imply", undefined],
    ]);
  });

  it("exports the arity of every predicate the simulator knows", () => {
    expect(PREDICATE_ARITY.inroom).toBe(2);
    expect(PREDICATE_ARITY.toggled_on).toBe(1);
    expect(PREDICATE_ARITY.overlaid).toBe(2);
    expect(Object.keys(PREDICATE_ARITY)).toHaveLength(18);
  });

  it("accepts unknown predicates (the importer decides) but still checks their arguments", () => {
    const q = parseProblem(TRASH.replace("(open ashcan.n.01_1)", "(covered ashcan.n.01_1 floor.n.01_1)"), "f");
    expect(predicatesUsed(q).map((u) => u.pred)).toContain("covered");
    const e = parseError(TRASH.replace("(open ashcan.n.01_1)", "(covered ashcan.n.01_9)"));
    expect(e.reason).toMatch(/undeclared instance 'ashcan.n.01_9'/);
  });
});

describe("parseProblem: the domain", () => {
  it("warns, at the domain's name, when it is not a BEHAVIOR domain (a PDDL planning problem reads as BDDL too)", () => {
    const p = parseProblem(TRASH.replace("(:domain omnigibson)", "(:domain blocksworld)"), "t.bddl");
    expect(p.warnings).toEqual([{ line: 2, column: 14, message: "domain 'blocksworld' is not a BEHAVIOR domain (igibson, omnigibson, behavior-1k): its predicates are read as BEHAVIOR's" }]);
  });

  it.each(["omnigibson", "igibson", "behavior-1k", "OmniGibson"])("takes %s without a warning", (domain) => {
    expect(parseProblem(TRASH.replace("(:domain omnigibson)", `(:domain ${domain})`), "t.bddl").warnings).toEqual([]);
  });
});

describe("parseProblem: errors name file, line, column and reason", () => {
  it("truncated file: unexpected end of input at the end of the text", () => {
    const cut = TRASH.slice(0, TRASH.indexOf("(forall") + "(forall (?can".length);
    const e = parseError(cut, "cut.bddl");
    const end = positionOf(cut, cut.length);
    expect(e.file).toBe("cut.bddl");
    expect(e.where).toBe(`line ${end.line}, column ${end.column}`);
    // define, :goal, and, forall and the declaration are open
    expect(e.reason).toContain("unbalanced parenthesis: unexpected end of input with 5 '(' unclosed");
    expect(e.reason).toContain(`the innermost at ${at(cut, "(?can")}`);
    expect(e.message).toBe(`cut.bddl: ${e.where}: ${e.reason}`);
  });

  it("extra closing parenthesis at the end", () => {
    const text = `${TRASH}\n)`;
    const e = parseError(text);
    expect(e.where).toBe(`line ${text.split("\n").length}, column 1`);
    expect(e.reason).toContain("')' has no matching '('");
  });

  it("extra closing parenthesis inside: points at the stray ')' it caused and where the form closed early", () => {
    const text = TRASH.replace("(not (open ashcan.n.01_1))", "(not (open ashcan.n.01_1)))");
    const e = parseError(text);
    expect(e.where).toBe(`line ${text.split("\n").length}, column 1`);
    // the extra ')' closes :init, so init's own ')' closes define early
    expect(e.reason).toContain(`already closed at ${at(text, "    )\n    (:goal", 4)}`);
  });

  it("misspelt section keyword :gaol", () => {
    const text = TRASH.replace("(:goal", "(:gaol");
    const e = parseError(text);
    expect(e.where).toBe(at(text, ":gaol"));
    expect(e.reason).toMatch(/unknown section ':gaol' \(did you mean ':goal'\?\)/);
  });

  it("misspelt forall is an unknown operator", () => {
    const text = TRASH.replace("(forall", "(forlal");
    const e = parseError(text);
    expect(e.where).toBe(at(text, "forlal"));
    expect(e.reason).toBe("unknown operator 'forlal' (did you mean 'forall'?)");
  });

  it.each([
    ["undeclared category in a quantifier", "(?can__of__soda.n.01 - can__of__soda.n.01)", "(?c - soda_can.n.01)", "soda_can.n.01", /undeclared category 'soda_can.n.01'/],
    ["instance of an undeclared category", "?ashcan.n.01_1)", "?bin.n.01_1)", "?bin.n.01_1", /'bin.n.01_1' is of undeclared category 'bin.n.01'/],
    ["undeclared instance of a declared category", "(ontop ashcan.n.01_1", "(ontop ashcan.n.01_2", "ashcan.n.01_2", /undeclared instance 'ashcan.n.01_2' \(category 'ashcan.n.01' declares ashcan.n.01_1\)/],
    ["wrong arity", "(inroom floor.n.01_2 kitchen)", "(inroom floor.n.01_2)", ")\n    )", /predicate 'inroom' takes 2 arguments, found 1/],
    ["too many arguments", "(not (open ashcan.n.01_1))", "(not (open ashcan.n.01_1 floor.n.01_1))", "floor.n.01_1))", /predicate 'open' takes 1 argument, found 2/],
    ["unknown variable", "(inside ?can__of__soda.n.01 ", "(inside ?can ", "?can ", /'\?can' is neither a declared instance nor a variable in scope \(variables in scope: \?can__of__soda.n.01\)/],
    ["quantifier in init", "(not (open ashcan.n.01_1))", "(forall (?f - floor.n.01) (open ?f))", "forall (?f", /only ground literals/],
    ["missing hyphen in a declaration", "(?can__of__soda.n.01 - can", "(?can__of__soda.n.01 : can", ": can", /expected a declaration \(\?var - category\)/],
    ["declaration without ?", "(?can__of__soda.n.01 - can", "(can__of__soda.n.01 - can", "can__of__soda.n.01 - can", /unexpected token 'can__of__soda.n.01'/],
    ["duplicate instance", "floor.n.01_1 floor.n.01_2 -", "floor.n.01_1 FLOOR.n.01_1 -", "FLOOR", /declared twice/],
    ["instances without a category", "tree.n.01_1 tree.n.01_* - tree.n.01", "tree.n.01_1 tree.n.01_*", "tree.n.01_1", /has no '- category'/],
    ["not with two arguments", "(not (open ashcan.n.01_1))", "(not (open ashcan.n.01_1) (open ashcan.n.01_1))", "(open ashcan.n.01_1))", /'not' takes 1 argument, found 2/],
  ])("%s", (_name, from, to, spot, reason) => {
    const text = TRASH.replace(from, to);
    expect(text).not.toBe(TRASH);
    const e = parseError(text);
    expect(e.reason).toMatch(reason);
    // the spot is searched after the edit point so it lands on the edited text
    const start = text.indexOf(to);
    const p = positionOf(text, text.indexOf(spot, start));
    expect(e.where).toBe(`line ${p.line}, column ${p.column}`);
  });

  it("missing section, duplicate section, two goal expressions, empty file, trailing text", () => {
    expect(parseError(TRASH.replace(/\(:domain omnigibson\)/, "")).reason).toBe("missing (:domain …) section");
    expect(parseError(TRASH.replace("(:domain omnigibson)", "(:domain a) (:domain b)")).reason).toMatch(
      /duplicate section ':domain'/,
    );
    expect(parseError(TRASH.replace("(:goal", "(:goal (open ashcan.n.01_1)")).reason).toMatch(
      /takes exactly one expression, found 2/,
    );
    const empty = parseError("  ; nothing here\n\n");
    expect([empty.where, empty.reason]).toEqual(["line 3, column 1", "empty file: expected (define (problem NAME) …)"]);
    const trailing = parseError(`${TRASH}\n(extra)`);
    expect(trailing.where).toBe(`line ${TRASH.split("\n").length + 1}, column 1`);
  });

  it("rejects hostile nesting with an InputError instead of overflowing the stack", () => {
    const e = parseError("(".repeat(100_000));
    expect(e.reason).toMatch(/nested deeper than/);
  });
});
