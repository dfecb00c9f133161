import { isRoomArg } from "../bddl/ast.ts";
import type { AtomExpr, BddlExpr, BddlProblem } from "../bddl/ast.ts";
import { boundVariables } from "../bddl/walk.ts";
import { InputError } from "../errors.ts";
import { PREDICATES } from "../predicates/registry.ts";
import { supportedSubstances } from "../bddl/substances.ts";

/**
 * Every predicate use of `:init` and `:goal` the simulator cannot evaluate, in source order, each as an
 * InputError naming the problem's file, `line L, column C` and what is wrong:
 * - a predicate the simulator does not know (not in {@link PREDICATES});
 * - a wrong number of operands for the predicate;
 * - an operand of the wrong kind: a room type where an object is expected, or an object (a declared
 *   instance or a quantified variable) where a room type is expected (`inroom`'s second operand);
 * - `inside` or `under` a declared floor, which no scene can make true (one BEHAVIOR-1K file starts a bin
 *   `inside` the floor).
 *
 * The one check of "can the simulator evaluate this goal": `rearrange import bddl` skips an activity
 * that fails it, `loadTaskFile` (so `rearrange run` and `rearrange validate`) refuses a task that fails it
 * — an unknown predicate must never reach the predicate evaluator, which treats it as a programming error.
 */
export function predicateProblems(problem: BddlProblem): InputError[] {
  const out: InputError[] = [];
  const instances = new Set([...problem.objects.keys()].map((k) => k.toLowerCase()));
  const at = (a: AtomExpr) => `line ${a.line}, column ${a.column}`;
  const onAtom = (atom: AtomExpr, bound: ReadonlySet<string>): void => {
    const def = Object.hasOwn(PREDICATES, atom.pred) ? PREDICATES[atom.pred]! : undefined;
    if (!def) {
      const substances = supportedSubstances(atom.pred);
      const reason = substances
        ? `predicate "${atom.pred}" is supported only with a declared instance of ${substances} as ${atom.pred === "insource" ? "one of its operands" : "its second operand"}, found ${describeOperands(atom, problem)}`
        : `predicate "${atom.pred}" is not supported by the simulator (supported: ${Object.keys(PREDICATES).sort().join(", ")})`;
      out.push(new InputError(problem.file, at(atom), reason));
      return;
    }
    if (atom.args.length !== def.arity) {
      out.push(new InputError(problem.file, at(atom), `predicate "${atom.pred}" takes ${def.arity} operand(s), found ${atom.args.length}`));
      return;
    }
    const floor = (atom.pred === "inside" || atom.pred === "under") && problem.objects.get(atom.args[1]!) === "floor.n.01";
    if (floor) out.push(new InputError(problem.file, at(atom), `${describeOperands(atom, problem)} can never hold: a floor has no inside and nothing is under it (what stands on a floor is ontop of it)`));
    def.operands.forEach((kind, i) => {
      const arg = atom.args[i]!;
      // the parser reads an operand as a room type exactly where isRoomArg says so, else as an instance or variable
      const readAsRoom = isRoomArg(atom.pred, i);
      const names = (what: string) => `operand ${i + 1} of "${atom.pred}" must be ${what}`;
      if (kind === "object" && readAsRoom) {
        out.push(new InputError(problem.file, at(atom), `${names("an object (instance or ?variable)")}, found room type "${arg}"`));
      } else if (kind === "room" && !readAsRoom) {
        out.push(new InputError(problem.file, at(atom), `${names("a room type")}, found "${arg}"`));
      } else if (kind === "room" && (bound.has(arg.toLowerCase()) || instances.has(arg.toLowerCase()))) {
        const what = bound.has(arg.toLowerCase()) ? "the variable" : "the instance";
        out.push(new InputError(problem.file, at(atom), `${names("a room type (such as kitchen)")}, found ${what} "${arg}"`));
      }
    });
  };
  for (const e of [...problem.init, problem.goal]) visitScoped(e, new Set(), onAtom);
  return out;
}

/** Visits every atom of `expr` in source order with the (lower-cased) variables bound around it. */
function visitScoped(expr: BddlExpr, bound: ReadonlySet<string>, onAtom: (a: AtomExpr, bound: ReadonlySet<string>) => void): void {
  switch (expr.op) {
    case "atom":
      return onAtom(expr, bound);
    case "not":
      return visitScoped(expr.arg, bound, onAtom);
    case "and":
    case "or":
      return expr.args.forEach((a) => visitScoped(a, bound, onAtom));
    case "imply":
      visitScoped(expr.if, bound, onAtom);
      return visitScoped(expr.then, bound, onAtom);
    default:
      return visitScoped(expr.body, new Set([...bound, ...boundVariables(expr).map((v) => v.toLowerCase())]), onAtom);
  }
}

/** `(covered a b)`'s operands for a message: each with its category when it is a declared instance. */
function describeOperands(atom: AtomExpr, problem: BddlProblem): string {
  const one = (a: string) => {
    const category = problem.objects.get(a);
    return category === undefined ? `"${a}"` : `"${a}" (${category})`;
  };
  return `(${atom.pred} ${atom.args.map(one).join(" ")})`;
}
