import { findPlacement, withBox } from "../physics/find-placement.ts";
import type { NearbyQuery } from "../physics/placement-types.ts";
import { inside } from "../predicates/inside.ts";
import type { PredicateObject } from "../predicates/subject.ts";
import type { Support, World } from "../world/world.ts";
import { closedContainerAround, isOutcome, observedObject, withinReach } from "./preconditions.ts";
import { failure, success, type Subpolicy } from "./subpolicy.ts";

/**
 * `place(object, relation, target)`: put the held object on/in/next to/under a target within reach.
 * The pose is searched on the target's surface and settled with physics; no room or an unstable result fails.
 */
export const place: Subpolicy<"place"> = {
  type: "place",
  description: "put the held object ontop/inside/nextto/under an observed target within reach",
  apply(ctx, action) {
    const { world, rng } = ctx;
    const o = world.objects.get(action.object);
    if (!o) return failure("hallucination", `there is no object "${action.object}"`);
    if (world.agent.holding !== o.id) {
      if (!ctx.observer.observed.has(o.id)) return failure("hallucination", `no object "${o.id}" has been observed yet`);
      return failure("missing_step", `not holding ${o.id} — pick it up first`);
    }
    const target = observedObject(ctx, action.target);
    if (isOutcome(target)) return target;
    // what the held object carries (a tray's cups) moves with it: never a target, never in its way
    const carriedIds = world.descendants(o.id);
    if (target.id === o.id || carriedIds.includes(target.id)) {
      return failure("arguments", `cannot place ${o.id} ${action.relation} itself or something it carries`);
    }
    const far = withinReach(ctx, target);
    if (far) return far;
    const around = closedContainerAround(ctx, target.id);
    if (around) return failure("missing_step", `${target.id} is inside ${around.id}, which is closed — open it first`);
    if (action.relation === "inside") {
      if (!target.abilities.has("container") && target.shape !== "container") {
        return failure("affordance", `${target.id} is not a container`);
      }
      if (target.abilities.has("openable") && !target.states.open) {
        return failure("missing_step", `${target.id} is closed — open it first`);
      }
    }
    // objectsNear leaves out held objects, the placed one among them: only what it carries is left to drop
    const nearby: NearbyQuery = (box, radius) => {
      const near = world.objectsNear(box, radius);
      return carriedIds.length === 0 ? near : near.filter((n) => !carriedIds.includes(n.id));
    };
    const result = findPlacement({ object: o, relation: action.relation, target, nearby, rng, rooms: [world.rooms.get(target.room)!] });
    if (!result.ok) return failure("affordance", result.reason);
    const support = supportOf(world, result.restsOn, action.relation, target.id, target.room, withBox(o, result.box));
    const changed = world.setPose(o.id, result.box, support);
    return success(`placed ${o.id} ${action.relation} ${target.id}`, { changed });
  },
};

/** What the placed object (`placed`: as it now stands) rests on, in the terms the scene graph uses. */
function supportOf(world: World, restsOn: string | null, relation: string, targetId: string, room: string, placed: PredicateObject): Support {
  const base = restsOn ? world.objects.get(restsOn) : undefined;
  // under a table the object stands on the floor; the scene graph records what it is under, as people say it
  if (relation === "under" && (!base || base.shape === "floor")) return { relation: "under", target: targetId };
  if (!base || base.shape === "floor") return { relation: "onfloor", target: base?.id ?? `floor_${room}` };
  // in a container's interior, whether put inside it or set down next to something already there: its contents
  // hide with it when it is closed, and move with it (on top of what is inside, it rests on that, below)
  if (inside(placed, base)) return { relation: "inside", target: base.id };
  return { relation: "ontop", target: base.id };
}
