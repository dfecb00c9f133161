/**
 * Syntax tree of a BEHAVIOR problem file (BDDL): the shapes the parser produces and the evaluator,
 * condition expansion and formatter consume. Every node remembers where it was written.
 */

/** A place in the source text; both 1-based. */
export interface SourcePos {
  line: number;
  column: number;
}

/** `(pred a b)`. `args` are instance names, bound variable names (without `?`) or, for `inroom`, a room type. */
export interface AtomExpr extends SourcePos {
  op: "atom";
  pred: string;
  args: string[];
}

/** `(not e)`. */
export interface NotExpr extends SourcePos {
  op: "not";
  arg: BddlExpr;
}

/** `(and e…)` / `(or e…)`. */
export interface JunctionExpr extends SourcePos {
  op: "and" | "or";
  args: BddlExpr[];
}

/** `(imply a b)`, true when `a` is false or `b` is true. */
export interface ImplyExpr extends SourcePos {
  op: "imply";
  if: BddlExpr;
  then: BddlExpr;
}

/** `(forall (?var - category) body)` / `(exists …)`. `var` is stored without the `?`. */
export interface QuantifierExpr extends SourcePos {
  op: "forall" | "exists";
  var: string;
  category: string;
  body: BddlExpr;
}

/** `(forn (n) (?var - category) body)`: exactly `n` instances satisfy `body`. */
export interface FornExpr extends SourcePos {
  op: "forn";
  n: number;
  var: string;
  category: string;
  body: BddlExpr;
}

/** `(forpairs (?var1 - cat1) (?var2 - cat2) body)`. */
export interface ForPairsExpr extends SourcePos {
  op: "forpairs";
  var1: string;
  cat1: string;
  var2: string;
  cat2: string;
  body: BddlExpr;
}

/** `(fornpairs (n) (?var1 - cat1) (?var2 - cat2) body)`. */
export interface ForNPairsExpr extends SourcePos {
  op: "fornpairs";
  n: number;
  var1: string;
  cat1: string;
  var2: string;
  cat2: string;
  body: BddlExpr;
}

/** Any BDDL expression. */
export type BddlExpr =
  | AtomExpr
  | NotExpr
  | JunctionExpr
  | ImplyExpr
  | QuantifierExpr
  | FornExpr
  | ForPairsExpr
  | ForNPairsExpr;

/** Where the parts of a problem file were written. */
export interface BddlPositions {
  /** The `(define` form. */
  define: SourcePos;
  domain: SourcePos;
  objects: SourcePos;
  init: SourcePos;
  goal: SourcePos;
  /** Each declared instance's name token, keyed by the instance name as declared. */
  instances: Map<string, SourcePos>;
}

/**
 * Something the parser accepted but a user should fix: a stray token between the sections of the
 * problem (BEHAVIOR-1K's `wash_a_baseball_cap` has a `\` after `(:init …)`; the reference parser,
 * bddl's `parse_problem`, prints "… is not recognized in problem" and goes on, and so do we).
 */
export interface BddlWarning extends SourcePos {
  /** What was ignored and why, without file or place (those are the other fields). */
  message: string;
}

/** A parsed BEHAVIOR problem file. Names are spelt as declared in `:objects`; references elsewhere are
 *  resolved case-insensitively to that spelling. */
export interface BddlProblem {
  /** File name given to the parser (for error messages of later stages). */
  file: string;
  /** `(problem NAME)`, as written. */
  name: string;
  /** `(:domain D)`, as written. */
  domain: string;
  /** Every declared instance → its category, in declaration order. Includes `_*` wildcard instances. */
  objects: Map<string, string>;
  /** Category → its declared instances in declaration order (including any `_*` instance). */
  categories: Map<string, string[]>;
  /** Categories that declare a `_*` instance ("every scene object of this category"). */
  wildcards: Set<string>;
  /** Ground literals of `:init`: atoms or `(not atom)`. */
  init: BddlExpr[];
  /** The `:goal` expression. */
  goal: BddlExpr;
  positions: BddlPositions;
  /** What the parser ignored (in source order); empty for a clean file. */
  warnings: BddlWarning[];
}

/**
 * Predicates this simulator knows and their arities. The parser checks arity for these only;
 * other predicates parse (the importer decides whether it can support them).
 */
export const PREDICATE_ARITY: Readonly<Record<string, number>> = Object.freeze({
  ontop: 2,
  inside: 2,
  nextto: 2,
  under: 2,
  onfloor: 2,
  touching: 2,
  overlaid: 2,
  inroom: 2,
  open: 1,
  toggled_on: 1,
  dusty: 1,
  stained: 1,
  soaked: 1,
  cooked: 1,
  burnt: 1,
  frozen: 1,
  sliced: 1,
  dirty: 1,
});

/** Logical operators of BDDL (everything that is not a predicate). */
export const OPERATORS = ["and", "or", "not", "imply", "forall", "exists", "forn", "forpairs", "fornpairs"] as const;

/** True when argument `index` of `pred` is a room type (`inroom`'s second), not an instance or variable. */
export function isRoomArg(pred: string, index: number): boolean {
  return pred === "inroom" && index === 1;
}

/** True for a `_*` instance name (`tree.n.01_*`): "every scene object of this category". */
export function isWildcardInstance(name: string): boolean {
  return name.endsWith("_*");
}

/** The category an instance name is built from by convention (`apple.n.01_2` → `apple.n.01`), or undefined. */
export function categoryOfInstanceName(name: string): string | undefined {
  const m = /^(.+)_(\d+|\*)$/.exec(name);
  return m ? m[1] : undefined;
}
