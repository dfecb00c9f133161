import type { RearrangeEnv, StepResult } from "../../sim/env.ts";
import type { StepEvent } from "./events.ts";

/**
 * The trajectory line of a step the environment just took: what the runner writes, replay compares
 * and the viewer re-derives. `info` is agent-reported data (token usage, …), carried as given.
 */
export function stepEventOf(env: RearrangeEnv, r: StepResult, info?: Record<string, unknown>): StepEvent {
  const { agent } = env.world;
  return {
    type: "step",
    t: r.info.t,
    action: r.info.action,
    feedback: r.info.feedback,
    satisfied: r.info.satisfied,
    observed: r.info.newlyObserved,
    agent: { room: agent.room, position: { ...agent.position }, holding: agent.holding },
    distance: r.info.distance,
    changed: r.info.changed,
    ...(info ? { info } : {}),
  };
}
