/**
 * Turns s-expressions of `:init` and `:goal` into {@link BddlExpr} trees: checks operator shapes,
 * quantifier declarations, known predicates' arities, and that every name is a declared instance or a
 * variable in scope. Keywords and predicate names are lower-cased; names take their declared spelling.
 */
import { InputError } from "../errors.ts";
import { categoryOfInstanceName, isRoomArg, OPERATORS, PREDICATE_ARITY } from "./ast.ts";
import type { AtomExpr, BddlExpr, SourcePos } from "./ast.ts";
import type { SExpr, SList, SSymbol } from "./sexpr.ts";
import { where } from "./sexpr.ts";
import { didYouMean } from "./suggest.ts";

/** Declared names of a problem, looked up case-insensitively. */
export interface NameTable {
  /** lower-cased instance name → instance as declared */
  instances: Map<string, string>;
  /** lower-cased category → category as declared */
  categories: Map<string, string>;
  /** category as declared → its instances */
  categoryInstances: Map<string, string[]>;
}

/** What the expression parser needs to know about where it is. */
export interface ExprContext {
  file: string;
  names: NameTable;
}

/** Variables in scope: lower-cased name → name as written (without `?`). */
type Scope = ReadonlyMap<string, string>;

/** Valid instance, category, variable (after `?`), predicate and room names. */
const NAME = /^[A-Za-z0-9_][\w.\-]*(_\*)?$/;
const COUNT = /^\d+$/;
const KNOWN_HEADS = [...OPERATORS, ...Object.keys(PREDICATE_ARITY)];

function fail(ctx: ExprContext, pos: SourcePos, reason: string): never {
  throw new InputError(ctx.file, where(pos), reason);
}

function describe(node: SExpr): string {
  return node.kind === "symbol" ? `'${node.text}'` : "'('";
}

/** Parses one `:goal` expression (quantifiers and all operators allowed). */
export function parseGoalExpr(node: SExpr, ctx: ExprContext): BddlExpr {
  return parseExpr(node, ctx, new Map());
}

/** Parses one `:init` entry: a ground atom or `(not atom)`. */
export function parseInitLiteral(node: SExpr, ctx: ExprContext): BddlExpr {
  const list = expectList(node, ctx, "an initial-condition literal");
  const head = headOf(list, ctx);
  if (head.text.toLowerCase() === "not") {
    expectCount(list, 1, ctx, "not", "(not (pred args…))");
    const inner = expectList(list.items[1]!, ctx, "an atom inside 'not'");
    const innerHead = headOf(inner, ctx);
    if ((OPERATORS as readonly string[]).includes(innerHead.text.toLowerCase())) {
      fail(ctx, innerHead, `only ground literals are allowed in :init, found '${innerHead.text}' inside 'not'`);
    }
    return { op: "not", arg: parseAtom(inner, innerHead, ctx, new Map()), line: list.line, column: list.column };
  }
  if ((OPERATORS as readonly string[]).includes(head.text.toLowerCase())) {
    fail(ctx, head, `only ground literals (atoms or 'not' of an atom) are allowed in :init, found '${head.text}'`);
  }
  return parseAtom(list, head, ctx, new Map());
}

function expectList(node: SExpr, ctx: ExprContext, what: string): SList {
  if (node.kind !== "list") fail(ctx, node, `unexpected token '${node.text}': expected '(' starting ${what}`);
  return node;
}

function headOf(list: SList, ctx: ExprContext): SSymbol {
  const head = list.items[0];
  if (!head) fail(ctx, list, "empty expression '()'");
  if (head.kind !== "symbol") fail(ctx, head, "unexpected '(': expected an operator or predicate name");
  return head;
}

function expectCount(list: SList, n: number, ctx: ExprContext, op: string, shape: string): void {
  const got = list.items.length - 1;
  if (got !== n) {
    const pos = got > n ? list.items[n + 1]! : list.end;
    fail(ctx, pos, `'${op}' takes ${n} argument${n === 1 ? "" : "s"}, found ${got}: expected ${shape}`);
  }
}

function parseExpr(node: SExpr, ctx: ExprContext, scope: Scope): BddlExpr {
  const list = expectList(node, ctx, "an expression");
  const head = headOf(list, ctx);
  const op = head.text.toLowerCase();
  const pos = { line: list.line, column: list.column };
  const items = list.items;
  switch (op) {
    case "and":
    case "or":
      return { op, args: items.slice(1).map((x) => parseExpr(x, ctx, scope)), ...pos };
    case "not":
      expectCount(list, 1, ctx, op, "(not EXPR)");
      return { op, arg: parseExpr(items[1]!, ctx, scope), ...pos };
    case "imply":
      expectCount(list, 2, ctx, op, "(imply IF THEN)");
      return { op, if: parseExpr(items[1]!, ctx, scope), then: parseExpr(items[2]!, ctx, scope), ...pos };
    case "forall":
    case "exists": {
      expectCount(list, 2, ctx, op, `(${op} (?var - category) EXPR)`);
      const d = parseDeclaration(items[1]!, ctx);
      return { op, var: d.var, category: d.category, body: parseExpr(items[2]!, ctx, bind(scope, d.var)), ...pos };
    }
    case "forn": {
      expectCount(list, 3, ctx, op, "(forn (N) (?var - category) EXPR)");
      const n = parseCount(items[1]!, ctx);
      const d = parseDeclaration(items[2]!, ctx);
      const body = parseExpr(items[3]!, ctx, bind(scope, d.var));
      return { op, n, var: d.var, category: d.category, body, ...pos };
    }
    case "forpairs": {
      expectCount(list, 3, ctx, op, "(forpairs (?var1 - category1) (?var2 - category2) EXPR)");
      const d1 = parseDeclaration(items[1]!, ctx);
      const d2 = parseDeclaration(items[2]!, ctx);
      const body = parseExpr(items[3]!, ctx, bind(bind(scope, d1.var), d2.var));
      return { op, var1: d1.var, cat1: d1.category, var2: d2.var, cat2: d2.category, body, ...pos };
    }
    case "fornpairs": {
      expectCount(list, 4, ctx, op, "(fornpairs (N) (?var1 - category1) (?var2 - category2) EXPR)");
      const n = parseCount(items[1]!, ctx);
      const d1 = parseDeclaration(items[2]!, ctx);
      const d2 = parseDeclaration(items[3]!, ctx);
      const body = parseExpr(items[4]!, ctx, bind(bind(scope, d1.var), d2.var));
      return { op, n, var1: d1.var, cat1: d1.category, var2: d2.var, cat2: d2.category, body, ...pos };
    }
    default:
      return parseAtom(list, head, ctx, scope);
  }
}

