import type { BddlProblem } from "../bddl/ast.ts";
import type { InputError } from "../errors.ts";
import { hashString, Rng } from "../rng.ts";
import { SceneSchema, type SceneFile } from "../scene/schema.ts";
import { analyzeActivity, type ActivitySpec } from "./activity.ts";
import { wants } from "./atom-uses.ts";
import { spreadOver, toObjectSpec, type DraftObject } from "./draft.ts";
import { DraftNames } from "./draft-names.ts";
import { furnish } from "./furnish.ts";
import { planHouse, type HousePlan } from "./house-plan.ts";
import { layoutRooms, type RoomRequest } from "./layout.ts";
import { placeItems } from "./place-items.ts";
import { floorDraft } from "./rooms.ts";
import { lidOpenTops } from "./lids.ts";
import { placementProblems } from "./placement-check.ts";
import { coverWithCloth, emptyLoad, fitLoads, type Load, type Loads } from "./sizing.ts";
import { unmetInitFacts } from "./verify.ts";

/** Options of {@link sampleScene}. */
export interface SampleOptions {
  /** Same problem and seed → same scene; another seed → another house. */
  seed: number;
  /** Scene id (default `<problem name>-s<seed>`). */
  sceneId?: string;
  /** Samples tried (each with more floor space) before giving up. */
  maxAttempts?: number;
  /**
   * false: sample even when {@link placementProblems} says no sample can hold (tests use it to show that every
   * attempt then fails). Default true: such a problem is refused before the first attempt.
   */
  precheck?: boolean;
}

/** A sampled house for an activity and how the activity's instances bind to its objects. */
export interface SampledScene {
  scene: SceneFile;
  /** Task bindings: instance → object id (`agent` for the agent), `_*` instances → lists. */
  bindings: Record<string, string | string[]>;
  /** Samples it took (1 = the first one held). */
  attempts: number;
  /** Objects the activity does not declare: tools it needs and distractors. */
  extras: { id: string; category: string; origin: "wildcard" | "provider" | "distractor" }[];
}

/**
 * No sample made every initial fact hold; `reasons` says what failed in each attempt. `refused`: the problems,
 * found before sampling, that no seed or attempt can fix (then there were no attempts).
 */
export class SamplingError extends Error {
  constructor(
    readonly problem: string,
    readonly reasons: string[],
    readonly refused: readonly InputError[] = [],
  ) {
    super(
      refused.length
        ? `no scene can be sampled for ${problem}, whatever the seed: ${refused.map((r) => `${r.where}: ${r.reason}`).join("; ")}`
        : `could not sample a scene for ${problem} in ${reasons.length} attempts: ${reasons.at(-1) ?? "no attempt"}`,
    );
    this.name = "SamplingError";
  }
}

/** Floor area around each piece of furniture (to walk and to put things beside it), m per side. */
const FURNITURE_MARGIN = 0.6;
/** Floor area per footprint of an item lying on the floor. */
const FLOOR_ITEM_SPREAD = 4;
/** Free floor every room keeps, m². */
const BASE_AREA = 8;
/** Extra floor space per failed attempt. */
const GROWTH_PER_ATTEMPT = 0.3;

/**
 * Builds a house for a BEHAVIOR problem from its `:init`: the rooms its `inroom` facts name around a
 * corridor, the furniture in them, every object where its initial facts put it (checked after loading
 * and settling the scene, with the goal predicates), the tools it needs but lacks, and distractors.
 * Deterministic per seed. Throws {@link SamplingError} when no attempt satisfies every initial fact, and at
 * once, before any attempt, when {@link placementProblems} finds objects no house can place.
 */
