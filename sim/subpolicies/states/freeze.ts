import { isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Subpolicy } from "../subpolicy.ts";
import { applianceAround, isOff } from "./surroundings.ts";

/**
 * `freeze(object)`: freeze a freezable object that is inside a cold source (fridge, freezer) — directly
 * or in a container inside it; what was hot is no longer. The door may be open or closed; the object must be
 * within reach.
 */
export const freeze: Subpolicy<"freeze"> = {
  type: "freeze",
  description: "freeze a freezable object that is inside a fridge or freezer",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.abilities.has("freezable")) return failure("affordance", `${o.id} cannot be frozen`);
    if (o.states.frozen) return failure("additional_step", `${o.id} is already frozen`);
    const cold = applianceAround(world, o.id, "cold_source", ["inside"]);
    if (!cold) return failure("missing_step", `${o.id} is not inside a fridge or freezer — put it in one first`);
    if (isOff(cold.appliance)) return failure("missing_step", `${cold.appliance.id} is off — toggle it on first`);
    const far = withinReach(ctx, o);
    if (far) return far;
    return success(`froze ${o.id} in ${cold.appliance.id}`, { changed: world.setStates(o.id, { frozen: true, hot: false }) });
  },
};

/** `unfreeze(object)`: thaw a frozen object anywhere out of the cold (in hand, on a counter, on a stove). */
export const unfreeze: Subpolicy<"unfreeze"> = {
  type: "unfreeze",
  description: "thaw a frozen object that is out of any fridge or freezer",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.states.frozen) return failure("additional_step", `${o.id} is not frozen`);
    const cold = applianceAround(world, o.id, "cold_source", ["inside"]);
    if (cold && !isOff(cold.appliance)) return failure("missing_step", `${o.id} is still inside ${cold.appliance.id} — take it out first`);
    const far = withinReach(ctx, o);
    if (far) return far;
    return success(`thawed ${o.id}`, { changed: world.setState(o.id, "frozen", false) });
  },
};
