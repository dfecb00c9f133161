import { isWildcardInstance, type BddlExpr, type BddlProblem, type SourcePos } from "../bddl/ast.ts";
import { formatExpr } from "../bddl/format.ts";
import { InputError } from "../errors.ts";
import { where } from "../bddl/sexpr.ts";
import { Rng } from "../rng.ts";
import { analyzeActivity, type ActivitySpec, type InstanceSpec } from "./activity.ts";
import type { DraftObject } from "./draft.ts";
import { planHouse } from "./house-plan.ts";

/**
 * Why objects of a BEHAVIOR problem can never be placed, whatever the seed: found before sampling, so that
 * `sampleScene` refuses at once instead of failing every attempt of every seed, and so that
 * `rearrange validate` predicts the importer's refusal in the same words. Two cases, both read off the
 * sampler's own house plan (sim/sampler/house-plan.ts), so the check and the sampler cannot disagree:
 * - an object that neither stands in a room (furniture) nor rests on anything: no `:init` literal places it
 *   (nextto and touching do not), or the one that would names the agent or a `_*` instance;
 * - objects whose supports go round in a cycle (`(under shelf bag) (ontop bag shelf)`): none is ever placed.
 * Every problem is an InputError naming the file, `line L, column C` (the literal, or the instance's
 * declaration when no literal names it) and the reason, in source order.
 */
export function placementProblems(problem: BddlProblem, spec: ActivitySpec = analyzeActivity(problem)): InputError[] {
  // what rests on what, and what stands in a room, is the same for every seed (the seed picks which room of a
  // type, how many objects a `_*` instance stands for, and the distractors, which rest on rooms' furniture and
  // floors): one plan answers for all
  const plan = planHouse(spec, new Rng(0));
  const found: Found[] = [];
  const stranded = new Set<string>();
  for (const d of plan.drafts) {
    // furnish stands a draft with a room (and no support) on its room's floor, placeItems puts the others on
    // their supports: a draft with neither is placeItems' "it has nothing to rest on" in every attempt
    if (d.room || d.support) continue;
    const name = d.instance ?? d.wildcardOf;
    if (name === undefined || stranded.has(name)) continue;
    stranded.add(name);
    found.push(nothingToRestOn(problem, spec.instances.get(name)!));
  }
  for (const cycle of supportCycles(plan.drafts)) found.push(cycleProblem(problem, spec, cycle));
  found.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column);
  return found.map((f) => new InputError(problem.file, where(f.pos), f.reason));
}

interface Found {
  pos: SourcePos;
  reason: string;
}

/** What a user writes to place an object, for the advice in messages. */
const HOW_TO_PLACE = "give it an ontop, inside, under, onfloor or overlaid fact, or an inroom fact to stand it in a room";

/** An instance that is not furniture and has no support the house can give it: why, at the literal to fix. */
function nothingToRestOn(problem: BddlProblem, inst: InstanceSpec): Found {
  const declared = problem.positions.instances.get(inst.name) ?? problem.positions.objects;
  if (inst.support) {
    // pickSupport chose this literal, and the house has no one object for its target
    const target = inst.support.target;
    const what = isAgent(problem, target)
      ? "the agent, which carries nothing at the start"
      : isWildcardInstance(target)
        ? "a _* instance, which stands for any number of objects, not one to rest on"
        : "not an object of the house";
    return { pos: inst.support.literal, reason: `cannot place ${inst.name}: ${formatExpr(inst.support.literal)} puts it on ${target}, ${what}; ${HOW_TO_PLACE}` };
  }
  const naming = problem.init.filter((lit) => atomOf(lit)?.args.includes(inst.name));
  if (naming.length === 0) {
    return { pos: declared, reason: `cannot place ${inst.name}: no :init fact says what it rests on (none names it); ${HOW_TO_PLACE}` };
  }
  const shown = naming.slice(0, 3).map(formatExpr).join(", ");
  const more = naming.length > 3 ? ` and ${naming.length - 3} more` : "";
  const beside = naming.some((lit) => lit.op === "atom" && (lit.pred === "nextto" || lit.pred === "touching"))
    ? " (nextto and touching say what it is beside, not what it rests on)"
    : "";
  return {
    pos: naming[0]!,
    reason: `cannot place ${inst.name}: no :init fact says what it rests on: ${shown}${more} ${naming.length === 1 ? "does" : "do"} not${beside}; ${HOW_TO_PLACE}`,
  };
}

/** A cycle of supports, told from the member whose support literal comes first in the file. */
function cycleProblem(problem: BddlProblem, spec: ActivitySpec, cycle: DraftObject[]): Found {
  const literalOf = (d: DraftObject): BddlExpr | undefined => spec.instances.get(d.instance ?? "")?.support?.literal;
  const before = (a: SourcePos | undefined, b: SourcePos | undefined) => !!a && (!b || a.line < b.line || (a.line === b.line && a.column < b.column));
  let start = 0;
  cycle.forEach((d, i) => {
    if (before(literalOf(d), literalOf(cycle[start]!))) start = i;
  });
  const members = [...cycle.slice(start), ...cycle.slice(0, start)];
  const name = (d: DraftObject) => d.instance ?? d.id;
  const head = members[0]!;
  const pos = literalOf(head) ?? problem.positions.instances.get(name(head)) ?? problem.positions.init;
  if (members.length === 1) return { pos, reason: `cannot place ${name(head)}: ${literalOf(head) ? formatExpr(literalOf(head)!) : "its support"} puts it on itself` };
  const links = members.map((d, i) => {
    const lit = literalOf(d);
    if (!lit) return `${name(d)} on ${name(members[(i + 1) % members.length]!)}`;
    return i === 0 ? formatExpr(lit) : `${formatExpr(lit)} at ${where(lit)}`;
  });
  return { pos, reason: `cannot place ${name(head)}: its support ${name(members[1]!)} is never placed (a cycle of supports: ${links.join(", ")})` };
}

/**
 * The cycles of the support relation among drafts (each draft rests on at most one thing, so every chain of
 * supports ends on a floor, on furniture standing in a room, or in a cycle), each in support order.
 */
function supportCycles(drafts: readonly DraftObject[]): DraftObject[][] {
  const byId = new Map(drafts.map((d) => [d.id, d]));
  const state = new Map<string, "walking" | "done">();
  const cycles: DraftObject[][] = [];
  for (const start of drafts) {
    const path: DraftObject[] = [];
    let d: DraftObject | undefined = start;
    while (d && !state.has(d.id)) {
      state.set(d.id, "walking");
      path.push(d);
      d = d.support ? byId.get(d.support.target) : undefined;
    }
    // back on this walk's own path: the part from there on is a new cycle
    if (d && state.get(d.id) === "walking") cycles.push(path.slice(path.indexOf(d)));
    for (const p of path) state.set(p.id, "done");
  }
  return cycles;
}

function atomOf(lit: BddlExpr) {
  const atom = lit.op === "not" ? lit.arg : lit;
  return atom.op === "atom" ? atom : undefined;
}

function isAgent(problem: BddlProblem, name: string): boolean {
  return problem.objects.get(name) === "agent.n.01";
}
