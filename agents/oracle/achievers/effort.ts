import type { OracleContext } from "../context.ts";
import { closedContainerAround } from "../skills/world-queries.ts";

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
  const path = world.graph.path(world.agent.room, world.agent.position, o.room, o.box.center);
  if (path) e += Math.min(0.3, 0.01 * path.length);
  return e;
}

/** A little effort per metre between two objects (straight line; cheap and enough to prefer the nearer one). */
export function carryEffort(ctx: OracleContext, from: string, to: string): number {
  const a = ctx.world.objects.get(from);
  const b = ctx.world.objects.get(to);
  if (!a || !b) return 0;
  return Math.min(0.2, 0.005 * Math.hypot(a.box.center.x - b.box.center.x, a.box.center.y - b.box.center.y));
}
