import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import type { ObservedObjects } from "../observed-objects.ts";
import type { ToolHints } from "./state-change.ts";

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
 * literals keep failing (given up after a few strikes), which containers it cannot search, a
 * container the simulator said must be opened first, an appliance it said must be switched on first,
 * and which tools it refused or said must be wetted first.
 */
export class ProgressMemory implements ToolHints {
  /** The object the agent last walked up to (placing and picking need to be within reach). */
  near: string | null = null;
  /** A closed container that blocks the current literal ("… is closed — open it first"). */
  mustOpen: string | null = null;
  /** An appliance that blocks the current literal ("… is off — toggle it on first"). */
  mustSwitchOn: string | null = null;
  /** `tool|pred` pairs the simulator refused ("… is not a cleaning tool", "… does not remove dust"). */
  readonly refused = new Set<string>();
  /** Cleaning tools the simulator said are too dry for stains, until the agent soaks them. */
  readonly wetFirst = new Set<string>();
  readonly givenUp = new Set<string>();
  /**
   * Keys of `nextto` literals whose placement the simulator refused for lack of room beside the target ("no free
   * space next to …"): the other object is brought over instead, once the first is set down beside it.
   */
  readonly crowded = new Set<string>();
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
      if (a.type === "toggle_on" && a.object === this.mustSwitchOn) this.mustSwitchOn = null;
      if (a.type === "soak") this.wetFirst.delete(a.object);
      return;
    }
    if (f.error === "additional_step") {
      if (a.type === "navigate" && /already next to/.test(f.message)) this.near = a.target;
      if (a.type === "open" && a.object === this.mustOpen) this.mustOpen = null;
      if (a.type === "toggle_on" && a.object === this.mustSwitchOn) this.mustSwitchOn = null;
      return;
    }
    if (a.type === "toggle_on" && a.object === this.mustSwitchOn) this.mustSwitchOn = null;
    if (/navigate to it first|out of reach|not here in/.test(f.message)) this.near = null;
    const closed = /inside (\S+), which is closed|(\S+) is closed/.exec(f.message);
    if (f.error === "missing_step" && closed) this.mustOpen = closed[1] ?? closed[2] ?? null;
    const off = /(\S+) is off — toggle it on/.exec(f.message);
    if (f.error === "missing_step" && off) this.mustSwitchOn = off[1]!;
    if (f.error) this.learnTools(a, f.error, f.message, intent.literal);
    if (a.type === "place" && a.relation === "nextto" && intent.literal && /^no free space next to /.test(f.message)) this.crowded.add(intent.literal);
    const weight = f.error === "affordance" && a.type === "place" ? 2 : 1;
    if (intent.literal) this.strike(intent.literal, intent.once ? LITERAL_STRIKES : weight, LITERAL_STRIKES, this.givenUp);
    if (intent.searchTarget) this.strike(`search:${intent.searchTarget}`, 1, SEARCH_STRIKES, this.unsearchable, intent.searchTarget);
    if (a.type === "open" && a.object === this.mustOpen) this.mustOpen = null;
  }

  /** A tool the simulator refused for the literal's predicate, or said must be soaked first. */
  private learnTools(a: Action, error: string, message: string, literal: string | undefined): void {
    const tool = a.type === "clean" ? a.tool : undefined;
    if (!tool) return;
    if (error === "missing_step" && /is dry and stains need water/.test(message)) this.wetFirst.add(tool);
    const pred = /^(?:not )?(\w+)\(/.exec(literal ?? "")?.[1];
    if (error === "affordance" && pred) this.refused.add(`${tool}|${pred}`);
  }

  private strike(key: string, weight: number, limit: number, into: Set<string>, value = key): void {
    const n = (this.strikes.get(key) ?? 0) + weight;
    this.strikes.set(key, n);
    if (n >= limit) into.add(value);
  }
}
