import { AGENT_ID } from "../../../sim/task/binding.ts";
import { act, blocked, type OracleContext } from "../context.ts";
import { SUPPORT_PREDICATES, supportRelation, type GroundLiteral } from "../literal.ts";
import { placeAt, placeKey } from "../skills/hand.ts";
import { floorOf, roomsByDistance, roomsNamed } from "../skills/world-queries.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { disturbance, moveEffort } from "./effort.ts";

/** Relations where either object may be moved to end them. */
const SYMMETRIC = new Set(["nextto", "touching"]);

/**
 * Negated spatial literals (`not (ontop book table)`), made true by moving the object elsewhere: back to
 * a support the plan wants for it, else onto the floor of its own room, else onto the floor of another
 * room (nearest first) — never onto the spot the literal forbids. For `nextto`/`touching` either object may move.
 */
export const displaceAchiever: Achiever = {
  name: "displace",
  predicates: ["inside", "ontop", "overlaid", "nextto", "under", "touching", "onfloor", "inroom"],
  polarity: "negative",
  estimate(lit, ctx) {
    const movers = moversOf(lit, ctx);
    return movers.length ? Math.min(...movers.map((m) => moveEffort(ctx, m) + disturbance(ctx, m, lit))) : Infinity;
  },
  options(lit, ctx) {
    if (lit.args[0] === AGENT_ID) return agentLeaves(lit, ctx);
    return moversOf(lit, ctx).flatMap((m) => destinations(lit, m, ctx));
  },
};

function moversOf(lit: GroundLiteral, ctx: OracleContext): string[] {
  const [a, b] = lit.args as [string, string];
  if (a === AGENT_ID) return [];
  const carryable = (id: string) => ctx.world.objects.get(id)?.kind === "carryable";
  const out = carryable(a) ? [a] : [];
  if (SYMMETRIC.has(lit.pred) && carryable(b)) out.push(b);
  return out;
}

/** Places to move `mover` to, best first. */
function destinations(lit: GroundLiteral, mover: string, ctx: OracleContext): AchieverOption[] {
  const { world } = ctx;
  const other = lit.args[0] === mover ? lit.args[1]! : lit.args[0]!;
  const out: AchieverOption[] = [];
  // a support the plan wants for the mover anyway (finishing that literal ends this one too)
  for (const want of ctx.committed.about(mover)) {
    if (!want.positive || want.args[0] !== mover || !SUPPORT_PREDICATES.has(want.pred) || want.args[1] === other) continue;
    const relation = supportRelation(want.pred);
    out.push({ key: placeKey(mover, relation, want.args[1]!), mover, next: (c) => placeAt(c, mover, relation, want.args[1]!) });
  }
  const here = world.objects.get(mover)!.room;
  const forbiddenRooms = lit.pred === "inroom" ? new Set(roomsNamed(world, lit.args[1]!)) : new Set<string>();
  const rooms = roomsByDistance(world, (r) => !forbiddenRooms.has(r));
  const ordered = [...rooms.filter((r) => r === here), ...rooms.filter((r) => r !== here)];
  for (const room of ordered) {
    const floor = floorOf(world, room);
    if (!floor || floor.id === other) continue;
    out.push({ key: placeKey(mover, "ontop", floor.id), mover, next: (c) => placeAt(c, mover, "ontop", floor.id) });
  }
  return out;
}

/** `not (inroom agent kitchen)`: walk to the nearest room of another type. */
function agentLeaves(lit: GroundLiteral, ctx: OracleContext): AchieverOption[] {
  const { world } = ctx;
  const forbidden = lit.pred === "inroom" ? new Set(roomsNamed(world, lit.args[1]!)) : new Set([world.objects.get(lit.args[1]!)?.room]);
  return roomsByDistance(world, (r) => !forbidden.has(r)).map((room) => ({
    key: `navigate(${room})`,
    next: (c: OracleContext) => (c.world.agent.room === room ? blocked(`already in ${room}`) : act({ type: "navigate", target: room }, true)),
  }));
}