export function sampleScene(problem: BddlProblem, options: SampleOptions): SampledScene {
  const spec = analyzeActivity(problem);
  if (options.precheck !== false) {
    const refused = placementProblems(problem, spec);
    if (refused.length) throw new SamplingError(problem.name, [], refused);
  }
  const sceneId = options.sceneId ?? `${problem.name}-s${options.seed}`;
  const base = new Rng(hashString(`${problem.name}|${options.seed}`));
  const reasons: string[] = [];
  const attempts = options.maxAttempts ?? 8;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const built = buildOnce(spec, base.derive(attempt), 1 + GROWTH_PER_ATTEMPT * attempt, sceneId);
    if ("reason" in built) {
      reasons.push(built.reason);
      continue;
    }
    const unmet = unmetInitFacts(problem, built.scene, built.bindings, sceneId);
    if (unmet.length) {
      reasons.push(`initial facts do not hold after loading: ${unmet.map((u) => `${u.text} (line ${u.line})`).join(", ")}`);
      continue;
    }
    return { ...built, attempts: attempt + 1 };
  }
  throw new SamplingError(problem.name, reasons);
}

function buildOnce(spec: ActivitySpec, rng: Rng, growth: number, sceneId: string): Omit<SampledScene, "attempts"> | { reason: string } {
  const plan = planHouse(spec, rng.derive("plan"));
  const byId = new Map(plan.drafts.map((d) => [d.id, d]));
  const loads = loadsOf(spec, plan);
  fitLoads(byId, loads);
  coverWithCloth(byId, overlaysOf(spec, plan));
  const lidded = lidOpenTops(byId, onTopNeedsOf(spec, plan));
  // a lid takes headroom: a newly lidded container grows taller for what goes inside (its top is already sized)
  const underLid: Loads = new Map(lidded.filter((d) => loads.get(d.id)?.inside.size).map((d) => [d.id, { inside: loads.get(d.id)!.inside, ontop: new Set(), under: new Set() }]));
  if (underLid.size) fitLoads(byId, underLid);
  const besides = markStraddles(plan.drafts, byId);
  const requests: RoomRequest[] = plan.rooms.map((r) => ({ ...r, ...roomNeeds(r.id, plan.drafts, growth), ...(besides.has(r.id) ? { besides: besides.get(r.id) } : {}) }));
  const corridor = plan.rooms.find((r) => r.type === "corridor")?.id ?? null;
  const rooms = layoutRooms(requests, corridor, rng.derive("layout"));
  const floors = rooms.map(floorDraft);
  for (const [inst, room] of plan.floorRooms) Object.assign(floors.find((f) => f.room === room)!.states, spec.instances.get(inst)!.states);
  const full = furnish(rooms, plan.drafts.filter((d) => d.room && !d.support), rng.derive("furnish"));
  if (full) return { reason: `the furniture of ${full} does not fit` };
  const names = new DraftNames(spec, plan);
  const failed = placeItems([...floors, ...plan.drafts], rooms, rng.derive("items"), names);
  if (failed) return { reason: `${names.cannotPlace(failed.item)}: ${failed.reason}` };
  const scene = SceneSchema.parse({
    schemaVersion: 1,
    id: sceneId,
    name: `${spec.problem.name} house`,
    description: `Sampled for the BEHAVIOR activity ${spec.problem.name}`,
    source: spec.problem.file,
    rooms,
    objects: [...floors, ...plan.drafts].map(toObjectSpec),
    agent: { room: plan.agentRoom },
  });
  const bindings = { ...plan.bindings };
  for (const [inst, room] of plan.floorRooms) bindings[inst] = `floor_${room}`;
  const extras = plan.drafts
    .filter((d) => d.origin !== "declared")
    .map((d) => ({ id: d.id, category: d.category, origin: d.origin as "wildcard" | "provider" | "distractor" }));
  return { scene, bindings, extras };
}

