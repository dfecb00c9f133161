import type { SimObject } from "../../world/sim-object.ts";
import { closedContainerAround, isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Subpolicy } from "../subpolicy.ts";
import { applianceAround, isOff } from "./surroundings.ts";

/**
 * `clean(object, tool?)`: wipe dust and stains off an object within reach with the tool in hand (the
 * held object when `tool` is left out).
 * - Dust comes off with any cleaning tool (rag, brush, broom, towel, vacuum).
 * - Stains (and dirt) need more: a cleaning tool that is soaked, or a cleaner in hand (soap, detergent),
 *   or a cleaning tool while the object sits in or on running water (a plate in a sink that is on).
 * Whatever the tool can remove comes off; when stains stay, the message says what they need.
 */
export const clean: Subpolicy<"clean"> = {
  type: "clean",
  description: "clean dust/stains off an object within reach with the held cleaning tool (stains need a soaked tool or a cleaner)",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    const dirt = dirtOf(o);
    if (dirt.length === 0) return failure("additional_step", `${o.id} is already clean`);
    const toolId = action.tool ?? world.agent.holding;
    if (!toolId) return failure("missing_step", `not holding anything to clean with — pick up a cleaning tool (rag, brush, …) first`);
    const tool = observedObject(ctx, toolId);
    if (isOutcome(tool)) return tool;
    if (tool.id === o.id) return failure("arguments", `cannot clean ${o.id} with itself`);
    if (world.agent.holding !== tool.id) return failure("missing_step", `not holding ${tool.id} — pick it up first`);
    if (!tool.abilities.has("cleaning_tool") && !tool.abilities.has("cleaner")) return failure("affordance", `${tool.id} is not a cleaning tool`);
    const far = withinReach(ctx, o);
    if (far) return far;
    const closed = closedContainerAround(ctx, o.id);
    if (closed) return failure("missing_step", `${o.id} is inside ${closed.id}, which is closed — open it first`);

    const removes = dirt.filter((d) => (d === "dusty" ? canDust(tool) : canScrub(ctx.world, tool, o.id)));
    if (removes.length === 0) {
      if (dirt.includes("dusty") && !canDust(tool)) return failure("affordance", `${tool.id} does not remove dust — use a cleaning tool such as a rag or brush`);
      return failure("missing_step", `${tool.id} is dry and stains need water or soap — soak it first, or use a cleaner`);
    }
    const changed = world.setStates(o.id, Object.fromEntries(removes.map((d) => [d, false])));
    const left = dirt.filter((d) => !removes.includes(d));
    const note = left.length ? `; still ${left.join(" and ")} — that needs a soaked tool or a cleaner` : "";
    return success(`cleaned ${o.id} with ${tool.id}: no longer ${removes.join(" or ")}${note}`, { changed });
  },
};

type Dirt = "dusty" | "stained" | "dirty";

function dirtOf(o: SimObject): Dirt[] {
  return (["dusty", "stained", "dirty"] as const).filter((d) => o.states[d]);
}

function canDust(tool: SimObject): boolean {
  return tool.abilities.has("cleaning_tool");
}

/** Stains come off with a cleaner, a soaked cleaning tool, or any cleaning tool under running water. */
function canScrub(world: Parameters<typeof applianceAround>[0], tool: SimObject, target: string): boolean {
  if (tool.abilities.has("cleaner")) return true;
  if (!tool.abilities.has("cleaning_tool")) return false;
  if (tool.states.soaked) return true;
  const water = applianceAround(world, target, "water_source");
  return !!water && !isOff(water.appliance);
}
