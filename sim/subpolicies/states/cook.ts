import { isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Subpolicy } from "../subpolicy.ts";
import { runningHeatUnder } from "./surroundings.ts";

/**
 * `cook(object)`: cook a cookable object that sits in or on a heat source that is on (directly, or in
 * a pan or on a plate on it). Frozen food thaws as it cooks, and comes off the heat hot. Cooking something
 * already cooked burns it; a burnt object cannot be cooked further.
 */
export const cook: Subpolicy<"cook"> = {
  type: "cook",
  description: "cook a cookable object that is in/on a heat source (stove, oven) that is on; cooking it twice burns it",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.abilities.has("cookable")) return failure("affordance", `${o.id} cannot be cooked`);
    if (o.states.burnt) return failure("additional_step", `${o.id} is already burnt`);
    const heat = runningHeatUnder(world, o);
    if (isOutcome(heat)) return heat;
    const far = withinReach(ctx, o);
    if (far) return far;
    if (o.states.cooked) {
      return success(`${o.id} was already cooked: it is now burnt`, { changed: world.setStates(o.id, { burnt: true, hot: true }) });
    }
    const changed = world.setStates(o.id, { cooked: true, frozen: false, hot: true });
    return success(`cooked ${o.id} ${heat.relation === "inside" ? "in" : "on"} ${heat.appliance.id}`, { changed });
  },
};
