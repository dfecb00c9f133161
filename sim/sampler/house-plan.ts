import { categoriesForRoom, categoryProfile, lemmaOf, PROVIDER_OF } from "../categories/index.ts";
import type { Rng } from "../rng.ts";
import type { ActivitySpec, InstanceSpec } from "./activity.ts";
import { draftFromProfile, type DraftObject } from "./draft.ts";
import { IdAllocator } from "./ids.ts";
import { OUTDOOR_ROOM_TYPES } from "./layout.ts";
import { missingProviders } from "./requirements.ts";

/**
 * What goes into the house before anything is laid out: its rooms (by type), every object as a draft
 * with its room or support, the tools the activity lacks and a few distractors, plus the BDDL
 * bindings. Sizes and positions come later.
 */
export interface HousePlan {
  rooms: { id: string; type: string; outdoor: boolean }[];
  /** Room id the agent starts in. */
  agentRoom: string;
  /** Every object draft (floors are added with the layout). */
  drafts: DraftObject[];
  /** BDDL instance → room id, for floor instances (their object is `floor_<room>`). */
  floorRooms: Map<string, string>;
  /** BDDL instance → object id (or list, for `_*` wildcards); floors are filled in once laid out. */
  bindings: Record<string, string | string[]>;
  /** Instance → draft id, for translating facts and loads. */
  draftOf: Map<string, string>;
}

/** Extra scene objects a wildcard (`_*`) instance stands for: 1–3. */
const WILDCARD_MEMBERS = { min: 1, max: 3 };

/** Rooms, drafts, tools, distractors and bindings for an activity (sizes and poses come later). */
export function planHouse(spec: ActivitySpec, rng: Rng): HousePlan {
  const declared = [...spec.instances.values()];
  const ids = new IdAllocator(declared.map((i) => i.category));
  const plan: HousePlan = { rooms: [], agentRoom: "", drafts: [], floorRooms: new Map(), bindings: {}, draftOf: new Map() };
  addFloorRooms(plan, declared);
  addDeclared(plan, declared, ids, rng);
  resolveReferences(plan, spec);
  assignRooms(plan, spec, rng);
  for (const ability of missingProviders(spec)) addProvider(plan, ids, PROVIDER_OF[ability]!, rng);
  addDistractors(plan, ids, spec, rng);
  return plan;
}

/** Floors are rooms: each floor instance its own room, a floor wildcard one more (spare) room of its type. */
function addFloorRooms(plan: HousePlan, declared: InstanceSpec[]): void {
  for (const inst of declared.filter((i) => i.role === "floor" && !i.wildcard)) {
    plan.floorRooms.set(inst.name, addRoom(plan, inst.roomType ?? "living_room"));
  }
  for (const inst of declared.filter((i) => i.role === "floor" && i.wildcard)) {
    plan.bindings[inst.name] = [`floor_${addRoom(plan, inst.roomType ?? "living_room")}`];
  }
}

/** Drafts of the declared objects and of the extra members of wildcard categories, with their bindings. */
function addDeclared(plan: HousePlan, declared: InstanceSpec[], ids: IdAllocator, rng: Rng): void {
  for (const inst of declared) {
    if (inst.role === "agent") plan.bindings[inst.name] = "agent";
    if (inst.role === "agent" || inst.role === "floor") continue;
    if (inst.wildcard) {
      const n = WILDCARD_MEMBERS.min + rng.int(WILDCARD_MEMBERS.max - WILDCARD_MEMBERS.min + 1);
      const members = Array.from({ length: n }, () => draftOf(inst, ids.fresh(inst.category), "wildcard"));
      plan.drafts.push(...members);
      plan.bindings[inst.name] = members.map((m) => m.id);
      continue;
    }
    const d = draftOf(inst, ids.forInstance(inst.name, inst.category), "declared");
    plan.drafts.push(d);
    plan.bindings[inst.name] = d.id;
    plan.draftOf.set(inst.name, d.id);
  }
}

