import { act, blocked, type OracleContext, type Step } from "../context.ts";
import { closedContainerAround, withinReach } from "./world-queries.ts";

/**
 * Getting to things the way a real agent must: the simulator accepts actions only on observed objects
 * within reach, so the oracle (which knows where everything is) still explores the room, opens the
 * container and walks up to the object first. Each function returns the next action, or null when its
 * precondition already holds.
 */

/** Makes the object observed: open the closed container hiding it, or explore its room. */
export function ensureObserved(ctx: OracleContext, id: string): Step | null {
  if (ctx.observed.has(id)) return null;
  const { world } = ctx;
  const o = world.objects.get(id);
  if (!o) return blocked(`there is no object ${id}`);
  const closed = closedContainerAround(world, id);
  if (closed) return openContainer(ctx, closed.id);
  if (world.agent.room !== o.room || !ctx.explored.has(o.room)) return act({ type: "explore", room: o.room });
  return blocked(`${id} in ${o.room} stays unobserved after exploring the room`);
}

/** Opens whatever closed container the object sits in, outermost first. */
export function openSurroundings(ctx: OracleContext, id: string): Step | null {
  const closed = closedContainerAround(ctx.world, id);
  return closed ? openContainer(ctx, closed.id) : null;
}

/** Opens a container: observe it, open what encloses it, walk to it, open it. */
export function openContainer(ctx: OracleContext, id: string): Step | null {
  const o = ctx.world.objects.get(id);
  if (!o) return blocked(`there is no object ${id}`);
  if (o.states.open) return null;
  if (!o.abilities.has("openable")) return blocked(`${id} cannot be opened`);
  return ensureObserved(ctx, id) ?? openSurroundings(ctx, id) ?? reach(ctx, id) ?? act({ type: "open", object: id });
}

/** Walks within reach of an observed object (to a floor: into its room). */
export function reach(ctx: OracleContext, id: string): Step | null {
  const { world } = ctx;
  const o = world.objects.get(id);
  if (!o) return blocked(`there is no object ${id}`);
  if (withinReach(world, o)) return null;
  if (o.shape === "floor") return act({ type: "navigate", target: o.room });
  return act({ type: "navigate", target: id });
}
