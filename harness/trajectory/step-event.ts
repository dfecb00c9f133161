import type { RearrangeEnv, StepResult } from "../../sim/env.ts";
import type { StepEvent } from "./events.ts";

/**
 * The trajectory line of a step the environment just took: what the runner writes, replay compares
 * and the viewer re-derives. `info` is agent-reported data (token usage, …), carried as given.
 */
export function stepEventOf(env: RearrangeEnv, r: StepResult, info?: Record<string, unknown>): StepEvent {
  const { agent } = env.world;
  const { info: i } = r;
  const step: StepEvent = {
    type: "step",
    t: i.t,
    action: i.action,
    feedback: i.feedback,
    satisfied: i.satisfied,
    observed: i.newlyObserved,
    // the position written out, not spread: a spread goes through V8's generic clone builtin on every step
    agent: { room: agent.room, position: { x: agent.position.x, y: agent.position.y }, holding: agent.holding },
    distance: i.distance,
    changed: i.changed,
  };
  if (info) step.info = info; // last, as the spread put it (the line's key order)
  return step;
}
