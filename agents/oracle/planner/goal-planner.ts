import type { BddlExpr } from "../../../sim/bddl/ast.ts";
import type { TaskBinding } from "../../../sim/task/binding.ts";
import type { World } from "../../../sim/world/world.ts";
import { holdsLiteral, literalKey, type GroundLiteral } from "../literal.ts";
import { STICKINESS, type ChoiceMemory } from "./choice-memory.ts";
import { LiteralSet } from "./literal-set.ts";
import { groundCondition, type GroundGoal } from "./ground-goal.ts";
import { chooseMatching, chooseSubset } from "./selection.ts";

/** Cost added per contradiction with an earlier commitment: allowed, but only when nothing else works. */
const CONFLICT_COST = 100;

/** A set of ground literals which, all true, make an expression take the wanted value. */
export interface Choice {
  literals: GroundLiteral[];
  /** Estimated effort to make them all true (0 when they already are); Infinity when impossible. */
  cost: number;
}

/** What the planner needs besides the world: how hard a false literal is to make true. */
export interface PlannerOptions {
  world: World;
  binding: TaskBinding;
  memory: ChoiceMemory;
  /**
   * Effort to make a currently false literal true (≥ 1), or Infinity when it cannot be done, given the
   * literals committed so far (moving an object that satisfies one of them costs more).
   */
  literalCost(lit: GroundLiteral, committed: LiteralSet): number;
}

/** The planner's reading of one goal condition. */
export interface ConditionPlan {
  index: number;
  holds: boolean;
  choice: Choice;
}

/**
 * Turns goal conditions into ground literals to achieve. Each condition gets the cheapest set of literals
 * that would make it true given the literals committed for earlier conditions: one disjunct of an `or`,
 * the instance of an `exists` closest to satisfied, exactly N instances of a `forn` (the rest made false),
 * a matching for `forpairs`/`fornpairs`, negated literals under `not`. Conditions that already hold are
 * committed first (as the literals that make them true now), so later choices avoid undoing them.
 * Each condition is grounded once for its task binding ({@link groundCondition}); every plan walks the ground
 * conditions.
 */
export class GoalPlanner {
  constructor(private readonly o: PlannerOptions) {}

  plan(conditions: readonly { expr: BddlExpr }[], holds: readonly boolean[]): ConditionPlan[] {
    let committed = LiteralSet.empty();
    const plans: ConditionPlan[] = new Array(conditions.length);
    // the conditions that hold first, then the rest, each in condition order
    const order: number[] = [];
    for (let i = 0; i < conditions.length; i++) if (holds[i]) order.push(i);
    for (let i = 0; i < conditions.length; i++) if (!holds[i]) order.push(i);
    for (const i of order) {
      const choice = this.choose(groundCondition(conditions[i]!.expr, this.o.binding, i), true, committed);
      plans[i] = { index: i, holds: holds[i]!, choice };
      const keep = holds[i] ? choice.literals.filter((l) => holdsLiteral(this.o.world, l)) : choice.literals;
      if (Number.isFinite(choice.cost)) committed = committed.with(keep);
    }
    return plans;
  }

  /** Literals making the ground condition `g` evaluate to `want`. */
  private choose(g: GroundGoal, want: boolean, committed: LiteralSet): Choice {
    switch (g.op) {
      case "atom":
        return this.atom(want ? g.literals.true : g.literals.false, committed);
      case "not":
        return this.choose(g.arg, !want, committed);
      case "and":
      case "or": {
        const all = (g.op === "and") === want;
        return all ? this.conjunction(g.parts, want, committed) : this.alternative(g.parts, want, g.path, g.keys, committed);
      }
      case "imply":
        // a → b is (not a) or b; false only when a holds and b does not
        if (!want) return this.conjunctionMixed([g.if, g.then], [true, false], committed);
        return this.alternativeMixed([g.if, g.then], [false, true], g.path, g.keys, committed);
      case "forall":
      case "exists": {
        const all = (g.op === "forall") === want;
        return all ? this.conjunction(g.parts, want, committed) : this.alternative(g.parts, want, g.path, g.names, committed);
      }
      case "forn":
        return this.forn(g, want, committed);
      case "forpairs":
      case "fornpairs":
        return this.forpairs(g, want, committed);
    }
  }

  private atom(lit: GroundLiteral, committed: LiteralSet): Choice {
    const clash = committed.conflicts(lit) * CONFLICT_COST;
    if (holdsLiteral(this.o.world, lit)) return { literals: [lit], cost: clash };
    return { literals: [lit], cost: this.o.literalCost(lit, committed) + clash };
  }

  private conjunction(parts: readonly GroundGoal[], want: boolean, committed: LiteralSet): Choice {
    return this.conjunctionMixed(parts, parts.map(() => want), committed);
  }

  private conjunctionMixed(parts: readonly GroundGoal[], wants: readonly boolean[], committed: LiteralSet): Choice {
    const literals: GroundLiteral[] = [];
    let cost = 0;
    let context = committed;
    for (let i = 0; i < parts.length; i++) {
      const c = this.choose(parts[i]!, wants[i]!, context);
      cost += c.cost;
      literals.push(...c.literals);
      context = context.with(c.literals);
    }
    return { literals: dedupe(literals), cost };
  }

  private alternative(parts: readonly GroundGoal[], want: boolean, path: string, keys: readonly string[], committed: LiteralSet): Choice {
    if (parts.length === 0) return { literals: [], cost: Infinity };
    return this.alternativeMixed(parts, parts.map(() => want), path, keys, committed);
  }

  private alternativeMixed(parts: readonly GroundGoal[], wants: readonly boolean[], path: string, keys: readonly string[], committed: LiteralSet): Choice {
    const choices = parts.map((p, i) => this.choose(p, wants[i]!, committed));
    const i = this.o.memory.pick(path, keys, choices.map((c) => c.cost));
    return i < 0 ? { literals: choices[0]!.literals, cost: Infinity } : choices[i]!;
  }

  private forn(g: Extract<GroundGoal, { op: "forn" }>, want: boolean, committed: LiteralSet): Choice {
    const { names, path } = g;
    const yes = g.parts.map((p) => this.choose(p, true, committed));
    const no = g.parts.map((p) => this.choose(p, false, committed));
    // exactly N true; "not exactly N" is cheapest as N-1 or N+1 true
    const targets = want ? [g.n] : [g.n - 1, g.n + 1];
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

  private forpairs(g: Extract<GroundGoal, { op: "forpairs" | "fornpairs" }>, want: boolean, committed: LiteralSet): Choice {
    const { rows, need, path } = g;
    if (!want) {
      // the pairs fail when fewer than `need` rows are covered: make every pair of the first row false, and so on
      return need === 0 ? { literals: [], cost: Infinity } : this.conjunction(rows.flat(), false, committed);
    }
    const prior = new Set((this.o.memory.get(path) ?? "").split("|"));
    const choices = rows.map((r) => r.map((pair) => this.choose(pair, true, committed)));
    const costs = choices.map((r, i) => r.map((c, j) => (Number.isFinite(c.cost) ? Math.max(0, c.cost - (prior.has(`${i},${j}`) ? STICKINESS : 0)) : Infinity)));
    const matching = chooseMatching(costs, need);
    if (!matching) return { literals: [], cost: Infinity };
    this.o.memory.set(path, matching.map(([i, j]) => `${i},${j}`).join("|"));
    const picked = matching.map(([i, j]) => choices[i]![j]!);
    return { literals: dedupe(picked.flatMap((c) => c.literals)), cost: picked.reduce((s, c) => s + c.cost, 0) };
  }
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
