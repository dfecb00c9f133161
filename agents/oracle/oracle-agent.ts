import type { Agent, AgentOptions, PrivilegedView, TaskView } from "../../harness/agent.ts";
import type { Action } from "../../sim/actions.ts";
import type { BddlProblem } from "../../sim/bddl/ast.ts";
import type { Observation } from "../../sim/observation.ts";
import type { TaskBinding } from "../../sim/task/binding.ts";
import type { GoalTracker } from "../../sim/task/goal-tracker.ts";
import type { World } from "../../sim/world/world.ts";
import type { Achiever } from "./achievers/achiever.ts";
import { buildAgenda } from "./agenda.ts";
import { AchieverRegistry, DEFAULT_ACHIEVERS } from "./achievers/registry.ts";
import type { OracleContext } from "./context.ts";
import { actionFailureKey, FailureMemory } from "./failure-memory.ts";
import { holdsLiteral, literalKey, type GroundLiteral } from "./literal.ts";
import { ChoiceMemory } from "./planner/choice-memory.ts";
import { GoalPlanner, type ConditionPlan } from "./planner/goal-planner.ts";
import { LiteralSet } from "./planner/literal-set.ts";
import { stash } from "./skills/hand.ts";

/** The privileged task view the episode runner hands a `privileged = "full"` agent. */
export interface OracleTaskView {
  problem: BddlProblem;
  binding: TaskBinding;
  tracker: GoalTracker;
}

/** Limits that keep the oracle from looping; all can be set through agent options. */
export interface OracleLimits {
  /** Failures of one way of achieving a literal before the next way is tried. */
  optionFailures: number;
  /** Failures of one exact action before the way that produced it is given up. */
  actionFailures: number;
  /** Failed actions in an episode after which the oracle calls `done()`. */
  maxFailures: number;
  /** Steps without progress (more conditions or planned literals holding) after which it calls `done()`. */
  maxStallSteps: number;
  /** Placements of one way that undid another planned relation of the moved object, before that way is given up. */
  jointFailures: number;
}

export const DEFAULT_LIMITS: OracleLimits = { optionFailures: 2, actionFailures: 3, maxFailures: 25, maxStallSteps: 60, jointFailures: 4 };

/** Replanning rounds within one step (each round gives up at least one more literal or way). */
const MAX_ROUNDS = 24;

interface Intent {
  /** The literal the action works towards (none for putting the held object down at the end). */
  lit: GroundLiteral | null;
  optionKey: string;
  action: Action;
  final: boolean;
}

interface EpisodeState {
  world: World;
  task: OracleTaskView;
  planner: GoalPlanner;
  failures: FailureMemory;
  intent: Intent | null;
  /** Object ids of the latest observation, kept from observation to observation ({@link OracleAgent.observe}). */
  observed: Set<string>;
  /** The step of the last observation taken into `observed` (-1 before the first). */
  observedStep: number;
  /** Explored rooms of the latest observation. */
  explored: ReadonlySet<string>;
  bestProgress: number;
  stall: number;
  stopped: string | null;
  /** Objects the oracle has tried to put down once the goal held. */
  putDown: Set<string>;
  /** The literal the object in hand was picked up for (finished before others that could use it). */
  focus: string | undefined;
  /** Planned relations of the object in hand that held when it was picked up (a placement should keep them). */
  watch: GroundLiteral[];
  /**
   * The way last taken towards a literal, while it is under way (its last action was not its final one):
   * kept first among that literal's ways, so that ways ranked by the agent's position (the nearest oven
   * or stove) do not take turns as the agent walks.
   */
  route: { lit: string; optionKey: string } | null;
}

/**
 * The privileged baseline (`--agent oracle`): reads the goal and the full simulator state and replans
 * every step. It turns each unsatisfied goal condition into ground literals ({@link GoalPlanner}), takes
 * the first false one (literals about the object in hand first, closing containers last) and asks that
 * predicate's achiever for the next action. It still has to observe, walk, open and pick like any agent,
 * since the simulator accepts actions only on observed objects within reach. Ways that keep failing are
 * dropped for alternatives the goal allows; after too many failures, or too long without progress, it
 * calls `done()`. Deterministic: no randomness, no clock.
 */
export class OracleAgent implements Agent {
  readonly name = "oracle";
  readonly version = "1";
  readonly privileged = "full" as const;
  /** It reads the world only while its episode runs (every reset starts its episode state anew). */
  readonly releasesWorld = true;
  readonly limits: OracleLimits;
  /** What the last action was for (published in the trajectory's step `info`). */
  lastStepInfo: Record<string, unknown> = {};
  private readonly registry: AchieverRegistry;
  private episode: EpisodeState | null = null;

