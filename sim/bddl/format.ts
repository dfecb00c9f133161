/** Canonical BDDL text for expressions and whole problems (the inverse of the parser). */
import { isRoomArg } from "./ast.ts";
import type { BddlExpr, BddlProblem } from "./ast.ts";
import { boundVariables } from "./walk.ts";

/**
 * One-line canonical text of `expr`: lower-case keywords, single spaces, bound variables written `?var`,
 * object constants and room types written bare, counts written `(N)`. Example:
 * `(forall (?can.n.01 - can.n.01) (inside ?can.n.01 ashcan.n.01_1))`.
 * Parsing the text back (inside a problem declaring the same objects) gives the same expression.
 */
export function formatExpr(expr: BddlExpr): string {
  return format(expr, new Set());
}

function format(e: BddlExpr, bound: ReadonlySet<string>): string {
  switch (e.op) {
    case "atom": {
      const args = e.args.map((a, i) => (!isRoomArg(e.pred, i) && bound.has(a) ? `?${a}` : a));
      return `(${[e.pred, ...args].join(" ")})`;
    }
    case "not":
      return `(not ${format(e.arg, bound)})`;
    case "and":
    case "or":
      return `(${[e.op, ...e.args.map((a) => format(a, bound))].join(" ")})`;
    case "imply":
      return `(imply ${format(e.if, bound)} ${format(e.then, bound)})`;
    default: {
      const inner = new Set([...bound, ...boundVariables(e)]);
      const body = format(e.body, inner);
      switch (e.op) {
        case "forall":
        case "exists":
          return `(${e.op} (?${e.var} - ${e.category}) ${body})`;
        case "forn":
          return `(forn (${e.n}) (?${e.var} - ${e.category}) ${body})`;
        case "forpairs":
          return `(forpairs (?${e.var1} - ${e.cat1}) (?${e.var2} - ${e.cat2}) ${body})`;
        case "fornpairs":
          return `(fornpairs (${e.n}) (?${e.var1} - ${e.cat1}) (?${e.var2} - ${e.cat2}) ${body})`;
      }
    }
  }
}

/** A whole problem file in canonical layout: one category per `:objects` line, one literal per `:init` line. */
export function formatProblem(problem: BddlProblem): string {
  const objects = [...problem.categories].map(([cat, insts]) => `        ${insts.join(" ")} - ${cat}`);
  const init = problem.init.map((lit) => `        ${formatExpr(lit)}`);
  return [
    `(define (problem ${problem.name})`,
    `    (:domain ${problem.domain})`,
    "    (:objects",
    ...objects,
    "    )",
    "    (:init",
    ...init,
    "    )",
    `    (:goal ${formatExpr(problem.goal)})`,
    ")",
    "",
  ].join("\n");
}
