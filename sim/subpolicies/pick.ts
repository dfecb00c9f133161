import { closedContainerAround, isOutcome, observedObject, withinReach } from "./preconditions.ts";
import { failure, success, type Subpolicy } from "./subpolicy.ts";

/** `pick(object)`: take a carryable object in reach into the (single, empty) hand. What is in or on it comes along. */
export const pick: Subpolicy<"pick"> = {
  type: "pick",
  description: "pick up an observed carryable object within reach (hand must be empty)",
  apply(ctx, action) {
    const { world, observer } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (world.agent.holding === o.id) return failure("additional_step", `already holding ${o.id}`);
    if (o.kind !== "carryable") return failure("affordance", `${o.id} is ${o.shape === "floor" ? "a floor" : "fixed furniture"} and cannot be picked up`);
    if (world.agent.holding) return failure("missing_step", `hand is full (holding ${world.agent.holding}) — place it first`);
    const far = withinReach(ctx, o);
    if (far) return far;
    const closed = closedContainerAround(ctx, o.id);
    if (closed) return failure("missing_step", `${o.id} is inside ${closed.id}, which is closed — open it first`);
    const changed = world.hold(o.id);
    return success(`picked up ${o.id}`, { changed, observed: observer.seeHeld() });
  },
};
