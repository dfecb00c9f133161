import { STATES } from "../scene/schema.ts";
import { PREDICATES } from "../predicates/registry.ts";
import { testRelation } from "../world/relations.ts";
import type { SimObject } from "../world/sim-object.ts";
import type { World } from "../world/world.ts";
import { AGENT_ID } from "./binding.ts";

const UNARY = new Set<string>(STATES);

/**
 * Truth of one ground BDDL atom in the world. `args` are scene object ids, `agent`, or (for `inroom`)
 * a room type or id. Relations come from geometry and states, never from stored labels.
 */
export function holdsAtom(world: World, pred: string, args: readonly string[]): boolean {
  if (UNARY.has(pred)) {
    const o = world.objects.get(args[0]!);
    return !!o && (o.states[pred as keyof typeof o.states] ?? false);
  }
  const unary = objectPropertyTest(pred);
  if (unary && args.length === 1) {
    const o = world.objects.get(args[0]!);
    return !!o && unary(o);
  }
  if (pred === "inroom") {
    const room = args[0] === AGENT_ID ? world.agent.room : world.objects.get(args[0]!)?.room;
    if (!room) return false;
    const r = world.rooms.get(room)!;
    return r.id === args[1] || r.type === args[1];
  }
  const [aId, bId] = args as [string, string];
  if (aId === AGENT_ID || bId === AGENT_ID) return agentRelation(world, pred, aId, bId);
  const a = world.objects.get(aId);
  const b = world.objects.get(bId);
  if (!a || !b || a === b) return false;
  const test = objectRelationTest(pred);
  return test ? test(a, b) : testRelation(world, pred, a, b);
}

/**
 * The test of a relation between two objects, to call straight: evaluatePredicate's operand checks (two
 * world objects always pass them) and its argument array cost more than most tests. Undefined for `inroom`
 * and for a name that is no such relation, which go through {@link testRelation} (and throw as it does).
 */
function objectRelationTest(pred: string): ((a: SimObject, b: SimObject) => boolean) | undefined {
  const def = Object.hasOwn(PREDICATES, pred) ? PREDICATES[pred]! : undefined;
  return def !== undefined && def.operands[1] === "object" ? (def.test as (a: SimObject, b: SimObject) => boolean) : undefined;
}

/**
 * The registry's test of a one-operand predicate that is not a state (what an object can do, such as
 * `water_source`: `ABILITY_PREDICATES` in predicates/registry.ts); undefined for anything else. States are read
 * straight above.
 */
function objectPropertyTest(pred: string): ((a: SimObject) => boolean) | undefined {
  const def = Object.hasOwn(PREDICATES, pred) ? PREDICATES[pred]! : undefined;
  return def !== undefined && def.arity === 1 && !UNARY.has(pred) ? (def.test as (a: SimObject) => boolean) : undefined;
}

/**
 * {@link holdsAtom} for one predicate, with what depends only on the predicate looked up once: the goal
 * tracker asks for it when it compiles a condition and then calls it on every re-check. Same answers as
 * `holdsAtom(world, pred, args)` for any arguments (test/sim/task/atom-test.test.ts).
 */
export function atomTest(world: World, pred: string): (args: string[]) => boolean {
  const { objects } = world;
  if (UNARY.has(pred)) {
    const state = pred as keyof SimObject["states"];
    return (args) => {
      const o = objects.get(args[0]!);
      return !!o && (o.states[state] ?? false);
    };
  }
  if (objectPropertyTest(pred)) return (args) => holdsAtom(world, pred, args);
  const test = objectRelationTest(pred);
  // inroom, and a name that is no relation (holdsAtom throws as evaluatePredicate does): the general path
  if (test === undefined) return (args) => holdsAtom(world, pred, args);
  return (args) => {
    const aId = args[0]!;
    const bId = args[1]!;
    if (aId === AGENT_ID || bId === AGENT_ID) return agentRelation(world, pred, aId, bId);
    const a = objects.get(aId);
    const b = objects.get(bId);
    if (!a || !b || a === b) return false;
    return test(a, b);
  };
}

/** The agent stands on the floor of the room it is in; other relations with the agent are false. */
function agentRelation(world: World, pred: string, aId: string, bId: string): boolean {
  const other = world.objects.get(aId === AGENT_ID ? bId : aId);
  if (!other) return false;
  if ((pred === "onfloor" || pred === "ontop") && aId === AGENT_ID) return other.shape === "floor" && other.room === world.agent.room;
  return false;
}
