import type { Action, ActionOf, ActionType } from "../actions.ts";
import { done } from "./done.ts";
import { explore } from "./explore.ts";
import { navigate } from "./navigate.ts";
import { close, open } from "./open-close.ts";
import { pick } from "./pick.ts";
import { place } from "./place.ts";
import { STATE_SUBPOLICIES } from "./states/index.ts";
import { failure, type Outcome, type StepContext, type Subpolicy } from "./subpolicy.ts";
import { toggleOff, toggleOn } from "./toggle.ts";

/**
 * Registry of subpolicies by action type. State-changing subpolicies (clean, soak, cook, …) register
 * themselves here the same way; an action type with no subpolicy fails as `affordance`.
 */
export class SubpolicyRegistry {
  private readonly byType = new Map<ActionType, Subpolicy>();

  constructor(subpolicies: Iterable<Subpolicy<any>> = []) {
    for (const s of subpolicies) this.register(s);
  }

  register<T extends ActionType>(s: Subpolicy<T>): this {
    this.byType.set(s.type, s as unknown as Subpolicy);
    return this;
  }

  get(type: ActionType): Subpolicy | undefined {
    return this.byType.get(type);
  }

  types(): ActionType[] {
    return [...this.byType.keys()];
  }

  /** Applies a validated action. */
  apply(ctx: StepContext, action: Action): Outcome {
    const s = this.byType.get(action.type);
    if (!s) return failure("affordance", `the action "${action.type}" is not available in this simulator`);
    return s.apply(ctx, action as ActionOf<typeof action.type>);
  }
}

/** The core subpolicies every episode has. */
export const CORE_SUBPOLICIES = [navigate, explore, pick, place, open, close, toggleOn, toggleOff, done] as const;

/** A registry with the core subpolicies and the state-changing ones (clean, soak, cook, …). */
export function createDefaultRegistry(): SubpolicyRegistry {
  return new SubpolicyRegistry([...CORE_SUBPOLICIES, ...STATE_SUBPOLICIES]);
}