/**
 * Rooms of the furniture and of the agent: furniture named by room type goes to a room of that type —
 * one the activity's own floors name, not a wildcard's spare — and a wildcard's furniture beside its
 * declared sibling (the toilets in one bathroom); furniture standing on a floor is in that floor's room.
 */
function assignRooms(plan: HousePlan, spec: ActivitySpec, rng: Rng): void {
  const roomOfType = (type: string): string => {
    const found = plan.rooms.filter((r) => r.type === type);
    const named = found.filter((r) => [...plan.floorRooms.values()].includes(r.id));
    if (named.length) return rng.pick(named).id;
    return found.length ? rng.pick(found).id : addRoom(plan, type);
  };
  for (const d of plan.drafts) {
    const inst = spec.instances.get(d.instance ?? d.wildcardOf ?? "");
    if (d.kind !== "fixed" || !inst?.roomType) continue;
    const sibling = d.wildcardOf
      ? plan.drafts.find((o) => o.instance && o.category === d.category && o.room && spec.instances.get(o.instance)?.roomType === inst.roomType)
      : undefined;
    d.room = sibling?.room ?? roomOfType(inst.roomType);
  }
  if (plan.rooms.length === 0) addRoom(plan, "living_room");
  const byId = new Map(plan.drafts.map((d) => [d.id, d]));
  for (const d of plan.drafts) {
    if (d.room || d.kind !== "fixed" || d.support?.pred !== "onfloor") continue;
    d.room = byId.get(d.support.target)?.room ?? floorRoom(d.support.target);
    d.support = undefined;
  }
  const agentOn = [...spec.instances.values()].find((i) => i.role === "agent")?.facts.find((f) => f.positive)?.b;
  const agentTarget = agentOn ? resolveName(plan, spec, agentOn) : undefined;
  plan.agentRoom = (agentTarget && (floorRoom(agentTarget) ?? byId.get(agentTarget)?.room)) || plan.rooms[0]!.id;
  for (const d of plan.drafts) if (d.kind === "fixed" && !d.room && !d.support) d.room = plan.agentRoom;
}

/**
 * Turns the instance names in supports and facts into object ids: a declared instance is its draft, a
 * floor instance its room's floor (`floor_<room>`); a wildcard's members each take the wildcard's facts.
 */
function resolveReferences(plan: HousePlan, spec: ActivitySpec): void {
  for (const d of plan.drafts) {
    const inst = spec.instances.get(d.instance ?? d.wildcardOf ?? "");
    if (!inst) continue;
    if (inst.support) {
      const target = resolveName(plan, spec, inst.support.target);
      if (target) d.support = { pred: inst.support.pred, target };
    }
    for (const f of inst.facts) {
      const other = resolveName(plan, spec, f.b);
      if (other && other !== d.id) d.facts.push({ pred: f.pred, other, positive: f.positive });
    }
  }
}

/** The object id an instance name stands for, if it is one object (not the agent or a wildcard). */
function resolveName(plan: HousePlan, spec: ActivitySpec, name: string): string | undefined {
  const room = plan.floorRooms.get(name);
  if (room) return `floor_${room}`;
  if (spec.instances.get(name)?.role === "agent") return undefined;
  return plan.draftOf.get(name);
}

/** The room of a floor id (`floor_<room>`), or undefined for other ids. */
function floorRoom(id: string): string | undefined {
  return id.startsWith("floor_") ? id.slice("floor_".length) : undefined;
}

/** Solid furniture, tables and closed cupboards have a top to put things on; an open basin does not. */
function hasFlatTop(d: DraftObject): boolean {
  if (d.shape === "floor" || d.siting === "ground") return false;
  const container = d.shape === "container" || d.abilities.includes("container");
  return !container || d.abilities.includes("openable");
}

