/**
 * A goal condition compiled once per episode into nested closures, so that re-checking it after a step
 * costs only the atom tests. {@link evaluate} (sim/bddl/evaluate.ts) walks the syntax tree instead: on
 * every check it copies a Map per quantifier instance (`bind`), maps every atom's arguments to a new array,
 * and resolves every instance name through the task binding again (a room type misses and lowercases every
 * declared object on the way). Here variables are slots of one array, every constant is resolved when the
 * condition is compiled and every quantifier's domain once, already resolved.
 *
 * Same answers as `evaluate(expr, { instancesOf, holds: (p, args) => holds(p, args.map((a) => resolve(a) ?? a)) })`
 * with `holds(p, args)` = `tester(p)(args)`, for any expression (test/sim/task/compiled-goal.test.ts holds the two together): the same atoms are tested
 * in the same order with the same short-circuits, so even a test that throws throws at the same point.
 */
import { coveredRowsAndColumns } from "../bddl/evaluate.ts";
import { isRoomArg, type BddlExpr } from "../bddl/ast.ts";

/** What compiling asks of a task: the same three questions the tracker's evaluation asked on every check. */
export interface GoalSource {
  /** The instance names a quantifier over `category` ranges over (a list that does not change during the episode). */
  instancesOf(category: string): readonly string[];
  /** Scene object id of an instance name, or undefined (a room type): the argument then stays as written. */
  resolve(name: string): string | undefined;
  /**
   * The test of a predicate, asked once per atom when compiling: truth of a ground atom whose arguments are
   * already resolved. A test must not keep `args` (the array is reused).
   */
  tester(pred: string): (args: string[]) => boolean;
}

/** A compiled condition: `slots` holds the values of the bound variables (scratch owned by the caller, at least {@link CompiledGoal.slots} long). */
type Test = (slots: string[]) => boolean;

/** A compiled condition and the number of variable slots its evaluation needs. */
export interface CompiledGoal {
  test: Test;
  slots: number;
}

/** A quantifier's domain: the instance names (compared by `forpairs`) and what each resolves to. */
interface Domain {
  names: readonly string[];
  values: string[];
}

/** Compiles `expr` (no free variables other than instance names) against a task. */
export function compileGoal(expr: BddlExpr, source: GoalSource): CompiledGoal {
  const c = new Compiler(source);
  const test = c.compile(expr, new Map());
  return { test, slots: c.maxSlots };
}

class Compiler {
  maxSlots = 0;
  private readonly domains = new Map<string, Domain>();

  constructor(private readonly source: GoalSource) {}

  /** `scope`: variable name → slot, innermost binding last (a `Map` copy per quantifier, as `bind` did). */
  compile(e: BddlExpr, scope: ReadonlyMap<string, number>): Test {
    switch (e.op) {
      case "atom":
        return this.atom(e.pred, e.args, scope);
      case "not": {
        const arg = this.compile(e.arg, scope);
        return (s) => !arg(s);
      }
      case "and": {
        const args = e.args.map((a) => this.compile(a, scope));
        return (s) => {
          for (let i = 0; i < args.length; i++) if (!args[i]!(s)) return false;
          return true;
        };
      }
      case "or": {
        const args = e.args.map((a) => this.compile(a, scope));
        return (s) => {
          for (let i = 0; i < args.length; i++) if (args[i]!(s)) return true;
          return false;
        };
      }
      case "imply": {
        const a = this.compile(e.if, scope);
        const b = this.compile(e.then, scope);
        return (s) => !a(s) || b(s);
      }
      case "forall":
      case "exists":
      case "forn": {
        const { inner, first: slot } = this.enter(scope, [e.var]);
        const body = this.compile(e.body, inner);
        const { values } = this.domain(e.category);
        if (e.op === "forall") {
          return (s) => {
            for (let i = 0; i < values.length; i++) {
              s[slot] = values[i]!;
              if (!body(s)) return false;
            }
            return true;
          };
        }
        if (e.op === "exists") {
          return (s) => {
            for (let i = 0; i < values.length; i++) {
              s[slot] = values[i]!;
              if (body(s)) return true;
            }
            return false;
          };
        }
        const n = (e as Extract<BddlExpr, { op: "forn" }>).n;
        return (s) => {
          // every instance, no short-circuit: bddl's `sum(child_values) == N`
          let count = 0;
          for (let i = 0; i < values.length; i++) {
            s[slot] = values[i]!;
            if (body(s)) count++;
          }
          return count === n;
        };
      }
      case "forpairs":
      case "fornpairs": {
        const { inner, first: slot1 } = this.enter(scope, [e.var1, e.var2]);
        const body = this.compile(e.body, inner);
        const first = this.domain(e.cat1);
        const second = this.domain(e.cat2);
        const forpairs = e.op === "forpairs";
        const n = forpairs ? 0 : e.n;
        return (s) => {
          // row i: the instances of cat2 other than the i-th of cat1 (by name), as pairMatrix builds it
          const matrix: boolean[][] = [];
          for (let i = 0; i < first.names.length; i++) {
            const row: boolean[] = [];
            const name1 = first.names[i]!;
            for (let j = 0; j < second.names.length; j++) {
              if (second.names[j] === name1) continue;
              s[slot1] = first.values[i]!;
              s[slot1 + 1] = second.values[j]!;
              row.push(body(s));
            }
            matrix.push(row);
          }
          const width = matrix[0]?.length ?? 0;
          const need = forpairs ? Math.min(matrix.length, width) : n;
          const { rows, columns } = coveredRowsAndColumns(matrix);
          return rows >= need && columns >= need;
        };
      }
    }
  }

  /** The scope inside a quantifier: its variables take the next slots (an inner one shadows an outer of the same name). */
  private enter(scope: ReadonlyMap<string, number>, vars: string[]): { inner: Map<string, number>; first: number } {
    // slots are numbered by nesting depth (a sibling quantifier reuses them: its own loop sets them first);
    // one past the deepest enclosing slot, so a shadowed variable keeps its outer value in its own slot
    let next = 0;
    for (const k of scope.values()) next = Math.max(next, k + 1);
    const first = next;
    const inner = new Map(scope);
    for (const v of vars) inner.set(v, next++);
    this.maxSlots = Math.max(this.maxSlots, next);
    return { inner, first };
  }

  private domain(category: string): Domain {
    let d = this.domains.get(category);
    if (!d) {
      const names = [...this.source.instancesOf(category)];
      d = { names, values: names.map((o) => this.resolve(o)) };
      this.domains.set(category, d);
    }
    return d;
  }

  private resolve(name: string): string {
    return this.source.resolve(name) ?? name;
  }

  private atom(pred: string, written: readonly string[], scope: ReadonlyMap<string, number>): Test {
    const test = this.source.tester(pred);
    const n = written.length;
    // per argument: a slot (>= 0) or a constant, resolved now
    const slotOf: number[] = [];
    const fixed: string[] = [];
    for (let i = 0; i < n; i++) {
      const a = written[i]!;
      const slot = isRoomArg(pred, i) ? undefined : scope.get(a);
      slotOf.push(slot ?? -1);
      fixed.push(slot === undefined ? this.resolve(a) : "");
    }
    // one argument array per atom, refilled on each test (holds keeps none)
    const args = fixed.slice();
    if (slotOf.every((k) => k < 0)) return () => test(args);
    return (s) => {
      for (let i = 0; i < n; i++) {
        const k = slotOf[i]!;
        if (k >= 0) args[i] = s[k]!;
      }
      return test(args);
    };
  }
}
