import type { Action, Feedback } from "./actions.ts";
import type { Observation } from "./observation.ts";
import { hashString, Rng } from "./rng.ts";
import type { SceneFile } from "./scene/schema.ts";
import { createDefaultRegistry, type SubpolicyRegistry } from "./subpolicies/registry.ts";
import type { StepContext } from "./subpolicies/subpolicy.ts";
import { AGENT_ID } from "./task/binding.ts";
import { boundTask } from "./task/bound-task.ts";
import { GoalTracker } from "./task/goal-tracker.ts";
import type { LoadedTask } from "./task/load.ts";
import { loadWorld } from "./world/load-world.ts";
import { ObservationBuilder } from "./world/observation-builder.ts";
import { Observer } from "./world/observer.ts";
import type { World } from "./world/world.ts";
import type { WorldPool } from "./world/world-pool.ts";
import { parseAction } from "./action-text.ts";
import { digestChanges } from "./change-digest.ts";

/** What `step` reports besides the observation (Gymnasium's `info`). */
export interface StepInfo {
  t: number;
  action: Action | { type: "invalid"; raw: unknown };
  feedback: Feedback;
  satisfied: number[];
  allHold: boolean;
  newlyObserved: string[];
  changed: Record<string, string>;
  distance: number;
}

export interface StepResult {
  observation: Observation;
  /** Change in the number of satisfied goal conditions. */
  reward: number;
  /** The agent called `done()`. */
  terminated: boolean;
  /** The step budget ran out. */
  truncated: boolean;
  info: StepInfo;
}

export interface EnvOptions {
  scene: SceneFile;
  /** Scene file path, for error messages. */
  scenePath?: string;
  task: LoadedTask;
  seed: number;
  maxSteps: number;
  registry?: SubpolicyRegistry;
  /**
   * Where to take worlds from and give them back (opt-in): a reset then restores the world of an earlier
   * episode of the same scene instead of building a new one, and a world this env is done with (at its
   * next reset, or {@link RearrangeEnv.release}) goes back to the pool. Only for an owner that knows
   * nothing reads an episode's world once that episode is over (the runner's episode loop).
   */
  worlds?: WorldPool;
}

/**
 * A Gymnasium-style environment for one episode: `reset(seed)` → observation, `step(action)` →
 * observation, reward, terminated, truncated, info. No hidden auto-reset: stepping a finished
 * episode throws.
 */
export class RearrangeEnv {
  private readonly registry: SubpolicyRegistry;
  private state: {
    world: World;
    observer: Observer;
    tracker: GoalTracker;
    builder: ObservationBuilder;
    ctx: StepContext;
    t: number;
    finished: boolean;
    lastSatisfied: number;
    initiallyObserved: string[];
  } | null = null;

  constructor(readonly options: EnvOptions) {
    this.registry = options.registry ?? createDefaultRegistry();
  }

  /**
   * Builds a fresh world from the scene (settled) — or, with a pool, restores one to exactly that — binds the
   * task and makes the first observation.
   */
  reset(seed: number = this.options.seed): { observation: Observation; info: { conditions: string[]; satisfied: number[]; initiallyObserved: string[] } } {
    const pool = this.options.worlds;
    if (pool) this.release();
    const world = pool ? pool.take(this.options.scene) : loadWorld(this.options.scene, this.options.scenePath ?? this.options.scene.id);
    const observer = new Observer(world);
    const { binding, goal } = boundTask(world, this.options.task);
    const tracker = new GoalTracker(world, binding, goal);
    const builder = new ObservationBuilder(world, observer);
    const rng = new Rng(hashString(`${seed}:${this.options.task.task.id}`));
    const initiallyObserved = observer.lookAroundOnEntry(world.agent.room, world.agent.position);
    this.state = {
      world,
      observer,
      tracker,
      builder,
      ctx: { world, observer, rng },
      t: 0,
      finished: false,
      lastSatisfied: tracker.satisfied().length,
      initiallyObserved,
    };
    const observation = builder.build({ step: 0, maxSteps: this.options.maxSteps, newlyObserved: initiallyObserved, lastAction: null, lastFeedback: null });
    return { observation, info: { conditions: tracker.conditions.map((c) => c.text), satisfied: tracker.satisfied(), initiallyObserved } };
  }

