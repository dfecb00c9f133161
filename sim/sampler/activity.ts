import { isWildcardInstance, type BddlExpr, type BddlProblem } from "../bddl/ast.ts";
import { categoryProfile, type CategoryProfile } from "../categories/index.ts";
import type { Ability, Shape, StateName } from "../scene/schema.ts";
import { STATES } from "../scene/schema.ts";
import { ABILITY_PREDICATES } from "../predicates/registry.ts";
import { atomUses, wants, type AtomUse } from "./atom-uses.ts";
import { emptyLoad, type Load } from "./sizing.ts";

/** Relations that say where an object rests. */
export type SupportPred = "inside" | "ontop" | "under" | "onfloor";

/** One binary `:init` literal, e.g. `(ontop apple.n.01_1 table.n.02_1)` or `(not (inside a b))`. */
export interface InitFact {
  pred: string;
  a: string;
  b: string;
  positive: boolean;
  /** The literal as written (its text and place, for messages). */
  literal: BddlExpr;
}

/** What the sampler knows about one declared instance. */
export interface InstanceSpec {
  name: string;
  category: string;
  /** Category profile with the abilities and shape the activity's use of it requires. */
  profile: CategoryProfile;
  role: "agent" | "floor" | "fixed" | "carryable";
  /** A `_*` instance: it stands for the extra scene objects of its category. */
  wildcard: boolean;
  /** Room type from `(inroom x type)`. */
  roomType?: string;
  /** The literal that decides where it rests (inside > ontop > under > onfloor), and that literal as written. */
  support?: { pred: SupportPred; target: string; literal: BddlExpr };
  /** Binary `:init` literals with this instance first (the support included). */
  facts: InitFact[];
  /** Unary states from `:init` (false for negated ones). */
  states: Partial<Record<StateName, boolean>>;
}

/** An activity read for sampling. */
export interface ActivitySpec {
  problem: BddlProblem;
  /** Declared instances in declaration order. */
  instances: Map<string, InstanceSpec>;
  /** Per target instance, the instances that rest in/on/under it at the start or in the goal. */
  loads: Map<string, Load>;
  /** Atom uses of init and goal (for the tools an activity needs). */
  uses: AtomUse[];
  /**
   * Per target instance, what must rest on its top (initially, or for the goal with no `or` offering
   * another way): an open container there needs a lid unless those things span its opening (sim/sampler/lids.ts).
   */
  onTopNeeds: Map<string, Set<string>>;
}

const UNARY = new Set<string>(STATES);
const SUPPORT_ORDER: readonly SupportPred[] = ["inside", "ontop", "under", "onfloor"];
/** Abilities a unary predicate needs on its object wherever it is written. */
const STATE_ABILITY: Partial<Record<string, Ability>> = {
  open: "openable",
  toggled_on: "toggleable",
  soaked: "soakable",
  cooked: "cookable",
  burnt: "cookable",
  frozen: "freezable",
  sliced: "sliceable",
  folded: "foldable",
};

/** Reads a parsed problem: roles, rooms, supports, states, required abilities and loads. */
export function analyzeActivity(problem: BddlProblem): ActivitySpec {
  const uses = atomUses(problem);
  const overrides = categoryOverrides(problem, uses);
  const instances = new Map<string, InstanceSpec>();
  for (const [name, category] of problem.objects) {
    const base = categoryProfile(category);
    const o = overrides.get(category);
    const profile: CategoryProfile = o
      ? { ...base, abilities: [...new Set([...base.abilities, ...o.abilities])], shape: o.shape ?? base.shape, kind: o.kind ?? base.kind }
      : base;
    instances.set(name, {
      name,
      category,
      profile,
      role: category === "agent.n.01" ? "agent" : category === "floor.n.01" ? "floor" : "carryable",
      wildcard: isWildcardInstance(name),
      facts: [],
      states: {},
    });
  }
  for (const lit of problem.init) readInitLiteral(lit, instances);
  for (const spec of instances.values()) {
    if (spec.role !== "carryable") continue;
    spec.support = pickSupport(spec, instances);
    // BEHAVIOR's scene objects are the ones placed by room; a fixed category stays fixed wherever it is
    if (spec.roomType !== undefined || spec.profile.kind === "fixed" || spec.profile.shape === "floor") spec.role = "fixed";
  }
  return { problem, instances, loads: loadsOf(uses, instances), uses, onTopNeeds: onTopNeedsOf(uses, instances) };
}