  constructor(options: AgentOptions = {}, achievers: Iterable<Achiever> = DEFAULT_ACHIEVERS) {
    const num = (k: keyof OracleLimits) => (typeof options[k] === "number" && (options[k] as number) > 0 ? (options[k] as number) : DEFAULT_LIMITS[k]);
    this.limits = {
      optionFailures: num("optionFailures"),
      actionFailures: num("actionFailures"),
      maxFailures: num("maxFailures"),
      maxStallSteps: num("maxStallSteps"),
      jointFailures: num("jointFailures"),
    };
    this.registry = new AchieverRegistry(achievers);
  }

  reset(_task: TaskView, _obs: Observation, privileged?: PrivilegedView): void {
    const world = privileged?.world as World | undefined;
    const task = privileged?.task as Partial<OracleTaskView> | undefined;
    if (!world || !task?.binding || !task.tracker || !task.problem) {
      this.episode = null;
      return;
    }
    const full = task as OracleTaskView;
    const failures = new FailureMemory();
    const ep: EpisodeState = {
      world,
      task: full,
      failures,
      planner: new GoalPlanner({
        world,
        binding: full.binding,
        memory: new ChoiceMemory(),
        literalCost: (lit, committed) => this.literalCost(ep, lit, committed),
      }),
      intent: null,
      observed: new Set(),
      observedStep: -1,
      explored: new Set(),
      bestProgress: -1,
      stall: 0,
      stopped: null,
      putDown: new Set(),
      focus: undefined,
      watch: [],
      route: null,
    };
    this.episode = ep;
  }