function addRoom(plan: HousePlan, type: string): string {
  const taken = new Set(plan.rooms.map((r) => r.id));
  let id = type;
  for (let k = 2; taken.has(id); k++) id = `${type}_${k}`;
  plan.rooms.push({ id, type, outdoor: OUTDOOR_ROOM_TYPES.has(type) });
  return id;
}

/** A draft for a declared instance (or one member of a wildcard), with its init states and support. */
function draftOf(inst: InstanceSpec, id: string, origin: DraftObject["origin"]): DraftObject {
  const d = draftFromProfile(id, inst.profile, origin, inst.role === "fixed" ? "fixed" : "carryable");
  // furniture placed by room that the goal carries off (chairs into a van): it stands in its room, and can be picked up
  if (inst.role === "fixed" && inst.profile.kind === "carryable" && categoryProfile(inst.category).kind === "fixed") d.movable = true;
  d.category = inst.category;
  if (origin === "declared") d.instance = inst.name;
  else d.wildcardOf = inst.name;
  Object.assign(d.states, inst.states);
  return d;
}

/** One object of `category` that the activity needs and lacks (a stove, a rag, …), where it belongs. */
function addProvider(plan: HousePlan, ids: IdAllocator, category: string, rng: Rng): void {
  const profile = categoryProfile(category);
  const d = draftFromProfile(ids.fresh(category), profile, "provider");
  const home = plan.rooms.find((r) => profile.rooms.includes(r.type))?.id ?? plan.agentRoom;
  if (d.kind === "fixed") d.room = home;
  else d.support = { pred: "onfloor", target: `floor_${rng.next() < 0.5 ? home : plan.agentRoom}` };
  plan.drafts.push(d);
}

/**
 * Objects of categories the activity does not use, so that the agent has to choose: 2–4 carryables
 * on furniture or floors, and now and then a piece of furniture, each where it usually is.
 */
function addDistractors(plan: HousePlan, ids: IdAllocator, spec: ActivitySpec, rng: Rng): void {
  const usedLemmas = new Set(plan.drafts.map((d) => lemmaOf(d.category)));
  const fresh = (c: string) => !usedLemmas.has(lemmaOf(c));
  for (const room of plan.rooms) {
    if (rng.next() < 0.5) continue;
    const pool = categoriesForRoom(room.type, "fixed").filter(fresh);
    if (!pool.length) continue;
    const category = rng.pick(pool);
    usedLemmas.add(lemmaOf(category));
    const d = draftFromProfile(ids.fresh(category), categoryProfile(category), "distractor");
    d.room = room.id;
    plan.drafts.push(d);
  }
  // and what a cloth is spread over (a bed to make): a cloth takes the whole top
  const covered = spec.uses.filter((u) => u.pred === "overlaid").flatMap((u) => u.args[1] ?? []);
  const busy = new Set([...spec.loads.keys(), ...covered].map((i) => plan.draftOf.get(i)).filter((x): x is string => !!x));
  const count = 2 + rng.int(3);
  for (let k = 0; k < count; k++) {
    const room = rng.pick(plan.rooms);
    const pool = [...categoriesForRoom(room.type, "carryable"), ...categoriesForRoom("living_room", "carryable")].filter(fresh);
    if (!pool.length) continue;
    const category = rng.pick([...new Set(pool)]);
    usedLemmas.add(lemmaOf(category));
    const d = draftFromProfile(ids.fresh(category), categoryProfile(category), "distractor");
    // receptacles the activity fills keep their space for it
    const furniture = plan.drafts.filter((f) => f.kind === "fixed" && f.room === room.id && hasFlatTop(f) && f.size.z <= 1.5 && !busy.has(f.id));
    d.support = furniture.length && rng.next() < 0.7 ? { pred: "ontop", target: rng.pick(furniture).id } : { pred: "onfloor", target: `floor_${room.id}` };
    plan.drafts.push(d);
  }
}
