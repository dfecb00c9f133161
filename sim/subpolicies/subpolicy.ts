import type { ActionOf, ActionType, ErrorCategory, Feedback } from "../actions.ts";
import type { Rng } from "../rng.ts";
import type { Observer } from "../world/observer.ts";
import type { World } from "../world/world.ts";

/** What a subpolicy may touch while it runs. */
export interface StepContext {
  world: World;
  observer: Observer;
  rng: Rng;
}

/** The result of applying one action. A failed action leaves `changed` empty: it changed nothing. */
export interface Outcome {
  feedback: Feedback;
  /** Objects whose pose or state changed. */
  changed: string[];
  /** Objects observed for the first time. */
  observed: string[];
  /** Metres walked. */
  distance: number;
  /** The action ends the episode (`done`). */
  terminal?: boolean;
}

/**
 * A subpolicy: one action type with its preconditions and effect (habitat-lab's actions, as small typed units).
 * `apply` checks every precondition before it mutates anything.
 */
export interface Subpolicy<T extends ActionType = ActionType> {
  readonly type: T;
  /** One line, shown to language models and in `--help`. */
  readonly description: string;
  apply(ctx: StepContext, action: ActionOf<T>): Outcome;
}

/** A failed action: nothing changed, one step spent. */
export function failure(error: ErrorCategory, message: string): Outcome {
  return { feedback: { ok: false, error, message }, changed: [], observed: [], distance: 0 };
}

/** A successful action. */
export function success(message: string, parts: Partial<Omit<Outcome, "feedback">> = {}): Outcome {
  // the same keys in the same order as a spread of `{ terminal: true }` would give, without spreading on every action
  const out: Outcome = {
    feedback: { ok: true, error: null, message },
    changed: parts.changed ?? [],
    observed: parts.observed ?? [],
    distance: parts.distance ?? 0,
  };
  if (parts.terminal) out.terminal = true;
  return out;
}
