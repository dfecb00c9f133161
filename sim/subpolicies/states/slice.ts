import { closedContainerAround, isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Subpolicy } from "../subpolicy.ts";
import { heldObject } from "./surroundings.ts";

/**
 * `slice(object)`: cut a sliceable object within reach with the knife in hand. The object must be
 * put down first (one hand holds the knife). The slices stay one object, marked `sliced`.
 */
export const slice: Subpolicy<"slice"> = {
  type: "slice",
  description: "slice a sliceable object within reach while holding a knife (put the object down first)",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.abilities.has("sliceable")) return failure("affordance", `${o.id} cannot be sliced`);
    if (o.states.sliced) return failure("additional_step", `${o.id} is already sliced`);
    const held = heldObject(world);
    if (held?.id === o.id) return failure("missing_step", `${o.id} is in your hand — put it down on a surface, then slice it holding a knife`);
    if (!held) return failure("missing_step", `not holding a knife — pick one up first`);
    if (!held.abilities.has("slicer")) return failure("missing_step", `${held.id} cannot cut — hold a knife instead`);
    const far = withinReach(ctx, o);
    if (far) return far;
    const closed = closedContainerAround(ctx, o.id);
    if (closed) return failure("missing_step", `${o.id} is inside ${closed.id}, which is closed — open it first`);
    return success(`sliced ${o.id} with ${held.id}`, { changed: world.setState(o.id, "sliced", true) });
  },
};
