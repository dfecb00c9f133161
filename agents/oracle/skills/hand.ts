import type { Relation } from "../../../sim/actions.ts";
import { act, blocked, type OracleContext, type Step } from "../context.ts";
import { actionFailureKey } from "../failure-memory.ts";
import type { GroundLiteral } from "../literal.ts";
import { ensureObserved, openContainer, openSurroundings, reach } from "./observe.ts";
import { floorOf, roomsByDistance } from "./world-queries.ts";

/** Failures after which a put-down spot is not tried again. */
const STASH_TRIES = 2;

/** Key under which a place action is counted by the failure memory. */
export function placeKey(object: string, relation: Relation, target: string): string {
  return `place(${object}, ${relation}, ${target})`;
}

/**
 * Takes the object into the (single) hand: put down what is held, observe the object, open the
 * container it is in, walk to it, pick it up.
 */
export function hold(ctx: OracleContext, id: string): Step | null {
  const { world } = ctx;
  if (world.agent.holding === id) return null;
  const o = world.objects.get(id);
  if (!o) return blocked(`there is no object ${id}`);
  if (o.kind !== "carryable") return blocked(`${id} is fixed and cannot be picked up`);
  if (world.agent.holding) return stash(ctx);
  return ensureObserved(ctx, id) ?? openSurroundings(ctx, id) ?? reach(ctx, id) ?? act({ type: "pick", object: id });
}

/**
 * Puts `object` `relation` `target`: pick it up, observe the target, open what encloses the target (and
 * the target itself for `inside`), walk to it, place. The place action is the step meant to make the literal true.
 */
export function placeAt(ctx: OracleContext, object: string, relation: Relation, target: string): Step {
  const { world } = ctx;
  const t = world.objects.get(target);
  if (!t) return blocked(`there is no object ${target}`);
  if (target === object || (world.objects.has(object) && world.descendants(object).includes(target))) {
    return blocked(`${target} is ${object} or rides on it`);
  }
  if (world.agent.holding === target) return stash(ctx) ?? blocked(`nowhere to put down ${target}`);
  const openTarget = relation === "inside" && t.abilities.has("openable") && !t.states.open ? openContainer(ctx, target) : null;
  return (
    hold(ctx, object) ??
    ensureObserved(ctx, target) ??
    openSurroundings(ctx, target) ??
    openTarget ??
    reach(ctx, target) ??
    act({ type: "place", object, relation, target }, true)
  );
}

/**
 * Frees the hand: puts the held object on the floor of the nearest room (the current one first) where
 * lying there contradicts no committed negative literal about it (`not inroom …`, `not onfloor …`).
 */
export function stash(ctx: OracleContext): Step | null {
  const { world } = ctx;
  const held = world.agent.holding;
  if (!held) return null;
  const about = ctx.committed.about(held).filter((l) => l.args[0] === held);
  const rooms = roomsByDistance(world);
  const wanted = (room: string) => about.some((l) => l.positive && l.pred === "inroom" && matchesRoom(ctx, room, l));
  const ordered = [...rooms.filter(wanted), ...rooms.filter((r) => !wanted(r))];
  for (const room of ordered) {
    const floor = floorOf(world, room);
    if (!floor || about.some((l) => !l.positive && forbids(ctx, l, room, floor.id))) continue;
    const put = { type: "place", object: held, relation: "ontop", target: floor.id } as const;
    if (ctx.failures.count(actionFailureKey(put)) >= STASH_TRIES) continue;
    return ensureObserved(ctx, floor.id) ?? reach(ctx, floor.id) ?? act(put);
  }
  return blocked(`no floor to put ${held} down on`);
}

function matchesRoom(ctx: OracleContext, room: string, lit: GroundLiteral): boolean {
  const r = ctx.world.rooms.get(room)!;
  return lit.args[1] === r.id || lit.args[1] === r.type;
}

/** Whether lying on `floor` in `room` would make the negative literal false. */
function forbids(ctx: OracleContext, lit: GroundLiteral, room: string, floor: string): boolean {
  if (lit.pred === "inroom") return matchesRoom(ctx, room, lit);
  return (lit.pred === "ontop" || lit.pred === "onfloor" || lit.pred === "touching") && lit.args[1] === floor;
}
