import { isRoomArg, type BddlExpr, type BddlProblem } from "../bddl/ast.ts";

/**
 * Every atom an activity writes, with its arguments widened to the instances they can stand for
 * (a quantified variable stands for every instance of its category) and the sign it is wanted with.
 * The sampler reads these to decide abilities, sizes and the tools an activity needs.
 */
export interface AtomUse {
  pred: string;
  /** Per argument, the instance names it can be (a room type for `inroom`'s second argument). */
  args: string[][];
  /**
   * Per argument, true when one of its instances is enough: a variable of an `exists` wanted true (`(exists
   * (?paper) (ontop ?paper steak))` puts one piece of paper on the steak, not every piece).
   */
  oneOf: boolean[];
  /** Wanted true, wanted false, or either (under an `imply` condition). */
  sign: "positive" | "negative" | "both";
  /** From `:goal` (else `:init`). */
  goal: boolean;
  /** Under an `or`: another disjunct may be made true instead, so the atom itself need not be achievable. */
  optional: boolean;
  line: number;
  column: number;
}

/** Atom uses of `:init` and `:goal`, in source order. */
export function atomUses(problem: BddlProblem): AtomUse[] {
  const out: AtomUse[] = [];
  const instancesOf = (category: string) => problem.categories.get(category) ?? [];
  // `ones`: the variables in scope bound by an `exists` that is wanted true
  const visit = (e: BddlExpr, scope: ReadonlyMap<string, string>, sign: AtomUse["sign"], goal: boolean, optional = false, ones: ReadonlySet<string> = new Set()): void => {
    switch (e.op) {
      case "atom":
        out.push({
          pred: e.pred,
          args: e.args.map((a, i) => (isRoomArg(e.pred, i) ? [a] : scope.has(a) ? instancesOf(scope.get(a)!) : [a])),
          oneOf: e.args.map((a, i) => !isRoomArg(e.pred, i) && ones.has(a)),
          sign,
          goal,
          optional,
          line: e.line,
          column: e.column,
        });
        return;
      case "not":
        return visit(e.arg, scope, flip(sign), goal, optional, ones);
      case "and":
      case "or": {
        // a wanted-false `and` is an `or` of negations, and the other way round
        const either = (e.op === "or") === (sign !== "negative") || sign === "both";
        return e.args.forEach((a) => visit(a, scope, sign, goal, optional || (either && e.args.length > 1), ones));
      }
      case "imply":
        visit(e.if, scope, "both", goal, true, ones);
        return visit(e.then, scope, sign, goal, true, ones);
      case "forall":
      case "exists":
      case "forn": {
        // a wanted-false `exists` is a `forall` of negations
        const one = e.op === "exists" && sign === "positive";
        const inner = new Set([...ones].filter((v) => v !== e.var));
        return visit(e.body, new Map(scope).set(e.var, e.category), sign, goal, optional, one ? inner.add(e.var) : inner);
      }
      case "forpairs":
      case "fornpairs":
        return visit(e.body, new Map(scope).set(e.var1, e.cat1).set(e.var2, e.cat2), sign, goal, optional, new Set([...ones].filter((v) => v !== e.var1 && v !== e.var2)));
    }
  };
  for (const lit of problem.init) visit(lit, new Map(), "positive", false);
  visit(problem.goal, new Map(), "positive", true);
  return out;
}

function flip(sign: AtomUse["sign"]): AtomUse["sign"] {
  return sign === "both" ? "both" : sign === "positive" ? "negative" : "positive";
}

/** True when the use can want the atom true (`positive`) or false (`negative`). */
export function wants(use: AtomUse, value: boolean): boolean {
  return use.sign === "both" || use.sign === (value ? "positive" : "negative");
}
