import type { ActionOf } from "../actions.ts";
import { isOutcome, observedObject, withinReach } from "./preconditions.ts";
import { failure, success, type Outcome, type StepContext, type Subpolicy } from "./subpolicy.ts";

function setToggled(ctx: StepContext, action: ActionOf<"toggle_on"> | ActionOf<"toggle_off">, on: boolean): Outcome {
  const o = observedObject(ctx, action.object);
  if (isOutcome(o)) return o;
  if (!o.abilities.has("toggleable")) return failure("affordance", `${o.id} cannot be switched ${on ? "on" : "off"}`);
  const far = withinReach(ctx, o);
  if (far) return far;
  if ((o.states.toggled_on ?? false) === on) return failure("additional_step", `${o.id} is already ${on ? "on" : "off"}`);
  const changed = ctx.world.setState(o.id, "toggled_on", on);
  // functional relations (switch → lamp): the controlled objects follow
  for (const target of o.controls) changed.push(...ctx.world.setState(target, "toggled_on", on));
  return success(`switched ${o.id} ${on ? "on" : "off"}${o.controls.length ? ` (and ${o.controls.join(", ")})` : ""}`, { changed });
}

/** `toggle_on(object)`: switch on a toggleable object within reach (and what it controls). */
export const toggleOn: Subpolicy<"toggle_on"> = {
  type: "toggle_on",
  description: "switch on a toggleable object within reach",
  apply: (ctx, action) => setToggled(ctx, action, true),
};

/** `toggle_off(object)`: switch off a toggleable object within reach. */
export const toggleOff: Subpolicy<"toggle_off"> = {
  type: "toggle_off",
  description: "switch off a toggleable object within reach",
  apply: (ctx, action) => setToggled(ctx, action, false),
};
