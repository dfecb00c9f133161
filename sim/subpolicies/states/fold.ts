import type { ActionType } from "../../actions.ts";
import { closedContainerAround, isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Outcome, type StepContext, type Subpolicy } from "../subpolicy.ts";
import { heldObject } from "./surroundings.ts";

/**
 * `fold(object)`: fold a foldable object (a towel, a shirt, a blanket) in hand or within reach. Folding takes
 * both hands: the hand must be empty or hold the object itself. The object keeps its place and its box.
 */
export const fold: Subpolicy<"fold"> = {
  type: "fold",
  description: "fold a foldable object (cloth) in hand or within reach; the hand must be empty or hold it",
  apply(ctx, action) {
    return setFolded(ctx, action.object, true);
  },
};

/** `unfold(object)`: spread a folded object out again, under the same conditions as {@link fold}. */
export const unfold: Subpolicy<"unfold"> = {
  type: "unfold",
  description: "unfold a folded object in hand or within reach; the hand must be empty or hold it",
  apply(ctx, action) {
    return setFolded(ctx, action.object, false);
  },
};

/** Folds (`folded` true) or unfolds an object, checking every precondition first. */
function setFolded(ctx: StepContext, id: string, folded: boolean): Outcome {
  const { world } = ctx;
  const o = observedObject(ctx, id);
  if (isOutcome(o)) return o;
  const verb: ActionType = folded ? "fold" : "unfold";
  if (!o.abilities.has("foldable")) return failure("affordance", `${o.id} cannot be ${verb}ed`);
  if ((o.states.folded ?? false) === folded) return failure("additional_step", `${o.id} is already ${folded ? "folded" : "unfolded"}`);
  const held = heldObject(world);
  if (held && held.id !== o.id) return failure("missing_step", `holding ${held.id} — put it down first: it takes both hands to ${verb} ${o.id}`);
  const far = withinReach(ctx, o);
  if (far) return far;
  const closed = closedContainerAround(ctx, o.id);
  if (closed) return failure("missing_step", `${o.id} is inside ${closed.id}, which is closed — open it first`);
  return success(`${verb}ed ${o.id}`, { changed: world.setState(o.id, "folded", folded) });
}
