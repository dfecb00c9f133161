import type { OracleContext } from "../context.ts";
import { holdsLiteral, literalKey, type GroundLiteral } from "../literal.ts";
import { closedContainerAround } from "../skills/world-queries.ts";
import { hypot2 } from "../../../sim/geometry/hypot.ts";

/**
 * Effort of moving an object somewhere, for comparing choices: 1, plus a little when it is not observed
 * yet or locked in a closed container, plus a little per metre of walking; less when it is already in hand.
 */
export function moveEffort(ctx: OracleContext, id: string): number {
  const { world } = ctx;
  const o = world.objects.get(id);
  if (!o || o.kind !== "carryable") return Infinity;
  if (world.agent.holding === id) return 0.5;
  let e = 1;
  if (!ctx.observed.has(id)) e += 0.2;
  if (closedContainerAround(world, id)) e += 0.2;
  const length = world.graph.walkLengthsFrom(world.agent.room, world.agent.position).to(o.room, o.box.center);
  if (length !== null) e += Math.min(0.3, 0.01 * length);
  return e;
}

/** A little effort per metre between two objects (straight line; cheap and enough to prefer the nearer one). */
export function carryEffort(ctx: OracleContext, from: string, to: string): number {
  const a = ctx.world.objects.get(from);
  const b = ctx.world.objects.get(to);
  if (!a || !b) return 0;
  return Math.min(0.2, 0.005 * hypot2(a.box.center.x - b.box.center.x, a.box.center.y - b.box.center.y));
}

/** Extra effort per planned relation that holds now and would break if the object were moved. */
export const DISTURBANCE_COST = 2;

/**
 * Effort of undoing what moving `mover` breaks: planned relations that hold now with the mover as their
 * subject (`ontop cracker table` breaks when the cracker moves), or side by side with it. Relations in
 * which it is the support survive, since what is on or in it moves along.
 */
export function disturbance(ctx: OracleContext, mover: string, except: GroundLiteral): number {
  const skip = literalKey(except);
  let n = 0;
  for (const l of ctx.committed.about(mover)) {
    if (!l.positive || l.args.length !== 2 || l.pred === "inroom" || literalKey(l) === skip) continue;
    const sideBySide = l.pred === "nextto" || l.pred === "touching";
    if ((l.args[0] === mover || sideBySide) && holdsLiteral(ctx.world, l)) n++;
  }
  return n * DISTURBANCE_COST;
}
