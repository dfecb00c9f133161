import { isRoomArg, type BddlExpr } from "../../../sim/bddl/ast.ts";
import type { TaskBinding } from "../../../sim/task/binding.ts";
import { groundLiteral, type GroundLiteral } from "../literal.ts";

/**
 * A goal condition with its quantifiers expanded over the task's instances and its atoms made ground
 * literals, once for the task's binding ({@link groundCondition}): what `GoalPlanner` walks on every step.
 * The binding of instances to objects never changes, so neither does this; only which literals hold, and
 * what they cost, does. Each node keeps the path of its choice point in the goal (where `ChoiceMemory`
 * remembers what was chosen there) and the keys its options are remembered by.
 */
export type GroundGoal =
  | { readonly op: "atom"; readonly literals: { readonly [want in "true" | "false"]: GroundLiteral } }
  | { readonly op: "not"; readonly arg: GroundGoal }
  | { readonly op: "and" | "or"; readonly parts: readonly GroundGoal[]; readonly path: string; readonly keys: readonly string[] }
  | { readonly op: "imply"; readonly if: GroundGoal; readonly then: GroundGoal; readonly path: string; readonly keys: readonly [string, string] }
  | { readonly op: "forall" | "exists"; readonly parts: readonly GroundGoal[]; readonly path: string; readonly names: readonly string[] }
  | { readonly op: "forn"; readonly n: number; readonly parts: readonly GroundGoal[]; readonly path: string; readonly names: readonly string[] }
  | {
      readonly op: "forpairs" | "fornpairs";
      /** Pairs wanted: every row for `forpairs` (as many as rows and columns allow), `n` for `fornpairs`. */
      readonly need: number;
      /** bddl's matrix: row i is the i-th instance of the first category, column j the j-th of the second other than row i's. */
      readonly rows: readonly (readonly GroundGoal[])[];
      readonly path: string;
    };

type Env = ReadonlyMap<string, string>;

/** A condition's bindings before any quantifier (an `Env` is never changed: {@link bind} copies). */
const NO_BINDINGS: Env = new Map();

/** Grounds a goal condition whose choice points are named from `path` (`c<i>` for condition i). */
export function groundGoal(expr: BddlExpr, binding: TaskBinding, path: string): GroundGoal {
  return ground(expr, NO_BINDINGS, path, binding);
}

/**
 * Ground conditions by binding, then by condition index (each with the expression it was made from). A binding
 * serves every episode of its task on a pooled world (`boundTask`, sim/task/bound-task.ts) and is never changed
 * by one: so the ground conditions serve them all too, and nothing in them is changed by a plan.
 */
const groundedByBinding = new WeakMap<TaskBinding, { expr: BddlExpr; goal: GroundGoal }[]>();

/** Goal condition `index` (`expr`) ground under `binding`: made on first use, then kept as long as the binding lives. */
export function groundCondition(expr: BddlExpr, binding: TaskBinding, index: number): GroundGoal {
  let grounded = groundedByBinding.get(binding);
  if (!grounded) groundedByBinding.set(binding, (grounded = []));
  const known = grounded[index];
  if (known?.expr === expr) return known.goal;
  const goal = groundGoal(expr, binding, `c${index}`);
  grounded[index] = { expr, goal };
  return goal;
}

function ground(expr: BddlExpr, env: Env, path: string, binding: TaskBinding): GroundGoal {
  switch (expr.op) {
    case "atom": {
      const args = expr.args.map((a, i) => {
        if (isRoomArg(expr.pred, i)) return a;
        const inst = env.get(a) ?? a;
        return binding.resolve(inst) ?? inst;
      });
      return { op: "atom", literals: { true: groundLiteral(expr.pred, args, true), false: groundLiteral(expr.pred, args, false) } };
    }
    case "not":
      return { op: "not", arg: ground(expr.arg, env, path, binding) };
    case "and":
    case "or":
      return {
        op: expr.op,
        parts: expr.args.map((a, i) => ground(a, env, `${path}.${i}`, binding)),
        path,
        keys: expr.args.map((_, i) => String(i)),
      };
    case "imply":
      return { op: "imply", if: ground(expr.if, env, `${path}.if`, binding), then: ground(expr.then, env, `${path}.then`, binding), path, keys: [`${path}.if`, `${path}.then`] };
    case "forall":
    case "exists":
    case "forn": {
      const names = binding.instancesOf(expr.category);
      const parts = names.map((inst) => ground(expr.body, bind(env, expr.var, inst), `${path}[${inst}]`, binding));
      return expr.op === "forn" ? { op: "forn", n: expr.n, parts, path, names } : { op: expr.op, parts, path, names };
    }
    case "forpairs":
    case "fornpairs": {
      const firsts = binding.instancesOf(expr.cat1);
      const seconds = binding.instancesOf(expr.cat2);
      const columns = firsts.map((o1) => seconds.filter((o2) => o2 !== o1));
      const width = columns[0]?.length ?? 0;
      const rows = columns.map((row, i) => row.map((o2) => ground(expr.body, bind(bind(env, expr.var1, firsts[i]!), expr.var2, o2), `${path}[${firsts[i]},${o2}]`, binding)));
      return { op: expr.op, need: expr.op === "forpairs" ? Math.min(rows.length, width) : expr.n, rows, path };
    }
  }
}

function bind(env: Env, variable: string, value: string): Env {
  const next = new Map(env);
  next.set(variable, value);
  return next;
}
