import type { Action } from "../../sim/actions.ts";
import type { World } from "../../sim/world/world.ts";
import type { FailureMemory } from "./failure-memory.ts";
import type { LiteralSet } from "./planner/literal-set.ts";

/** What achievers and skills read: the live world, what the agent has observed, and the plan so far. */
export interface OracleContext {
  world: World;
  /** Object ids in the latest observation (the simulator only accepts actions on these). */
  observed: ReadonlySet<string>;
  /** Rooms the agent has explored. */
  explored: ReadonlySet<string>;
  failures: FailureMemory;
  /** Every literal the current plan wants to hold (achievers avoid destinations that break them). */
  committed: LiteralSet;
}

/** The next thing to do: an action (with `final` set when it is the one meant to make the literal true), or why not. */
export type Step = { kind: "act"; action: Action; final: boolean } | { kind: "blocked"; reason: string };

export function act(action: Action, final = false): Step {
  return { kind: "act", action, final };
}

export function blocked(reason: string): Step {
  return { kind: "blocked", reason };
}