function readInitLiteral(lit: BddlExpr, instances: Map<string, InstanceSpec>): void {
  const positive = lit.op !== "not";
  const atom = lit.op === "not" ? lit.arg : lit;
  if (atom.op !== "atom") return;
  const first = instances.get(atom.args[0]!);
  if (!first) return;
  if (UNARY.has(atom.pred)) {
    first.states[atom.pred as StateName] = positive;
    return;
  }
  // what an object can do comes with its category (and from categoryOverrides), not from a state
  if (Object.hasOwn(ABILITY_PREDICATES, atom.pred)) return;
  if (atom.pred === "inroom") {
    if (positive) first.roomType = atom.args[1]!;
    return;
  }
  first.facts.push({ pred: atom.pred, a: atom.args[0]!, b: atom.args[1]!, positive, literal: lit });
}

/** The support literal: `ontop x floor` counts as resting on the floor, a cloth `overlaid` on a thing as on top of it. */
function pickSupport(spec: InstanceSpec, instances: Map<string, InstanceSpec>): InstanceSpec["support"] {
  const isGround = (name: string) => {
    const t = instances.get(name);
    return !!t && (t.role === "floor" || t.profile.shape === "floor");
  };
  const normalized = spec.facts
    .filter((f) => f.positive && ((SUPPORT_ORDER as readonly string[]).includes(f.pred) || f.pred === "overlaid"))
    .map((f) => {
      const pred = f.pred === "overlaid" ? "ontop" : f.pred;
      return { pred: (pred === "ontop" && isGround(f.b) ? "onfloor" : pred) as SupportPred, target: f.b, literal: f.literal };
    });
  for (const pred of SUPPORT_ORDER) {
    const f = normalized.find((n) => n.pred === pred);
    if (f) return f;
  }
  return undefined;
}

/**
 * Furniture no larger than this along any side is carried when the goal puts it somewhere (lawn chairs out on
 * the lawn, a stool under a table), m; larger pieces stay where the house has them.
 */
const CARRIED_FURNITURE_MAX = 1.2;
/** Relations whose first operand the goal moves: it must rest on, in or under the second. */
const MOVING_RELATIONS = new Set(["ontop", "inside", "under"]);

/** Abilities, shapes and kinds a category needs because of how the activity uses it. */
function categoryOverrides(problem: BddlProblem, uses: AtomUse[]): Map<string, { abilities: Set<Ability>; shape?: Shape; kind?: "carryable" }> {
  const out = new Map<string, { abilities: Set<Ability>; shape?: Shape; kind?: "carryable" }>();
  const entry = (category: string) => {
    let e = out.get(category);
    if (!e) out.set(category, (e = { abilities: new Set() }));
    return e;
  };
  const categoriesOf = (names: string[]) =>
    [...new Set(names.map((n) => problem.objects.get(n)).filter((c): c is string => !!c && c !== "agent.n.01" && c !== "floor.n.01"))];
  for (const use of uses) {
    const ability = STATE_ABILITY[use.pred];
    if (ability) for (const c of categoriesOf(use.args[0]!)) entry(c).abilities.add(ability);
    const given = Object.hasOwn(ABILITY_PREDICATES, use.pred) ? ABILITY_PREDICATES[use.pred]! : undefined;
    if (given && wants(use, true)) for (const c of categoriesOf(use.args[0]!)) entry(c).abilities.add(given);
    if (use.pred === "inside" && wants(use, true)) {
      for (const c of categoriesOf(use.args[1]!)) {
        const e = entry(c);
        e.abilities.add("container");
        if (categoryProfile(c).shape !== "floor") e.shape = "container";
      }
    }
    if (use.goal && MOVING_RELATIONS.has(use.pred) && wants(use, true)) {
      for (const c of categoriesOf(use.args[0]!)) {
        const p = categoryProfile(c);
        if (p.kind === "fixed" && p.shape !== "floor" && Math.max(...p.size) <= CARRIED_FURNITURE_MAX) entry(c).kind = "carryable";
      }
    }
    if (use.pred === "under" && wants(use, true)) {
      for (const c of categoriesOf(use.args[1]!)) if (categoryProfile(c).shape === "solid") entry(c).shape = "table";
    }
  }
  return out;
}