function bind(scope: Scope, variable: string): Scope {
  const next = new Map(scope);
  next.set(variable.toLowerCase(), variable);
  return next;
}

function parseCount(node: SExpr, ctx: ExprContext): number {
  // BDDL writes the count as "(2)"; a bare "2" is accepted too.
  const sym = node.kind === "list" && node.items.length === 1 ? node.items[0]! : node;
  if (sym.kind !== "symbol" || !COUNT.test(sym.text)) {
    fail(ctx, sym, `unexpected token ${describe(sym)}: expected a count such as (2)`);
  }
  return Number(sym.text);
}

function parseDeclaration(node: SExpr, ctx: ExprContext): { var: string; category: string } {
  const shape = "expected a declaration (?var - category)";
  if (node.kind !== "list") fail(ctx, node, `unexpected token '${node.text}': ${shape}`);
  const [v, dash, cat, extra] = node.items;
  if (!v) fail(ctx, node, `empty list: ${shape}`);
  if (v.kind !== "symbol" || !v.text.startsWith("?") || !NAME.test(v.text.slice(1))) {
    fail(ctx, v, `unexpected token ${describe(v)}: ${shape}`);
  }
  if (!dash) fail(ctx, node.end, `missing '- category' after '${v.text}': ${shape}`);
  if (dash.kind !== "symbol" || dash.text !== "-") fail(ctx, dash, `unexpected token ${describe(dash)}: ${shape}`);
  if (!cat) fail(ctx, node.end, `missing category after '-': ${shape}`);
  if (cat.kind !== "symbol") fail(ctx, cat, `unexpected '(': ${shape}`);
  if (extra) fail(ctx, extra, `unexpected token ${describe(extra)}: ${shape}`);
  const category = ctx.names.categories.get(cat.text.toLowerCase());
  if (category === undefined) {
    fail(ctx, cat, `undeclared category '${cat.text}'${didYouMean(cat.text, ctx.names.categories.values())}`);
  }
  return { var: v.text.slice(1), category };
}

function parseAtom(list: SList, head: SSymbol, ctx: ExprContext, scope: Scope): AtomExpr {
  const pred = head.text.toLowerCase();
  const args = list.items.slice(1);
  if (!NAME.test(head.text)) fail(ctx, head, `unexpected token '${head.text}': expected an operator or predicate name`);
  if (args.some((a) => a.kind === "list")) {
    // A head followed by sub-expressions is an operator, so a name we do not know here is a misspelling.
    fail(ctx, head, `unknown operator '${head.text}'${didYouMean(head.text, KNOWN_HEADS)}`);
  }
  const arity = PREDICATE_ARITY[pred];
  if (arity !== undefined && args.length !== arity) {
    const pos = args.length > arity ? args[arity]! : list.end;
    fail(ctx, pos, `predicate '${pred}' takes ${arity} argument${arity === 1 ? "" : "s"}, found ${args.length}`);
  }
  const names = (args as SSymbol[]).map((a, i) => resolveArg(a, pred, i, ctx, scope));
  return { op: "atom", pred, args: names, line: list.line, column: list.column };
}

function resolveArg(arg: SSymbol, pred: string, index: number, ctx: ExprContext, scope: Scope): string {
  // BDDL strips one leading "?" from every term: "?apple.n.01_1" and "apple.n.01_1" are the same instance.
  const name = arg.text.startsWith("?") ? arg.text.slice(1) : arg.text;
  if (!NAME.test(name)) fail(ctx, arg, `unexpected token '${arg.text}': expected an instance name or ?variable`);
  if (isRoomArg(pred, index)) return name;
  const lower = name.toLowerCase();
  const bound = scope.get(lower);
  if (bound !== undefined) return bound;
  const instance = ctx.names.instances.get(lower);
  if (instance !== undefined) return instance;
  const categoryName = categoryOfInstanceName(name);
  const category = categoryName === undefined ? undefined : ctx.names.categories.get(categoryName.toLowerCase());
  if (categoryName !== undefined && category === undefined) {
    fail(
      ctx,
      arg,
      `'${name}' is of undeclared category '${categoryName}'` +
        didYouMean(categoryName, ctx.names.categories.values()),
    );
  }
  if (category !== undefined) {
    const declared = ctx.names.categoryInstances.get(category) ?? [];
    fail(ctx, arg, `undeclared instance '${name}' (category '${category}' declares ${declared.join(", ")})`);
  }
  const inScope = [...scope.values()].map((v) => `?${v}`);
  fail(
    ctx,
    arg,
    `'${arg.text}' is neither a declared instance nor a variable in scope` +
      (inScope.length ? ` (variables in scope: ${inScope.join(", ")})` : ""),
  );
}
