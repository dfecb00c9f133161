/**
 * The oracle's GoalPlanner as it was before it grounded each condition once an episode (session 30): it walked
 * the BDDL expression on every plan, binding quantified variables in maps and making every ground literal
 * anew. Kept unchanged, apart from its name and imports (its option and result types are the planner's own), as
 * the reference the grounding planner is tested against (test/agents/oracle/planner/ground-goal.test.ts): the
 * same plans and the same remembered choices.
 */
import { isRoomArg, type BddlExpr } from "../../../../../sim/bddl/ast.ts";
import { groundLiteral, holdsLiteral, literalKey, type GroundLiteral } from "../../../../../agents/oracle/literal.ts";
import { STICKINESS } from "../../../../../agents/oracle/planner/choice-memory.ts";
import { LiteralSet } from "../../../../../agents/oracle/planner/literal-set.ts";
import { chooseMatching, chooseSubset } from "../../../../../agents/oracle/planner/selection.ts";
import type { Choice, ConditionPlan, PlannerOptions } from "../../../../../agents/oracle/planner/goal-planner.ts";

/** Cost added per contradiction with an earlier commitment: allowed, but only when nothing else works. */
const CONFLICT_COST = 100;

type Env = ReadonlyMap<string, string>;

/** A condition's bindings before any quantifier: one empty map for every plan (an `Env` is never changed: `bind` copies). */
const NO_BINDINGS: Env = new Map();

/**
 * Turns goal conditions into ground literals to achieve. Each condition gets the cheapest set of literals
 * that would make it true given the literals committed for earlier conditions: one disjunct of an `or`,
 * the instance of an `exists` closest to satisfied, exactly N instances of a `forn` (the rest made false),
 * a matching for `forpairs`/`fornpairs`, negated literals under `not`. Conditions that already hold are
 * committed first (as the literals that make them true now), so later choices avoid undoing them.
 */
export class ExprGoalPlanner {
  constructor(private readonly o: PlannerOptions) {}

  plan(conditions: readonly { expr: BddlExpr }[], holds: readonly boolean[]): ConditionPlan[] {
    let committed = LiteralSet.empty();
    const plans: ConditionPlan[] = new Array(conditions.length);
    // the conditions that hold first, then the rest, each in condition order
    const order: number[] = [];
    for (let i = 0; i < conditions.length; i++) if (holds[i]) order.push(i);
    for (let i = 0; i < conditions.length; i++) if (!holds[i]) order.push(i);
    for (const i of order) {
      const choice = this.choose(conditions[i]!.expr, NO_BINDINGS, true, `c${i}`, committed);
      plans[i] = { index: i, holds: holds[i]!, choice };
      const keep = holds[i] ? choice.literals.filter((l) => holdsLiteral(this.o.world, l)) : choice.literals;
      if (Number.isFinite(choice.cost)) committed = committed.with(keep);
    }
    return plans;
  }

  /** Literals making `expr` evaluate to `want` under `env`. */
  choose(expr: BddlExpr, env: Env, want: boolean, path: string, committed: LiteralSet): Choice {
    switch (expr.op) {
      case "atom":
        return this.atom(expr.pred, expr.args, env, want, committed);
      case "not":
        return this.choose(expr.arg, env, !want, path, committed);
      case "and":
      case "or": {
        const all = (expr.op === "and") === want;
        const parts = expr.args.map((a, i) => ({ expr: a, env, path: `${path}.${i}` }));
        return all ? this.conjunction(parts, want, committed) : this.alternative(parts, want, path, committed, (_, i) => String(i));
      }
      case "imply": {
        // a → b is (not a) or b; false only when a holds and b does not
        const parts = [
          { expr: expr.if, env, path: `${path}.if`, want: !want ? true : false },
          { expr: expr.then, env, path: `${path}.then`, want },
        ];
        if (!want) return this.conjunctionMixed(parts, committed);
        return this.alternativeMixed(parts, path, committed);
      }
      case "forall":
      case "exists": {
        const parts = this.instances(expr.category).map((inst) => ({ expr: expr.body, env: bind(env, expr.var, inst), path: `${path}[${inst}]` }));
        const all = (expr.op === "forall") === want;
        if (all) return this.conjunction(parts, want, committed);
        const names = this.instances(expr.category);
        return this.alternative(parts, want, path, committed, (_, i) => names[i]!);
      }
      case "forn":
        return this.forn(expr, env, want, path, committed);
      case "forpairs":
      case "fornpairs":
        return this.forpairs(expr, env, want, path, committed);
    }
  }

  private atom(pred: string, rawArgs: readonly string[], env: Env, want: boolean, committed: LiteralSet): Choice {
    const args = new Array<string>(rawArgs.length);
    for (let i = 0; i < rawArgs.length; i++) {
      const a = rawArgs[i]!;
      if (isRoomArg(pred, i)) args[i] = a;
      else {
        const inst = env.get(a) ?? a;
        args[i] = this.o.binding.resolve(inst) ?? inst;
      }
    }
    const lit = groundLiteral(pred, args, want);
    const clash = committed.conflicts(lit) * CONFLICT_COST;
    if (holdsLiteral(this.o.world, lit)) return { literals: [lit], cost: clash };
    return { literals: [lit], cost: this.o.literalCost(lit, committed) + clash };
  }

  private conjunction(parts: { expr: BddlExpr; env: Env; path: string }[], want: boolean, committed: LiteralSet): Choice {
    return this.conjunctionMixed(parts.map((p) => ({ ...p, want })), committed);
  }

