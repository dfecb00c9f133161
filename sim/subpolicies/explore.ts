import { isOutcome } from "./preconditions.ts";
import { failure, success, type Subpolicy } from "./subpolicy.ts";
import { walk } from "./navigate.ts";

/** `explore(room)`: walk to a room and search all of it; every visible object there is observed. */
export const explore: Subpolicy<"explore"> = {
  type: "explore",
  description: "walk to a room and search it: observes every visible object in it (closed containers stay closed)",
  apply(ctx, action) {
    const { world, observer } = ctx;
    if (!world.rooms.has(action.room)) return failure("hallucination", `there is no room "${action.room}"`);
    const room = action.room;
    const to = world.graph.center(room);
    const walked = walk(ctx, room, to);
    if (isOutcome(walked)) return walked;
    if (observer.explored.has(room) && world.agent.room === room) {
      return failure("additional_step", `${room} was already explored`);
    }
    const changed = world.moveAgent(room, to);
    const observed = observer.exploreRoom(room);
    return success(`explored ${room}: ${observed.length} new object${observed.length === 1 ? "" : "s"}`, {
      distance: walked,
      changed,
      observed,
    });
  },
};
