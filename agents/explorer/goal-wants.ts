import { isRoomArg, type BddlExpr } from "../../sim/bddl/ast.ts";
import type { Belief } from "./belief.ts";
import { literalKey, literalObjects, type Literal } from "./literal.ts";

/** How the explorer reads the task: instance names to object ids, and the members of a category it knows of. */
export interface GoalScope {
  /** Object id of a declared instance name, or an observed wildcard member's id as is; undefined when unknown. */
  resolve(name: string): string | undefined;
  /** The instances a quantifier over `category` ranges over, as far as the agent knows (declared ones, plus observed members of a `_*` category). */
  instancesOf(category: string): string[];
  /** True for a `_*` category: it may have members the agent has not seen yet. */
  isOpen(category: string): boolean;
}

/** What the goal asks for next: the literals still to make true (believed unsatisfied), and whether more must be found. */
export interface Wants {
  literals: Literal[];
  /** Some part of the goal ranges over objects the agent has not found (yet): keep searching. */
  open: boolean;
  /** Estimated effort (see {@link LiteralCost}); used to choose between alternatives. */
  cost: number;
}

/** Effort of one unsatisfied literal: low when actionable, higher when an object is still unseen, huge when known to fail. */
export type LiteralCost = (l: Literal) => number;

const NOTHING: Wants = { literals: [], open: false, cost: 0 };

/**
 * Turns the goal into the set of literals the agent works on, choosing among alternatives (`or`, `exists`,
 * `forn`, pairs) the cheapest under its beliefs. Literals believed true are left out; a negated compound is
 * pushed inwards (De Morgan). This is a planner's reading of the goal, not an evaluator: BDDL truth is
 * the simulator's.
 */
export function goalWants(goal: BddlExpr, scope: GoalScope, belief: Belief, cost: LiteralCost): Wants {
  const w = new GoalReader(scope, belief, cost).want(goal, true);
  const seen = new Set<string>();
  const literals = w.literals.filter((l) => {
    const k = literalKey(l);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { ...w, literals };
}

/**
 * Reads a goal expression under the variable bindings of the quantifiers around it. One environment, bound
 * and unbound as the reading enters and leaves each quantifier's body (nothing read keeps it), instead of a
 * new map per member: the explorer reads its whole goal every step.
 */
class GoalReader {
  private readonly env = new Map<string, string>();

  constructor(
    private readonly scope: GoalScope,
    private readonly belief: Belief,
    private readonly cost: LiteralCost,
  ) {}

  want(e: BddlExpr, positive: boolean): Wants {
    const { scope, belief, env } = this;
    switch (e.op) {
      case "atom": {
        const args = e.args.map((a, i) => (isRoomArg(e.pred, i) ? a : scope.resolve(env.get(a) ?? a)));
        if (args.some((a) => a === undefined)) return { literals: [], open: true, cost: 5 };
        const lit: Literal = { pred: e.pred, args: args as string[], positive };
        // about an unseen object nothing is believed, not even a negation ("all lamps off" needs the lamps found)
        const unseen = literalObjects(lit).some((id) => !belief.known(id));
        if (!unseen && belief.satisfied(lit)) return NOTHING;
        return { literals: [lit], open: unseen, cost: this.cost(lit) };
      }
      case "not":
        return this.want(e.arg, !positive);
      case "and":
      case "or": {
        const parts = e.args.map((a) => this.want(a, positive));
        return (e.op === "and") === positive ? all(parts) : cheapest(parts);
      }
      case "imply":
        // a → b  ≡  ¬a ∨ b ;  ¬(a → b) ≡ a ∧ ¬b
        return positive ? cheapest([this.want(e.if, false), this.want(e.then, true)]) : all([this.want(e.if, true), this.want(e.then, false)]);
      case "forall":
      case "exists": {
        const members = scope.instancesOf(e.category);
        const parts = members.map((m) => this.under(e.var, m, () => this.want(e.body, positive)));
        const universal = (e.op === "forall") === positive;
        if (universal) {
          const w = all(parts);
          return { ...w, open: w.open || scope.isOpen(e.category) };
        }
        if (!parts.length) return { literals: [], open: true, cost: 5 };
        return cheapest(parts);
      }
      case "forn": {
        if (!positive) return NOTHING;
        // exactly n: the n cheapest to make true, and every other member false
        const members = scope.instancesOf(e.category);
        const options = members
          .map((m, i) => this.under(e.var, m, () => ({ i, yes: this.want(e.body, true), no: this.want(e.body, false) })))
          .sort((a, b) => a.yes.cost - a.no.cost - (b.yes.cost - b.no.cost) || a.i - b.i);
        const chosen = all([...options.slice(0, e.n).map((o) => o.yes), ...options.slice(e.n).map((o) => o.no)]);
        return { ...chosen, open: chosen.open || members.length < e.n };
      }
      case "forpairs":
      case "fornpairs": {
        if (!positive) return NOTHING;
        const firsts = scope.instancesOf(e.cat1);
        const seconds = scope.instancesOf(e.cat2);
        const pairs: Array<{ i: string; j: string; w: Wants }> = [];
        for (const i of firsts) {
          for (const j of seconds) {
            if (i !== j) pairs.push({ i, j, w: this.under(e.var1, i, () => this.under(e.var2, j, () => this.want(e.body, true))) });
          }
        }
        pairs.sort((a, b) => a.w.cost - b.w.cost);
        const need = e.op === "fornpairs" ? e.n : firsts.length;
        const usedI = new Set<string>();
        const usedJ = new Set<string>();
        const chosen: Wants[] = [];
        for (const p of pairs) {
          if (chosen.length >= need) break;
          if (usedI.has(p.i) || usedJ.has(p.j)) continue;
          usedI.add(p.i);
          usedJ.add(p.j);
          chosen.push(p.w);
        }
        const w = all(chosen);
        return { ...w, open: w.open || chosen.length < need || scope.isOpen(e.cat1) || scope.isOpen(e.cat2) };
      }
    }
  }

  /** `read()` with `variable` bound to `value`; the binding it shadowed (an outer quantifier's) comes back after. */
  private under<T>(variable: string, value: string, read: () => T): T {
    const { env } = this;
    const outer = env.get(variable);
    env.set(variable, value);
    try {
      return read();
    } finally {
      if (outer === undefined) env.delete(variable);
      else env.set(variable, outer);
    }
  }
}

function all(parts: Wants[]): Wants {
  return {
    literals: parts.flatMap((p) => p.literals),
    open: parts.some((p) => p.open),
    cost: parts.reduce((s, p) => s + p.cost, 0),
  };
}

/** The cheapest alternative; the first among equals (so choices are stable from step to step). */
function cheapest(parts: Wants[]): Wants {
  if (!parts.length) return NOTHING;
  return parts.reduce((best, p) => (p.cost < best.cost ? p : best));
}
