import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import type { ObservedObjects } from "../observed-objects.ts";

/** Why the agent took an action: the literal it served, or a search step on an object. */
export interface Intent {
  action: Action;
  literal?: string;
  searchTarget?: string;
  /** Give the literal up after one failure (a put-down target that refused the object). */
  once?: boolean;
}

/** Failures of one literal before the agent gives up on it. */
const LITERAL_STRIKES = 3;
/** Failures to open a container for searching before it is skipped. */
const SEARCH_STRIKES = 2;

/**
 * What the explorer learns from its own actions' feedback: which object it stands next to, which
 * literals keep failing (given up after a few strikes), which containers it cannot search, and a
 * container the simulator said must be opened first.
 */
export class ProgressMemory {
  /** The object the agent last walked up to (placing and picking need to be within reach). */
  near: string | null = null;
  /** A closed container that blocks the current literal ("… is closed — open it first"). */
  mustOpen: string | null = null;
  readonly givenUp = new Set<string>();
  readonly unsearchable = new Set<string>();
  private readonly strikes = new Map<string, number>();
  private last: Intent | null = null;

  /** Records the intent behind the action about to be returned. */
  remember(intent: Intent): Action {
    this.last = intent;
    return intent.action;
  }

  /**
   * Reads the feedback of the last action.
   * @param observed what has been observed, `obs` taken in (the belief's copy: the agent never reads `obs.objects`).
   */
  learn(obs: Observation, observed: ObservedObjects): void {
    const intent = this.last;
    const f = obs.lastFeedback;
    this.last = null;
    if (!intent || !f) return;
    const a = intent.action;
    if (f.ok) {
      if (a.type === "navigate") this.near = observed.has(a.target) ? a.target : null;
      else if (a.type === "explore" || a.type === "pick") this.near = null;
      if (a.type === "open" && a.object === this.mustOpen) this.mustOpen = null;
      return;
    }
    if (f.error === "additional_step") {
      if (a.type === "navigate" && /already next to/.test(f.message)) this.near = a.target;
      if (a.type === "open" && a.object === this.mustOpen) this.mustOpen = null;
      return;
    }
    if (/navigate to it first|out of reach|not here in/.test(f.message)) this.near = null;
    const closed = /inside (\S+), which is closed|(\S+) is closed/.exec(f.message);
    if (f.error === "missing_step" && closed) this.mustOpen = closed[1] ?? closed[2] ?? null;
    const weight = f.error === "affordance" && a.type === "place" ? 2 : 1;
    if (intent.literal) this.strike(intent.literal, intent.once ? LITERAL_STRIKES : weight, LITERAL_STRIKES, this.givenUp);
    if (intent.searchTarget) this.strike(`search:${intent.searchTarget}`, 1, SEARCH_STRIKES, this.unsearchable, intent.searchTarget);
    if (a.type === "open" && a.object === this.mustOpen) this.mustOpen = null;
  }

  private strike(key: string, weight: number, limit: number, into: Set<string>, value = key): void {
    const n = (this.strikes.get(key) ?? 0) + weight;
    this.strikes.set(key, n);
    if (n >= limit) into.add(value);
  }
}
