import { closedContainerAround, isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Subpolicy } from "../subpolicy.ts";
import { applianceAround, heldObject, isOff, runningWaterInReach } from "./surroundings.ts";

/**
 * `soak(object)`: wet a soakable object (rag, towel, brush, clothes, a potted plant being watered):
 * hold it under a running water source within reach, leave it in or on a water source that is on, or
 * water it where it stands from a water source in hand (a watering can; one with a switch must be on).
 */
export const soak: Subpolicy<"soak"> = {
  type: "soak",
  description: "soak a soakable object: hold it at a sink (or tub) that is on, put it in one that is on, or water it from a watering can in hand",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.abilities.has("soakable")) return failure("affordance", `${o.id} cannot be soaked`);
    if (o.states.soaked) return failure("additional_step", `${o.id} is already soaked`);
    if (world.agent.holding === o.id) {
      const water = runningWaterInReach(ctx, `soak ${o.id}`);
      if (isOutcome(water)) return water;
      return success(`soaked ${o.id} under ${water.id}`, { changed: world.setState(o.id, "soaked", true) });
    }
    const far = withinReach(ctx, o);
    if (far) return far;
    const closed = closedContainerAround(ctx, o.id);
    if (closed) return failure("missing_step", `${o.id} is inside ${closed.id}, which is closed — open it first`);
    const held = heldObject(world);
    if (held?.abilities.has("water_source")) {
      if (isOff(held)) return failure("missing_step", `${held.id} is off — toggle it on first to soak ${o.id}`);
      return success(`soaked ${o.id} with ${held.id}`, { changed: world.setState(o.id, "soaked", true) });
    }
    const around = applianceAround(world, o.id, "water_source");
    if (!around) return failure("missing_step", `${o.id} is not at any water — hold it at a sink that is on, put it in one, or water it from a watering can in hand`);
    if (isOff(around.appliance)) return failure("missing_step", `${around.appliance.id} is off — toggle it on first to soak ${o.id}`);
    return success(`soaked ${o.id} in ${around.appliance.id}`, { changed: world.setState(o.id, "soaked", true) });
  },
};

/**
 * `dry(object)`: dry a soaked object within reach with a towel (any held drying tool other than the
 * object), or by having it in or on a dryer that is on.
 */
export const dry: Subpolicy<"dry"> = {
  type: "dry",
  description: "dry a soaked object within reach with a held towel, or in a clothes dryer that is on",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.states.soaked) return failure("additional_step", `${o.id} is not wet`);
    const appliance = applianceAround(world, o.id, "dryer")?.appliance;
    if (appliance && appliance.kind === "fixed") {
      if (isOff(appliance)) return failure("missing_step", `${appliance.id} is off — toggle it on first`);
      const far = withinReach(ctx, o);
      if (far) return far;
      return success(`dried ${o.id} in ${appliance.id}`, { changed: world.setState(o.id, "soaked", false) });
    }
    const held = heldObject(world);
    if (held?.id === o.id) return failure("missing_step", `${o.id} is in your hand — put it down, then dry it with a towel or in a dryer`);
    if (!held || !held.abilities.has("dryer")) return failure("missing_step", `hold a towel (or put ${o.id} in a dryer that is on) to dry it`);
    const far = withinReach(ctx, o);
    if (far) return far;
    const closed = closedContainerAround(ctx, o.id);
    if (closed) return failure("missing_step", `${o.id} is inside ${closed.id}, which is closed — open it first`);
    return success(`dried ${o.id} with ${held.id}`, { changed: world.setState(o.id, "soaked", false) });
  },
};