  private conjunctionMixed(parts: { expr: BddlExpr; env: Env; path: string; want: boolean }[], committed: LiteralSet): Choice {
    const literals: GroundLiteral[] = [];
    let cost = 0;
    let context = committed;
    for (const p of parts) {
      const c = this.choose(p.expr, p.env, p.want, p.path, context);
      cost += c.cost;
      literals.push(...c.literals);
      context = context.with(c.literals);
    }
    return { literals: dedupe(literals), cost };
  }

  private alternative(
    parts: { expr: BddlExpr; env: Env; path: string }[],
    want: boolean,
    path: string,
    committed: LiteralSet,
    keyOf: (p: unknown, i: number) => string,
  ): Choice {
    if (parts.length === 0) return { literals: [], cost: Infinity };
    const choices = parts.map((p) => this.choose(p.expr, p.env, want, p.path, committed));
    const i = this.o.memory.pick(path, parts.map(keyOf), choices.map((c) => c.cost));
    return i < 0 ? { literals: choices[0]!.literals, cost: Infinity } : choices[i]!;
  }

  private alternativeMixed(parts: { expr: BddlExpr; env: Env; path: string; want: boolean }[], path: string, committed: LiteralSet): Choice {
    const choices = parts.map((p) => this.choose(p.expr, p.env, p.want, p.path, committed));
    const i = this.o.memory.pick(path, parts.map((p) => p.path), choices.map((c) => c.cost));
    return i < 0 ? { literals: choices[0]!.literals, cost: Infinity } : choices[i]!;
  }

  private forn(expr: Extract<BddlExpr, { op: "forn" }>, env: Env, want: boolean, path: string, committed: LiteralSet): Choice {
    const names = this.instances(expr.category);
    const envs = names.map((n) => bind(env, expr.var, n));
    const yes = envs.map((e, i) => this.choose(expr.body, e, true, `${path}[${names[i]}]`, committed));
    const no = envs.map((e, i) => this.choose(expr.body, e, false, `${path}[${names[i]}]`, committed));
    // exactly N true; "not exactly N" is cheapest as N-1 or N+1 true
    const targets = want ? [expr.n] : [expr.n - 1, expr.n + 1];
    const prior = new Set((this.o.memory.get(path) ?? "").split("|"));
    const bonus = names.map((n) => (prior.has(n) ? STICKINESS : 0));
    let best: { chosen: number[]; choice: Choice } | null = null;
    for (const k of targets) {
      const chosen = chooseSubset(yes.map((c) => c.cost), no.map((c) => c.cost), k, bonus);
      if (!chosen) continue;
      const set = new Set(chosen);
      const parts = names.map((_, i) => (set.has(i) ? yes[i]! : no[i]!));
      const choice = { literals: dedupe(parts.flatMap((c) => c.literals)), cost: parts.reduce((s, c) => s + c.cost, 0) };
      if (!best || choice.cost < best.choice.cost) best = { chosen, choice };
    }
    if (!best) return { literals: [], cost: Infinity };
    this.o.memory.set(path, best.chosen.map((i) => names[i]).join("|"));
    return best.choice;
  }

  private forpairs(expr: Extract<BddlExpr, { op: "forpairs" | "fornpairs" }>, env: Env, want: boolean, path: string, committed: LiteralSet): Choice {
    // bddl's matrix: row i = i-th instance of cat1, column j = j-th instance of cat2 other than row i's
    const firsts = this.instances(expr.cat1);
    const seconds = this.instances(expr.cat2);
    const rows = firsts.map((o1) => seconds.filter((o2) => o2 !== o1));
    const width = rows[0]?.length ?? 0;
    const need = expr.op === "forpairs" ? Math.min(rows.length, width) : expr.n;
    const pairEnv = (i: number, j: number) => bind(bind(env, expr.var1, firsts[i]!), expr.var2, rows[i]![j]!);
    const pairPath = (i: number, j: number) => `${path}[${firsts[i]},${rows[i]![j]}]`;
    if (!want) {
      // the pairs fail when fewer than `need` rows are covered: make every pair of the first row false, and so on
      const parts = rows.flatMap((r, i) => r.map((_, j) => ({ expr: expr.body, env: pairEnv(i, j), path: pairPath(i, j) })));
      return need === 0 ? { literals: [], cost: Infinity } : this.conjunction(parts, false, committed);
    }
    const prior = new Set((this.o.memory.get(path) ?? "").split("|"));
    const choices = rows.map((r, i) => r.map((_, j) => this.choose(expr.body, pairEnv(i, j), true, pairPath(i, j), committed)));
    const costs = choices.map((r, i) => r.map((c, j) => (Number.isFinite(c.cost) ? Math.max(0, c.cost - (prior.has(`${i},${j}`) ? STICKINESS : 0)) : Infinity)));
    const matching = chooseMatching(costs, need);
    if (!matching) return { literals: [], cost: Infinity };
    this.o.memory.set(path, matching.map(([i, j]) => `${i},${j}`).join("|"));
    const picked = matching.map(([i, j]) => choices[i]![j]!);
    return { literals: dedupe(picked.flatMap((c) => c.literals)), cost: picked.reduce((s, c) => s + c.cost, 0) };
  }

  private instances(category: string): string[] {
    return this.o.binding.instancesOf(category);
  }
}

function bind(env: Env, variable: string, value: string): Env {
  const next = new Map(env);
  next.set(variable, value);
  return next;
}

function dedupe(lits: GroundLiteral[]): GroundLiteral[] {
  const seen = new Set<string>();
  return lits.filter((l) => {
    const k = literalKey(l);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
