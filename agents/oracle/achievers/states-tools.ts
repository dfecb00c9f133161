import type { Ability } from "../../../sim/scene/schema.ts";
import { isOff } from "../../../sim/subpolicies/states/surroundings.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import { act, blocked, type OracleContext, type Step } from "../context.ts";
import { ensureObserved, openSurroundings, reach } from "../skills/observe.ts";

/**
 * What the state achievers share: finding the nearest tool or appliance with an ability, and the
 * steps to get running water (walk to a sink, switch it on).
 */

/** Objects with the ability, the held one first, then by walking distance from the agent (then id). */
export function nearestWith(ctx: OracleContext, ability: Ability, filter: (o: SimObject) => boolean = () => true): SimObject[] {
  const { world } = ctx;
  const held = world.agent.holding;
  return [...world.objects.values()]
    .filter((o) => o.abilities.has(ability) && filter(o))
    .map((o) => ({ o, d: o.id === held ? -1 : walk(ctx, o) }))
    .filter((x) => Number.isFinite(x.d))
    .sort((a, b) => a.d - b.d || (a.o.id < b.o.id ? -1 : 1))
    .map((x) => x.o);
}

/** Walking distance from the agent to the object (Infinity when no door leads there). */
export function walk(ctx: OracleContext, o: SimObject): number {
  const { world } = ctx;
  return world.graph.walkLengthsFrom(world.agent.room, world.agent.position).to(o.room, o.box.center) ?? Infinity;
}

/**
 * Steps to stand at a water source that is running: observe it, walk to it, switch it on. Null once
 * the agent is within reach of it and it runs.
 */
export function atRunningWater(ctx: OracleContext, source: string): Step | null {
  const s = ctx.world.objects.get(source);
  if (!s) return blocked(`there is no object ${source}`);
  return (
    ensureObserved(ctx, source) ??
    openSurroundings(ctx, source) ??
    reach(ctx, source) ??
    (isOff(s) ? act({ type: "toggle_on", object: source }) : null)
  );
}

/** Steps to switch an appliance on once it can be reached; null when it is on (or has no switch). */
export function switchedOn(ctx: OracleContext, id: string): Step | null {
  const o = ctx.world.objects.get(id);
  if (!o) return blocked(`there is no object ${id}`);
  if (!isOff(o)) return null;
  return ensureObserved(ctx, id) ?? openSurroundings(ctx, id) ?? reach(ctx, id) ?? act({ type: "toggle_on", object: id });
}

/** Steps to be able to act on an object where it is: observe it, open what encloses it, walk to it. */
export function within(ctx: OracleContext, id: string): Step | null {
  return ensureObserved(ctx, id) ?? openSurroundings(ctx, id) ?? reach(ctx, id);
}
