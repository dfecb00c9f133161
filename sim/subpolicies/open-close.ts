import type { ActionOf } from "../actions.ts";
import { closedContainerAround, isOutcome, observedObject, withinReach } from "./preconditions.ts";
import { failure, success, type Outcome, type StepContext, type Subpolicy } from "./subpolicy.ts";

function setOpen(ctx: StepContext, action: ActionOf<"open"> | ActionOf<"close">, open: boolean): Outcome {
  const o = observedObject(ctx, action.object);
  if (isOutcome(o)) return o;
  if (!o.abilities.has("openable")) return failure("affordance", `${o.id} cannot be opened or closed`);
  const far = withinReach(ctx, o);
  if (far) return far;
  if ((o.states.open ?? false) === open) return failure("additional_step", `${o.id} is already ${open ? "open" : "closed"}`);
  const around = closedContainerAround(ctx, o.id);
  if (around) return failure("missing_step", `${o.id} is inside ${around.id}, which is closed — open it first`);
  const changed = ctx.world.setState(o.id, "open", open);
  const observed = open ? ctx.observer.revealContents(o.id) : [];
  return success(`${open ? "opened" : "closed"} ${o.id}`, { changed, observed });
}

/** `open(object)`: open an openable object within reach; its contents become visible. */
export const open: Subpolicy<"open"> = {
  type: "open",
  description: "open an openable object within reach (reveals what is inside)",
  apply: (ctx, action) => setOpen(ctx, action, true),
};

/** `close(object)`: close an openable object within reach. */
export const close: Subpolicy<"close"> = {
  type: "close",
  description: "close an openable object within reach",
  apply: (ctx, action) => setOpen(ctx, action, false),
};
