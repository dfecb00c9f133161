/**
 * Substances written as objects. BEHAVIOR-1K states dirt and wetness as particle systems declared among the
 * objects (`dust.n.01_1 - dust.n.01`) and related to what they are on by a binary predicate:
 * `(covered ?table.n.02_1 ?dust.n.01_1)`, `(saturated ?rag.n.01_1 ?water.n.06_1)`. BEHAVIOR-100 wrote the
 * same facts as unary states, `(dusty ?table.n.02_1)` and `(soaked ?rag.n.01_1)`, and the simulator keeps
 * those states. Folding turns each binary fact whose substance has a state here into that state's atom, at
 * the same place in the file, and drops a substance instance that nothing names any more (it is not a thing
 * that could be put in a room). Anything else about substances (water on a floor, a filled bottle, an
 * atomizer as a source of pesticide, a quantifier over dust) is left as written, so that the predicate check
 * refuses it and names it.
 *
 * A source of a substance is what an object can do: `(insource ?sink.n.01_1 ?water.n.06_1)` (older files put
 * the water first) is `(water_source ?sink.n.01_1)`, which reads the object's abilities.
 *
 * Two more BEHAVIOR-1K spellings are read the same way, each the negation of a state the simulator keeps
 * ({@link NEGATED_STATES}): `(closed ?x)` is `(not (open ?x))` and `(unfolded ?x)` is `(not (folded ?x))` (a
 * `(not (closed ?x))` is `(open ?x)`, so an initial literal stays an atom or a negated atom).
 */
import type { AtomExpr, BddlExpr, BddlProblem } from "./ast.ts";
import { mentionedInstances } from "./walk.ts";

/** Predicate → substance category → the unary state that says the same of the predicate's first operand. */
export const SUBSTANCE_STATES: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  covered: Object.freeze({ "dust.n.01": "dusty", "stain.n.01": "stained", "dirt.n.02": "dirty" }),
  saturated: Object.freeze({ "water.n.06": "soaked" }),
});

/**
 * BEHAVIOR-1K predicates that say a state does not hold → that state. A cloth is either folded or spread out
 * (OmniGibson's `unfolded`): the simulator keeps one state, `folded`, for both.
 */
export const NEGATED_STATES: Readonly<Record<string, string>> = Object.freeze({ closed: "open", unfolded: "folded" });

/** Substance category → the unary predicate that says an object is a source of it (either operand order). */
export const SUBSTANCE_SOURCES: Readonly<Record<string, string>> = Object.freeze({ "water.n.06": "water_source" });

/** A readable list of what `pred` supports, e.g. `dust.n.01 (as dusty), stain.n.01 (as stained)`; empty for other predicates. */
export function supportedSubstances(pred: string): string {
  const table = pred === "insource" ? SUBSTANCE_SOURCES : Object.hasOwn(SUBSTANCE_STATES, pred) ? SUBSTANCE_STATES[pred]! : {};
  return Object.entries(table)
    .map(([substance, state]) => `${substance} (as ${state})`)
    .join(", ");
}

/**
 * `problem` with every foldable substance fact turned into its state (see the module comment), or
 * `problem` itself when it has none. Expressions that change are copied; the rest are shared.
 */
