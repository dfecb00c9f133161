import type { SimObject } from "../world/sim-object.ts";
import { canReach } from "../world/reach.ts";
import { failure, type Outcome, type StepContext } from "./subpolicy.ts";

/** An object the agent may refer to: it exists and has been observed. Otherwise a `hallucination`. */
export function observedObject(ctx: StepContext, id: string): SimObject | Outcome {
  const o = ctx.world.objects.get(id);
  if (!o) return failure("hallucination", `there is no object "${id}"`);
  if (!ctx.observer.observed.has(id)) return failure("hallucination", `no object "${id}" has been observed yet`);
  return o;
}

/** The agent is within reach of the object (the held object always is). Otherwise a `missing_step`. */
export function withinReach(ctx: StepContext, o: SimObject): Outcome | null {
  const { agent } = ctx.world;
  if (agent.holding === o.id || o.held) return null;
  if (o.room !== agent.room && !isFloorOf(o, agent.room)) {
    return failure("missing_step", `${o.id} is in ${o.room}, not here in ${agent.room} — navigate to it first`);
  }
  if (o.shape === "floor") return null;
  if (!canReach(agent.position, o.box)) {
    return failure("missing_step", `${o.id} is out of reach — navigate to it first`);
  }
  return null;
}

/** The object sits inside a closed container: name the container so the agent can open it. */
export function closedContainerAround(ctx: StepContext, id: string): SimObject | null {
  for (let cur: string | undefined = id, guard = 0; cur && guard < 64; guard++) {
    const s = ctx.world.supports.get(cur);
    if (!s) return null;
    if (s.relation === "inside") {
      const c = ctx.world.objects.get(s.target);
      if (c && c.abilities.has("openable") && !c.states.open) return c;
    }
    cur = s.target;
  }
  return null;
}

export function isOutcome(x: unknown): x is Outcome {
  return typeof x === "object" && x !== null && "feedback" in x;
}

function isFloorOf(o: SimObject, room: string): boolean {
  return o.shape === "floor" && o.room === room;
}