  act(obs: Observation): Action {
    const ep = this.episode;
    if (!ep) return this.stop("no privileged world: the oracle needs privileged = full");
    if (ep.stopped) return this.stop(ep.stopped);
    this.observe(ep, obs);
    ep.explored = new Set(obs.rooms.filter((r) => r.explored).map((r) => r.id));
    this.digest(ep, obs);
    const conditions = ep.task.tracker.conditions;
    // the tracker's state, which every step brings up to date (re-checking what the step changed): nothing in
    // an act changes the world (rounds only give up literals)
    const h = conditions.map((_, i) => ep.task.tracker.conditionHolds(i));
    if (h.every(Boolean)) return this.putDownThenFinish(ep);
    if (ep.failures.failedActions >= this.limits.maxFailures) return this.finish(ep, `${ep.failures.failedActions} failed actions`);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const plans = ep.planner.plan(conditions, h);
      if (round === 0 && this.stalled(ep, plans, h)) return this.finish(ep, `no progress for ${ep.stall} steps`);
      const ctx = this.context(ep, plans);
      const outcome = this.nextAction(ep, plans, ctx);
      if (outcome.action) return outcome.action;
      if (!outcome.gaveUpSomething) break;
    }
    return this.finish(ep, "no goal literal left that the oracle can achieve");
  }

  /**
   * Brings `ep.observed` up to `obs`. Objects never leave an observation's `objects`, so when `obs` is the
   * one after the last taken in, the objects it first observed (`newlyObserved`) are all there is to add; any
   * other (a step the oracle did not see) makes it start again from the ids of `obs.objects`. The oracle reads
   * the world itself, never a snapshot: it reads neither `objects` (made only when read; in a house of a
   * thousand objects making it and listing its ids each step was most of what reading an observation cost)
   * nor `updates` (whose snapshots are made only when read too). Only membership and the count are read, so
   * the set's order is free.
   */
  private observe(ep: EpisodeState, obs: Observation): void {
    if (obs.step === ep.observedStep + 1) for (const id of obs.newlyObserved) ep.observed.add(id);
    else ep.observed = new Set(Object.keys(obs.objects));
    ep.observedStep = obs.step;
  }

  /** Effort of a literal for the planner: Infinity when no achiever handles it or it was given up. */
  private literalCost(ep: EpisodeState, lit: GroundLiteral, committed: LiteralSet): number {
    if (ep.failures.isExhausted(literalKey(lit), Infinity)) return Infinity;
    const a = this.registry.find(lit);
    if (!a) return Infinity;
    const ctx: OracleContext = { world: ep.world, observed: ep.observed, explored: ep.explored, failures: ep.failures, committed };
    return Math.max(1, a.estimate(lit, ctx));
  }

  private context(ep: EpisodeState, plans: ConditionPlan[]): OracleContext {
    // plan by plan: each extends the last set made, so they all append to one log (no list of every literal)
    let committed = LiteralSet.empty();
    for (const p of plans) if (Number.isFinite(p.choice.cost)) committed = committed.with(p.choice.literals);
    return { world: ep.world, observed: ep.observed, explored: ep.explored, failures: ep.failures, committed };
  }

  /** Counts the last action's failure (or a final action that did not make its literal true). */
  private digest(ep: EpisodeState, obs: Observation): void {
    const intent = ep.intent;
    ep.intent = null;
    if (!intent || !obs.lastFeedback) return;
    if (!obs.lastFeedback.ok) {
      ep.failures.failedActions++;
      ep.failures.note(actionFailureKey(intent.action));
      ep.failures.note(intent.optionKey);
    } else if (intent.final && intent.lit && !holdsLiteral(ep.world, intent.lit)) {
      ep.failures.note(intent.optionKey);
    } else if (intent.final && intent.action.type === "place") {
      // the literal holds, but moving the object undid another of its planned relations: count it, so
      // that after a few random poses another way (or another mover) is tried instead of looping
      if (ep.watch.some((l) => !holdsLiteral(ep.world, l))) {
        const key = `joint:${intent.optionKey}`;
        ep.failures.note(key);
        if (ep.failures.count(key) >= this.limits.jointFailures) ep.failures.exhaust(intent.optionKey);
      }
    }
  }

  /** Progress = conditions holding, then planned literals holding; too many steps without a new best ends the episode. */
  private stalled(ep: EpisodeState, plans: ConditionPlan[], holds: boolean[]): boolean {
    let literalsTrue = 0;
    for (const p of plans) if (!p.holds) for (const l of p.choice.literals) if (holdsLiteral(ep.world, l)) literalsTrue++;
    const progress = holds.filter(Boolean).length * 10_000 + literalsTrue * 10 + Math.min(9, ep.observed.size / 100);
    if (progress > ep.bestProgress) {
      ep.bestProgress = progress;
      ep.stall = 0;
      return false;
    }
    ep.stall++;
    return ep.stall >= this.limits.maxStallSteps;
  }

  /** The first action towards the first achievable false literal, giving up ways that keep failing. */
  private nextAction(ep: EpisodeState, plans: ConditionPlan[], ctx: OracleContext): { action?: Action; gaveUpSomething: boolean } {
    let gaveUp = false;
    const route = ep.route;
    ep.route = null;
    for (const { lit, options } of buildAgenda(plans, ctx, this.registry, ep.focus, route)) {
      for (const opt of options) {
        if (ep.failures.isExhausted(opt.key, this.limits.optionFailures)) continue;
        const step = opt.next(ctx);
        if (step.kind === "blocked" || (!ep.failures.none && ep.failures.isExhausted(actionFailureKey(step.action), this.limits.actionFailures))) {
          ep.failures.exhaust(opt.key);
          gaveUp = true;
          continue;
        }
        ep.intent = { lit, optionKey: opt.key, action: step.action, final: step.final };
        if (!step.final) ep.route = { lit: literalKey(lit), optionKey: opt.key };
        if (step.action.type === "pick") {
          const picked = step.action.object;
          ep.focus = literalKey(lit);
          ep.watch = ctx.committed.about(picked).filter((l) => l !== lit && l.positive && l.args.length === 2 && l.pred !== "inroom" && holdsLiteral(ep.world, l));
        }
        this.lastStepInfo = { oracle: `${literalKey(lit)} via ${opt.key}` };
        return { action: step.action, gaveUpSomething: gaveUp };
      }
      ep.failures.exhaust(literalKey(lit));
      gaveUp = true;
    }
    return { gaveUpSomething: gaveUp };
  }

  /**
   * The goal holds. A held object is put down first (once; on a floor no committed literal forbids), since
   * a person would not end a task with something in hand; if that undoes a condition, the next step replans.
   */
  private putDownThenFinish(ep: EpisodeState): Action {
    const held = ep.world.agent.holding;
    if (held && !ep.putDown.has(held)) {
      ep.putDown.add(held);
      const plans = ep.planner.plan(ep.task.tracker.conditions, ep.task.tracker.conditions.map(() => true));
      const step = stash(this.context(ep, plans));
      if (step?.kind === "act") {
        ep.intent = { lit: null, optionKey: "put-down", action: step.action, final: false };
        this.lastStepInfo = { oracle: `goal holds: put ${held} down` };
        return step.action;
      }
    }
    return this.finish(ep, "every goal condition holds");
  }

  private finish(ep: EpisodeState, reason: string): Action {
    ep.stopped = reason;
    return this.stop(reason);
  }

  private stop(reason: string): Action {
    this.lastStepInfo = { oracle: `done: ${reason}` };
    return { type: "done" };
  }
}

export default OracleAgent;
