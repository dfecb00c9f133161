import { isOutcome, observedObject, withinReach } from "../preconditions.ts";
import { failure, success, type Subpolicy } from "../subpolicy.ts";
import { applianceAround, isOff, runningHeatUnder } from "./surroundings.ts";

/**
 * `heat(object)`: warm an object that sits in or on a heat source that is on (directly, or in a pan or on a
 * plate on it) until it is hot (BEHAVIOR-1K's `hot`); frozen, it thaws. Anything can be heated, food or not:
 * unlike `cook`, heating changes nothing but the temperature.
 */
export const heat: Subpolicy<"heat"> = {
  type: "heat",
  description: "heat an object that is in/on a heat source (stove, oven, microwave) that is on, until it is hot",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (o.states.hot) return failure("additional_step", `${o.id} is already hot`);
    const source = runningHeatUnder(world, o);
    if (isOutcome(source)) return source;
    const far = withinReach(ctx, o);
    if (far) return far;
    const changed = world.setStates(o.id, { hot: true, frozen: false });
    return success(`heated ${o.id} ${source.relation === "inside" ? "in" : "on"} ${source.appliance.id}`, { changed });
  },
};

/**
 * `cool(object)`: let a hot object cool, anywhere off the heat: on a counter, in hand, in a fridge. Time is not
 * simulated, so it cools in one action, as `unfreeze` thaws.
 */
export const cool: Subpolicy<"cool"> = {
  type: "cool",
  description: "let a hot object cool down once it is off any heat source that is on",
  apply(ctx, action) {
    const { world } = ctx;
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    if (!o.states.hot) return failure("additional_step", `${o.id} is not hot`);
    const source = applianceAround(world, o.id, "heat_source");
    if (source && !isOff(source.appliance)) {
      return failure("missing_step", `${o.id} is still ${source.relation === "inside" ? "in" : "on"} ${source.appliance.id}, which is on — take it off the heat first`);
    }
    const far = withinReach(ctx, o);
    if (far) return far;
    return success(`cooled ${o.id}`, { changed: world.setState(o.id, "hot", false) });
  },
};
