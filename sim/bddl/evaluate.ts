/**
 * Truth of a BDDL expression in a world, with the semantics of StanfordVL/bddl
 * `bddl/condition_evaluation.py` (checked against commit 62afe50):
 * - `forall` / `exists` range over `world.instancesOf(category)`;
 * - `forn N` holds when exactly N instances satisfy the body (`sum(child_values) == N`);
 * - `forpairs` / `fornpairs` build the matrix `M[i][j]` = body with var1 = i-th instance of cat1 and
 *   var2 = j-th instance of cat2 *other than that i-th instance*; `forpairs` holds when at least
 *   L = min(rows, columns) rows and at least L columns contain a true entry, `fornpairs N` when at least
 *   N rows and N columns do. This is a covering test, not a perfect matching: with A–1, A–2, A–3, B–1, C–1
 *   true every row and column is covered, so forpairs holds although no one-to-one pairing exists.
 *   Where bddl would crash (no instances of cat1), we take L = 0 and row/column counts of 0.
 * - `imply a b` = `not a or b`.
 */
import { isRoomArg } from "./ast.ts";
import type { BddlExpr } from "./ast.ts";

/** What the evaluator asks of a world. */
export interface BddlWorld {
  /**
   * Whether predicate `pred` holds for `args`: instance names (after variable substitution) and,
   * for `inroom`'s second argument, a room type.
   */
  holds(pred: string, args: string[]): boolean;
  /** The instances a quantifier over `category` ranges over (for a `_*` category: its bound scene objects). */
  instancesOf(category: string): string[];
}

/** Variable name (without `?`) → instance name. */
export type Bindings = ReadonlyMap<string, string>;

const NO_BINDINGS: Bindings = new Map();

/** Evaluates `expr` in `world`; free variables take their value from `bindings`. */
export function evaluate(expr: BddlExpr, world: BddlWorld, bindings: Bindings = NO_BINDINGS): boolean {
  switch (expr.op) {
    case "atom": {
      const args = expr.args.map((a, i) => (isRoomArg(expr.pred, i) ? a : (bindings.get(a) ?? a)));
      return world.holds(expr.pred, args);
    }
    case "not":
      return !evaluate(expr.arg, world, bindings);
    case "and":
      return expr.args.every((a) => evaluate(a, world, bindings));
    case "or":
      return expr.args.some((a) => evaluate(a, world, bindings));
    case "imply":
      return !evaluate(expr.if, world, bindings) || evaluate(expr.then, world, bindings);
    case "forall":
      return world.instancesOf(expr.category).every((o) => evaluate(expr.body, world, bind(bindings, expr.var, o)));
    case "exists":
      return world.instancesOf(expr.category).some((o) => evaluate(expr.body, world, bind(bindings, expr.var, o)));
    case "forn": {
      const count = world
        .instancesOf(expr.category)
        .filter((o) => evaluate(expr.body, world, bind(bindings, expr.var, o))).length;
      return count === expr.n;
    }
    case "forpairs":
    case "fornpairs": {
      const matrix = pairMatrix(expr, world, bindings);
      const width = matrix[0]?.length ?? 0;
      const need = expr.op === "forpairs" ? Math.min(matrix.length, width) : expr.n;
      const { rows, columns } = coveredRowsAndColumns(matrix);
      return rows >= need && columns >= need;
    }
  }
}

function bind(bindings: Bindings, variable: string, value: string): Bindings {
  const next = new Map(bindings);
  next.set(variable, value);
  return next;
}

/**
 * bddl's ForPairs children: row i = i-th instance of cat1; its entries are the instances of cat2 other
 * than that instance, in order. When cat1 and cat2 overlap, column j therefore names different objects in
 * different rows — bddl compares by index all the same, and so do we.
 */
export function pairMatrix(
  expr: Extract<BddlExpr, { op: "forpairs" | "fornpairs" }>,
  world: BddlWorld,
  bindings: Bindings = NO_BINDINGS,
): boolean[][] {
  const seconds = world.instancesOf(expr.cat2);
  return world.instancesOf(expr.cat1).map((o1) =>
    seconds
      .filter((o2) => o2 !== o1)
      .map((o2) => evaluate(expr.body, world, bind(bind(bindings, expr.var1, o1), expr.var2, o2))),
  );
}

/** Number of rows and of columns (by index) with at least one true entry. */
export function coveredRowsAndColumns(matrix: boolean[][]): { rows: number; columns: number } {
  const width = Math.max(0, ...matrix.map((r) => r.length));
  let columns = 0;
  for (let j = 0; j < width; j++) if (matrix.some((r) => r[j] === true)) columns++;
  return { rows: matrix.filter((r) => r.some(Boolean)).length, columns };
}
