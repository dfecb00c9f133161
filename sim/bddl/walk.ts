/** Traversals of BDDL expressions: atoms, named instances, variable substitution. */
import { isRoomArg } from "./ast.ts";
import type { AtomExpr, BddlExpr, BddlProblem, SourcePos } from "./ast.ts";

/** Every atom in `expr`, in source order (arguments may be variables of enclosing quantifiers). */
export function atomsOf(expr: BddlExpr): AtomExpr[] {
  const out: AtomExpr[] = [];
  const visit = (e: BddlExpr): void => {
    switch (e.op) {
      case "atom":
        out.push(e);
        return;
      case "not":
        return visit(e.arg);
      case "and":
      case "or":
        return e.args.forEach(visit);
      case "imply":
        visit(e.if);
        return visit(e.then);
      default:
        return visit(e.body);
    }
  };
  visit(expr);
  return out;
}

/** Every predicate use in `:init` and `:goal`, in source order, with its position. */
export function predicatesUsed(problem: BddlProblem): Array<{ pred: string } & SourcePos> {
  return [...problem.init, problem.goal]
    .flatMap(atomsOf)
    .map((a) => ({ pred: a.pred, line: a.line, column: a.column }));
}

/** The variables a quantifier node binds (none for other nodes). */
export function boundVariables(expr: BddlExpr): string[] {
  switch (expr.op) {
    case "forall":
    case "exists":
    case "forn":
      return [expr.var];
    case "forpairs":
    case "fornpairs":
      return [expr.var1, expr.var2];
    default:
      return [];
  }
}

/** The categories a quantifier node ranges over (none for other nodes). */
export function quantifiedCategories(expr: BddlExpr): string[] {
  switch (expr.op) {
    case "forall":
    case "exists":
    case "forn":
      return [expr.category];
    case "forpairs":
    case "fornpairs":
      return [expr.cat1, expr.cat2];
    default:
      return [];
  }
}

/**
 * Visits every atom with the set of variables bound around it; `onQuantifier` sees each quantifier.
 * Atom arguments not in that set (and not a room type) are object constants.
 */
function walkScoped(
  expr: BddlExpr,
  onAtom: (atom: AtomExpr, bound: ReadonlySet<string>) => void,
  onQuantifier: (q: BddlExpr) => void = () => {},
): void {
  const visit = (e: BddlExpr, bound: ReadonlySet<string>): void => {
    switch (e.op) {
      case "atom":
        return onAtom(e, bound);
      case "not":
        return visit(e.arg, bound);
      case "and":
      case "or":
        return e.args.forEach((a) => visit(a, bound));
      case "imply":
        visit(e.if, bound);
        return visit(e.then, bound);
      default:
        onQuantifier(e);
        return visit(e.body, new Set([...bound, ...boundVariables(e)]));
    }
  };
  visit(expr, new Set());
}

/** True when argument `i` of `atom`, with `bound` variables in scope, is an object constant. */
function isConstant(atom: AtomExpr, i: number, bound: ReadonlySet<string>): boolean {
  return !isRoomArg(atom.pred, i) && !bound.has(atom.args[i]!);
}

/**
 * The object constants `expr` names: atom arguments that are neither bound variables nor room types,
 * deduplicated in order of first appearance.
 */
export function namedInstances(expr: BddlExpr): string[] {
  const out = new Set<string>();
  walkScoped(expr, (atom, bound) => atom.args.forEach((a, i) => isConstant(atom, i, bound) && out.add(a)));
  return [...out];
}

/**
 * The instances `expr` is about: the constants it names, then every instance its quantifiers range over
 * (`instancesOf(category)`), deduplicated in order of first appearance. This is bddl's
 * `HEAD.get_relevant_objects` ("no matter what the quantifier, every object of the category is relevant").
 */
export function mentionedInstances(expr: BddlExpr, instancesOf: (category: string) => string[]): string[] {
  const out = new Set(namedInstances(expr));
  walkScoped(
    expr,
    () => {},
    (q) => quantifiedCategories(q).forEach((c) => instancesOf(c).forEach((i) => out.add(i))),
  );
  return [...out];
}

/**
 * Replaces the free variable `variable` by the instance `value` everywhere in `expr`.
 * A quantifier that rebinds `variable` shadows it; one that binds a variable spelt like `value` is renamed
 * first so `value` is not captured.
 */
export function substitute(expr: BddlExpr, variable: string, value: string): BddlExpr {
  switch (expr.op) {
    case "atom":
      return { ...expr, args: expr.args.map((a, i) => (!isRoomArg(expr.pred, i) && a === variable ? value : a)) };
    case "not":
      return { ...expr, arg: substitute(expr.arg, variable, value) };
    case "and":
    case "or":
      return { ...expr, args: expr.args.map((a) => substitute(a, variable, value)) };
    case "imply":
      return { ...expr, if: substitute(expr.if, variable, value), then: substitute(expr.then, variable, value) };
    case "forall":
    case "exists":
    case "forn": {
      if (expr.var === variable) return expr;
      const renamed = avoidCapture(expr, expr.var, value);
      return { ...renamed, body: substitute(renamed.body, variable, value) };
    }
    case "forpairs":
    case "fornpairs": {
      if (expr.var1 === variable || expr.var2 === variable) return expr;
      const r1 = avoidCapture(expr, expr.var1, value);
      const r2 = avoidCapture(r1, r1.var2, value);
      return { ...r2, body: substitute(r2.body, variable, value) };
    }
  }
}

/** Renames bound variable `bound` of quantifier `q` to a fresh name when it equals `value`. */
function avoidCapture<Q extends BddlExpr & { body: BddlExpr }>(q: Q, bound: string, value: string): Q {
  if (bound !== value) return q;
  const taken = new Set(atomsOf(q.body).flatMap((a) => a.args));
  let fresh = `v_${bound}`;
  for (let k = 2; taken.has(fresh); k++) fresh = `v${k}_${bound}`;
  const body = substitute(q.body, bound, fresh);
  const q2 = { ...q, body } as Q & Record<string, unknown>;
  for (const key of ["var", "var1", "var2"]) if (q2[key] === bound) q2[key] = fresh;
  return q2;
}
