import type { Action, Relation } from "../../sim/actions.ts";
import type { Belief } from "./belief.ts";
import { STATE_ACTIONS, type Literal } from "./literal.ts";
import { roomHops } from "./search.ts";
import { distanceToFootprint, REACH } from "../../sim/world/reach.ts";
import { topZ } from "../../sim/geometry/vertical.ts";

/** The agent's situation a skill needs: beliefs and the object it last walked up to. */
export interface SkillContext {
  belief: Belief;
  near: string | null;
}

/** Within reach: walked up to it, or close enough to its footprint where the agent stands. */
export function withinReach(ctx: SkillContext, id: string): boolean {
  if (ctx.near === id) return true;
  const o = ctx.belief.object(id);
  const agent = ctx.belief.obs.agent;
  // a little short of the simulator's reach, so rounding never turns a pick into a failure
  return !!o && o.room === agent.room && distanceToFootprint(agent.position, o.box) <= REACH - 0.05;
}

/** A skill's answer: the next action, or why the literal cannot be worked on. */
export type SkillStep = { action: Action } | { blocked: string };

/** Walks up to `id` unless already there, then does `then`. An object inside a closed container is opened first. */
export function at(ctx: SkillContext, id: string, then: Action): SkillStep {
  const container = ctx.belief.closedContainerAround(id);
  if (container && container !== id) return at(ctx, container, { type: "open", object: container });
  if (isFloor(ctx, id)) {
    // a floor is within reach anywhere in its room
    const room = ctx.belief.object(id)!.room;
    return ctx.belief.obs.agent.room === room ? { action: then } : { action: { type: "navigate", target: room } };
  }
  return withinReach(ctx, id) ? { action: then } : { action: { type: "navigate", target: id } };
}

function isFloor(ctx: SkillContext, id: string): boolean {
  return ctx.belief.object(id)?.category === "floor.n.01";
}

/** Highest top the explorer sets a thing on to make it touch what is below, m (a wall's top is not such a place). */
const TOUCH_ON_TOP_MAX = 1.5;

/** The object a placement literal moves (its first argument), when the agent can carry it. */
export function moverOf(belief: Belief, l: Literal): string | null {
  const o = belief.object(l.args[0]!);
  return o && o.kind === "carryable" ? o.id : null;
}

/** Where a placement literal puts its mover: relation and target object, or a reason it cannot. */
export function placementTarget(belief: Belief, l: Literal): { relation: Relation; target: string } | { blocked: string } | { room: string } {
  const b = l.args[1]!;
  switch (l.pred) {
    case "ontop":
    case "inside":
    case "under":
    case "nextto":
      return { relation: l.pred, target: b };
    case "touching": {
      // on it when its top is within reach of a hand, else against it (a backpack touching a wall stands by it)
      const t = belief.object(b);
      return { relation: t && topZ(t.box) > TOUCH_ON_TOP_MAX ? "nextto" : "ontop", target: b };
    }
    case "overlaid":
      return { relation: "ontop", target: b };
    case "onfloor":
      return { relation: "ontop", target: b };
    case "inroom": {
      const hops = roomHops(belief.obs);
      const rooms = belief.obs.rooms.filter((r) => r.type === b && hops.has(r.id)).sort((x, y) => hops.get(x.id)! - hops.get(y.id)!);
      const room = rooms[0];
      if (!room) return { blocked: `no reachable room of type ${b}` };
      const floor = floorOf(belief, room.id);
      return floor ? { relation: "ontop", target: floor } : { room: room.id };
    }
    default:
      return { blocked: `cannot make ${l.pred} true by carrying` };
  }
}

/** The observed floor object of a room. */
export function floorOf(belief: Belief, room: string): string | null {
  const f = belief.objects().find((o) => o.category === "floor.n.01" && o.room === room);
  return f?.id ?? null;
}

/** Next action to make a placement literal true while holding its mover. */
export function placeHeld(ctx: SkillContext, held: string, l: Literal): SkillStep {
  const t = placementTarget(ctx.belief, l);
  if ("blocked" in t) return t;
  if ("room" in t) return { action: { type: "navigate", target: t.room } };
  if (!ctx.belief.known(t.target)) return { blocked: `${t.target} not observed yet` };
  const target = ctx.belief.object(t.target)!;
  if (t.relation === "inside" && target.abilities.includes("openable") && !target.states.open) return at(ctx, target.id, { type: "open", object: target.id });
  return at(ctx, target.id, { type: "place", object: held, relation: t.relation, target: target.id });
}

/** Next action towards a literal while the hand is empty: fetch a placement's mover, or change a state. */
export function workOn(ctx: SkillContext, l: Literal): SkillStep {
  const x = l.args[0]!;
  if (!ctx.belief.known(x)) return { blocked: `${x} not observed yet` };
  if (l.args.length === 2 || !(l.pred in STATE_ACTIONS)) {
    if (!l.positive && l.pred === "inroom") return { blocked: "taking things out of a room is not supported" };
    const mover = moverOf(ctx.belief, l);
    if (!mover) return { blocked: `${x} cannot be carried` };
    // either way the other object must be seen first: taking a shoe away from a table not yet found only
    // puts it down where it was, again and again (it was never believed to be there)
    if (l.pred !== "inroom" && !ctx.belief.known(l.args[1]!)) return { blocked: `${l.args[1]} not observed yet` };
    return at(ctx, mover, { type: "pick", object: mover });
  }
  const verb = l.positive ? STATE_ACTIONS[l.pred]!.on : STATE_ACTIONS[l.pred]!.off;
  if (!verb) return { blocked: `no action makes ${l.pred} ${l.positive ? "true" : "false"}` };
  return at(ctx, x, { type: verb, object: x } as Action);
}

/**
 * Where to put down an object that is not needed (or whose literal failed): the floor of the agent's room,
 * then on top of the room's furniture, nearest first. `tried` holds targets that already refused it.
 */
export function putDownTargets(ctx: SkillContext, held: string, tried: (target: string) => boolean): string[] {
  const { obs } = ctx.belief;
  const here = obs.agent.room;
  const pos = obs.agent.position;
  const floor = floorOf(ctx.belief, here);
  const surfaces = ctx.belief
    .objects()
    .filter((o) => o.room === here && o.kind === "fixed" && o.id !== floor)
    .sort((a, b) => distanceToFootprint(pos, a.box) - distanceToFootprint(pos, b.box) || (a.id < b.id ? -1 : 1))
    .map((o) => o.id);
  return [...(floor ? [floor] : []), ...surfaces].filter((t) => t !== held && !tried(t));
}

/** Next action to put the held object down on `target`. */
export function putDown(ctx: SkillContext, held: string, target: string): SkillStep {
  return at(ctx, target, { type: "place", object: held, relation: "ontop", target });
}

/** Opens a container to look inside (walking up to it first). */
export function searchContainer(ctx: SkillContext, id: string): SkillStep {
  return at(ctx, id, { type: "open", object: id });
}