/**
 * What must fit in, on and under each instance: its initial contents plus what the goal puts there. Each load
 * also says which of its items only the goal brings ({@link Load.arrives}) and which of those there at the
 * start the goal puts elsewhere ({@link Load.leaves}): a carryable top is sized for what is on it at one time.
 */
function loadsOf(uses: AtomUse[], instances: Map<string, InstanceSpec>): ActivitySpec["loads"] {
  const loads: ActivitySpec["loads"] = new Map();
  // what the goal itself puts on each surface: where a thing it puts next to one of them ends up too
  const goalOnTop = new Map<string, Set<string>>();
  /** Per target, the items `:init` puts in, on or under it; per item, every target the goal may put it on. */
  const atStart = new Map<string, Set<string>>();
  const goalTargets = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, key: string, value: string) => m.set(key, (m.get(key) ?? new Set()).add(value));
  const concrete = (names: string[]) => names.filter((n) => instances.has(n) && !isWildcardInstance(n));
  for (const use of uses) {
    if (use.pred !== "inside" && use.pred !== "ontop" && use.pred !== "under") continue;
    if (!wants(use, true)) continue;
    for (const target of concrete(use.args[1]!)) {
      const t = instances.get(target)!;
      const sources = concrete(use.args[0]!);
      // a goal that puts a thing on the floor or by the agent still takes it off where it started
      if (use.goal) for (const src of sources) add(goalTargets, src, target);
      if (t.role === "floor" || t.role === "agent" || t.profile.shape === "floor") continue;
      let l = loads.get(target);
      if (!l) loads.set(target, (l = emptyLoad()));
      for (const src of oneOrAll(sources, use.oneOf[0]!, instances)) {
        if (src === target || instances.get(src)!.role === "agent") continue;
        l[use.pred].add(src);
        if (!use.goal) add(atStart, target, src);
        if (use.goal && use.pred === "ontop") add(goalOnTop, target, src);
      }
    }
  }
  // things the goal puts next to each other end up on the same surface (the one the goal puts them on, not one
  // they start on: a keyboard starting on a notebook made the notebook room for the whole desk's worth)
  for (const use of uses) {
    if (use.pred !== "nextto" || !use.goal || !wants(use, true)) continue;
    const [a, b] = [concrete(use.args[0]!), concrete(use.args[1]!)];
    for (const [target, on] of goalOnTop) {
      const l = loads.get(target)!;
      const join = (xs: string[]) => xs.forEach((x) => (l.ontop.add(x), on.add(x), add(goalTargets, x, target)));
      if (b.some((x) => on.has(x))) join(a);
      if (a.some((x) => on.has(x))) join(b);
    }
  }
  for (const [target, l] of loads) {
    const initial = atStart.get(target) ?? new Set<string>();
    for (const item of [...l.inside, ...l.ontop, ...l.under]) {
      if (!initial.has(item)) l.arrives!.add(item);
      // there at the start, and every way the goal can be met puts it somewhere else
      else if (goalTargets.has(item) && !goalTargets.get(item)!.has(target)) l.leaves!.add(item);
    }
  }
  return loads;
}

/**
 * The instances an argument puts in, on or under its target: all of them, or, where one is enough (an `exists`),
 * the one with the largest footprint, so that the target makes room for whichever is chosen but not for all.
 */
function oneOrAll(names: string[], one: boolean, instances: Map<string, InstanceSpec>): string[] {
  if (!one || names.length < 2) return names;
  const footprint = (n: string) => instances.get(n)!.profile.size[0] * instances.get(n)!.profile.size[1];
  return [names.reduce((best, n) => (footprint(n) > footprint(best) ? n : best))];
}

/** Required `ontop` uses as target → items (see {@link ActivitySpec.onTopNeeds}). */
function onTopNeedsOf(uses: AtomUse[], instances: Map<string, InstanceSpec>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const concrete = (names: string[]) => names.filter((n) => instances.has(n) && !isWildcardInstance(n));
  for (const use of uses) {
    if (use.pred !== "ontop" || use.optional || !wants(use, true)) continue;
    for (const target of concrete(use.args[1]!)) {
      const t = instances.get(target)!;
      if (t.role === "floor" || t.role === "agent" || t.profile.shape === "floor") continue;
      for (const item of concrete(use.args[0]!)) {
        if (item === target || instances.get(item)!.role === "agent") continue;
        let set = out.get(target);
        if (!set) out.set(target, (set = new Set()));
        set.add(item);
      }
    }
  }
  return out;
}