  /** Applies one action (an Action object or its text form `pick(apple_1)`). A failed action changes nothing. */
  step(raw: unknown): StepResult {
    const s = this.state;
    if (!s) throw new Error("call reset() before step()");
    if (s.finished) throw new Error("the episode has ended; call reset() to start again");
    s.t += 1;
    const parsed = parseAction(raw);
    let action: StepInfo["action"];
    let outcome;
    if (!parsed.success) {
      action = { type: "invalid", raw };
      outcome = { feedback: { ok: false, error: "parse" as const, message: `not an action: ${parsed.error}` }, changed: [], observed: [], distance: 0 };
    } else {
      action = parsed.data;
      outcome = this.registry.apply(s.ctx, parsed.data);
    }
    // most steps that fail, and done(), change nothing: no goal re-check, snapshot or digest to make then
    let changedIds: string[] | null = null;
    if (outcome.changed.length > 0 || outcome.distance > 0) {
      changedIds = distinctIds(outcome.changed, outcome.distance > 0 ? AGENT_ID : null);
      s.tracker.update(changedIds);
      s.builder.invalidate(changedIds);
    }
    const satisfied = s.tracker.satisfied();
    const reward = satisfied.length - s.lastSatisfied;
    s.lastSatisfied = satisfied.length;
    const terminated = !!outcome.terminal;
    const truncated = !terminated && s.t >= this.options.maxSteps;
    s.finished = terminated || truncated;
    const info: StepInfo = {
      t: s.t,
      action,
      feedback: outcome.feedback,
      satisfied,
      allHold: s.tracker.allHold(),
      newlyObserved: outcome.observed,
      changed: changedIds ? digestChanges(s.world, changedIds) : {},
      distance: round6(outcome.distance),
    };
    const observation = s.builder.build({
      step: s.t,
      maxSteps: this.options.maxSteps,
      newlyObserved: outcome.observed,
      lastAction: parsed.success ? parsed.data : null,
      lastFeedback: outcome.feedback,
    });
    return { observation, reward, terminated, truncated, info };
  }

  /**
   * Ends this env's use of its world: with a pool ({@link EnvOptions.worlds}) the world goes back to it, to
   * be restored for a later episode. The env must be reset before it is used again.
   */
  release(): void {
    const s = this.state;
    this.state = null;
    if (s && this.options.worlds) this.options.worlds.give(s.world);
  }

  /** The live world (privileged: the oracle and tests use it). */
  get world(): World {
    return this.require().world;
  }
  get tracker(): GoalTracker {
    return this.require().tracker;
  }
  get observer(): Observer {
    return this.require().observer;
  }
  get t(): number {
    return this.require().t;
  }

  private require() {
    if (!this.state) throw new Error("call reset() first");
    return this.state;
  }
}

/** Lists at most this long are kept distinct by scanning them (no set to build). */
const SCAN_DISTINCT = 16;

/**
 * The ids of `ids` and then `extra` (when not null), each once at its first occurrence: what a Set of them
 * would hold, in its order. A step changes one to a few objects: scanning so few costs less than a Set.
 */
export function distinctIds(ids: readonly string[], extra: string | null): string[] {
  const out: string[] = [];
  let seen: Set<string> | null = null;
  const n = ids.length;
  for (let i = 0; i <= n; i++) {
    const id = i < n ? ids[i]! : extra;
    if (id === null) break;
    if (seen) {
      if (seen.has(id)) continue;
      seen.add(id);
    } else {
      if (out.includes(id)) continue;
      if (out.length >= SCAN_DISTINCT) seen = new Set(out).add(id);
    }
    out.push(id);
  }
  return out;
}

function round6(x: number): number {
  const r = Math.round(x * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}