export function foldSubstances(problem: BddlProblem): BddlProblem {
  let rewritten = 0;
  const fold = (expr: BddlExpr): BddlExpr =>
    mapAtoms(expr, (atom) => {
      if (Object.hasOwn(NEGATED_STATES, atom.pred) && atom.args.length === 1) {
        rewritten++;
        const state: AtomExpr = { ...atom, pred: NEGATED_STATES[atom.pred]! };
        return { op: "not", arg: state, line: atom.line, column: atom.column };
      }
      const source = sourceOf(problem, atom);
      if (source !== null) {
        rewritten++;
        return { op: "atom", pred: source.pred, args: [source.of], line: atom.line, column: atom.column };
      }
      const state = stateOf(problem, atom);
      if (state === null) return atom;
      rewritten++;
      return { op: "atom", pred: state, args: [atom.args[0]!], line: atom.line, column: atom.column };
    });
  const init = problem.init.map(fold);
  const goal = fold(problem.goal);
  if (rewritten === 0) return problem;

  const mentioned = new Set<string>();
  const instancesOf = (category: string) => problem.categories.get(category) ?? [];
  for (const e of [...init, goal]) for (const i of mentionedInstances(e, instancesOf)) mentioned.add(i.toLowerCase());
  const drop = new Set<string>();
  for (const [instance, category] of problem.objects) {
    if (isSubstance(category) && !mentioned.has(instance.toLowerCase())) drop.add(instance);
  }
  if (drop.size === 0) return { ...problem, init, goal };
  const keep = <V>(m: Map<string, V>) => new Map([...m].filter(([k]) => !drop.has(k)));
  const categories = new Map<string, string[]>();
  for (const [category, instances] of problem.categories) {
    const left = instances.filter((i) => !drop.has(i));
    if (left.length > 0) categories.set(category, left);
  }
  return {
    ...problem,
    objects: keep(problem.objects),
    categories,
    init,
    goal,
    positions: { ...problem.positions, instances: keep(problem.positions.instances) },
  };
}

/** True when some predicate folds facts about `category` (a substance, not a thing). */
function isSubstance(category: string): boolean {
  return Object.hasOwn(SUBSTANCE_SOURCES, category) || Object.values(SUBSTANCE_STATES).some((table) => Object.hasOwn(table, category));
}

/**
 * For `(insource a b)` with one operand a declared instance of a substance in {@link SUBSTANCE_SOURCES} and the
 * other a declared instance of something else: the predicate saying that other one is its source. Else null.
 */
function sourceOf(problem: BddlProblem, atom: AtomExpr): { pred: string; of: string } | null {
  if (atom.pred !== "insource" || atom.args.length !== 2) return null;
  for (const [s, other] of [[0, 1], [1, 0]] as const) {
    const category = problem.objects.get(atom.args[s]!);
    const otherCategory = problem.objects.get(atom.args[other]!);
    if (category === undefined || otherCategory === undefined || isSubstance(otherCategory)) continue;
    if (Object.hasOwn(SUBSTANCE_SOURCES, category)) return { pred: SUBSTANCE_SOURCES[category]!, of: atom.args[other]! };
  }
  return null;
}

/**
 * The state `atom` says the same as, or null: a two-operand use of a predicate in {@link SUBSTANCE_STATES}
 * whose second operand is a declared instance (not a variable) of a substance that predicate folds.
 */
function stateOf(problem: BddlProblem, atom: AtomExpr): string | null {
  if (!Object.hasOwn(SUBSTANCE_STATES, atom.pred) || atom.args.length !== 2) return null;
  const table = SUBSTANCE_STATES[atom.pred]!;
  const category = problem.objects.get(atom.args[1]!);
  if (category === undefined || !Object.hasOwn(table, category)) return null;
  return table[category]!;
}

/**
 * `expr` with every atom replaced by `f(atom)`; a subexpression in which nothing changed is returned as is,
 * and a negation of what became a negation is what that negated.
 */
function mapAtoms(expr: BddlExpr, f: (atom: AtomExpr) => BddlExpr): BddlExpr {
  switch (expr.op) {
    case "atom":
      return f(expr);
    case "not": {
      const arg = mapAtoms(expr.arg, f);
      if (arg === expr.arg) return expr;
      return arg.op === "not" && expr.arg.op === "atom" ? arg.arg : { ...expr, arg };
    }
    case "and":
    case "or": {
      const args = expr.args.map((a) => mapAtoms(a, f));
      return args.every((a, i) => a === expr.args[i]) ? expr : { ...expr, args };
    }
    case "imply": {
      const [a, b] = [mapAtoms(expr.if, f), mapAtoms(expr.then, f)];
      return a === expr.if && b === expr.then ? expr : { ...expr, if: a, then: b };
    }
    default: {
      const body = mapAtoms(expr.body, f);
      return body === expr.body ? expr : { ...expr, body };
    }
  }
}