/** Loads of the activity (initial and goal) plus the supports of every draft, as draft ids. */
function loadsOf(spec: ActivitySpec, plan: HousePlan): Loads {
  const loads: Loads = new Map();
  const loadOf = (target: string): Load => {
    let l = loads.get(target);
    if (!l) loads.set(target, (l = emptyLoad()));
    return l;
  };
  for (const [inst, l] of spec.loads) {
    const target = plan.draftOf.get(inst);
    if (!target) continue;
    const load = loadOf(target);
    for (const rel of ["inside", "ontop", "under", "arrives", "leaves"] as const) {
      for (const i of l[rel] ?? []) {
        const item = plan.draftOf.get(i);
        if (item) load[rel]!.add(item);
      }
    }
  }
  // where each draft starts: there at the start, whatever the goal does with it (a cloth spread over a thing
  // covers it and takes no room beside what else is on it: coverWithCloth sizes it)
  for (const d of plan.drafts) {
    if (!d.support || d.support.pred === "onfloor" || d.support.target.startsWith("floor_")) continue;
    if (spreadOver(d, d.support.target)) continue;
    const load = loadOf(d.support.target);
    load[d.support.pred].add(d.id);
    load.arrives!.delete(d.id);
  }
  return loads;
}

/** The (cloth, thing) draft pairs of every `overlaid` the activity wants true, at the start or in the goal. */
function overlaysOf(spec: ActivitySpec, plan: HousePlan): [string, string][] {
  const out: [string, string][] = [];
  for (const use of spec.uses) {
    if (use.pred !== "overlaid" || !wants(use, true)) continue;
    for (const cloth of use.args[0]!) {
      for (const thing of use.args[1]!) {
        const [c, t] = [plan.draftOf.get(cloth), plan.draftOf.get(thing)];
        if (c && t && c !== t) out.push([c, t]);
      }
    }
  }
  return out;
}

/** {@link ActivitySpec.onTopNeeds} as draft ids. */
function onTopNeedsOf(spec: ActivitySpec, plan: HousePlan): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [inst, items] of spec.onTopNeeds) {
    const target = plan.draftOf.get(inst);
    if (!target) continue;
    const ids = [...items].map((i) => plan.draftOf.get(i)).filter((x): x is string => x !== undefined);
    if (ids.length) out.set(target, new Set(ids));
  }
  return out;
}

/**
 * Furniture that must reach into another room: something under it lies on the other room's floor
 * (BEHAVIOR writes `(under shoe table_1) (onfloor shoe floor_2)` with the two in different rooms).
 * Returns room → room it must be next to.
 */
function markStraddles(drafts: DraftObject[], byId: Map<string, DraftObject>): Map<string, string> {
  const besides = new Map<string, string>();
  for (const d of drafts) {
    if (d.support?.pred !== "under") continue;
    const table = byId.get(d.support.target);
    const floor = d.facts.find((f) => f.positive && f.pred === "onfloor" && f.other.startsWith("floor_"));
    if (!table?.room || !floor) continue;
    const other = floor.other.slice("floor_".length);
    if (other === table.room) continue;
    table.straddle = other;
    besides.set(table.room, other);
  }
  return besides;
}

/** Floor area and shortest side a room needs for its furniture and the items on its floor. */
function roomNeeds(room: string, drafts: DraftObject[], growth: number): { area: number; minSide: number } {
  let area = BASE_AREA;
  let minSide = 0;
  for (const d of drafts) {
    if (d.room === room && !d.support) {
      const patch = d.siting === "ground";
      area += patch ? d.size.x * d.size.y * 0.5 : (d.size.x + FURNITURE_MARGIN) * (d.size.y + FURNITURE_MARGIN);
      minSide = Math.max(minSide, (patch ? Math.min(d.size.x, d.size.y) : Math.max(d.size.x, d.size.y)) + 2 * FURNITURE_MARGIN);
    } else if (d.support?.target === `floor_${room}`) {
      area += d.size.x * d.size.y * FLOOR_ITEM_SPREAD;
      minSide = Math.max(minSide, Math.max(d.size.x, d.size.y) + 1);
    }
  }
  return { area: area * growth, minSide };
}
