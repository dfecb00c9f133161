import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import type { Agent, AgentOptions, PrivilegedView, TaskView } from "../../harness/agent.ts";
import { Belief } from "./belief.ts";
import { goalWants, type Wants } from "./goal-wants.ts";
import { literalKey, literalObjects, PLACEMENT_PREDICATES, type Literal } from "./literal.ts";
import { ProgressMemory } from "./progress-memory.ts";
import { nearestUnexploredRoom, roomHops, searchExhausted, unsearchedContainers } from "./search.ts";
import { at, moverOf, placeHeld, putDown, putDownTargets, searchContainer, workOn, type SkillContext, type SkillStep } from "./skills.ts";
import { changeState, isToolState, movesObject, usesHeld, type StateStep } from "./state-change.ts";
import { asGoalTask, goalScope, taskNames, type GoalTask, type TaskNames } from "./task-scope.ts";
import { hypot2 } from "../../sim/geometry/hypot.ts";

/**
 * The `explorer` baseline: knows the goal conditions and which scene object each declared task instance
 * is, but not where anything is — it finds things only through its observations.
 *
 * Each step it (1) reads the feedback of its last action, (2) works out which goal literals it believes are
 * still false (choosing the cheapest alternative of `or`/`exists`/`forn`/pairs), (3) works on the nearest
 * one it can (fetch and place the object, open/close/toggle; for a state that needs a tool or appliance —
 * clean, soak, dry, cook, freeze, unfreeze, slice — fetch the tool or carry the object to water, heat or
 * cold, switch the appliance on, then act: see state-change.ts), placing before closing a container the
 * goal wants closed, and (4) when nothing is actionable but the goal names unseen objects, ranges over a
 * `_*` category or needs a tool it has not seen, searches: the nearest unexplored room first (door hops),
 * then closed containers it has seen, nearest first.
 *
 * **Stopping rule.** Searching — exploring a room, walking to a closed container and opening it to look
 * inside — may take at most `searchBudget` × the episode's step budget (default 0.3). The agent calls
 * `done()` when every literal it knows of is believed true (or given up after repeated failures) and either
 * nothing is left to find, the search is exhausted (every reachable room explored and every openable
 * container it has seen opened once), or the search budget is spent. With `reserveSteps` steps left
 * (default 1) it calls `done()` regardless, so an episode never runs out while the agent believes it is
 * finished. So on "all X" it never knows it has found every X: it keeps looking while it may and then
 * settles for what it found — the honest behaviour rTP measures.
 *
 * Options: `searchBudget` (share of the step budget for searching, 0–1, default 0.3), `reserveSteps` (default 1).
 */
export class ExplorerAgent implements Agent {
  readonly name = "explorer";
  readonly version = "1";
  readonly privileged = "goal" as const;
  private readonly reserveSteps: number;
  private readonly searchShare: number;
  private searchSteps = 0;
  private task: GoalTask | null = null;
  private belief = new Belief();
  /** The task's declared names, made once an episode ({@link taskNames}). */
  private names: TaskNames | null = null;
  private memory = new ProgressMemory();
  private committed: string | null = null;

  constructor(options: AgentOptions = {}) {
    this.reserveSteps = typeof options.reserveSteps === "number" && options.reserveSteps >= 1 ? Math.floor(options.reserveSteps) : 1;
    this.searchShare = typeof options.searchBudget === "number" && options.searchBudget >= 0 ? Math.min(1, options.searchBudget) : DEFAULT_SEARCH_SHARE;
  }

  reset(_task: TaskView, _obs: Observation, privileged?: PrivilegedView): void {
    this.task = asGoalTask(privileged?.task);
    this.belief = new Belief();
    this.names = this.task ? taskNames(this.task) : null;
    this.memory = new ProgressMemory();
    this.committed = null;
    this.searchSteps = 0;
  }

  act(obs: Observation): Action {
    this.belief.update(obs);
    this.memory.learn(obs, this.belief.observed);
    if (obs.stepsLeft <= this.reserveSteps) return this.memory.remember({ action: { type: "done" } });
    const wants = this.wants();
    const ctx: SkillContext = { belief: this.belief, near: this.memory.near };
    const held = obs.agent.holding;
    // the simulator said an appliance must be switched on first (switching needs no hand)
    const switchOn = this.memory.mustSwitchOn;
    if (switchOn && this.belief.known(switchOn)) {
      const step = at(ctx, switchOn, { type: "toggle_on", object: switchOn });
      if ("action" in step) return this.memory.remember({ action: step.action, literal: this.committed ?? undefined });
    }
    if (held) return this.whileHolding(ctx, held, wants);
    if (this.memory.mustOpen && this.belief.known(this.memory.mustOpen) && !this.belief.object(this.memory.mustOpen)!.states.open) {
      const step = searchContainer(ctx, this.memory.mustOpen);
      if ("action" in step) return this.memory.remember({ action: step.action, literal: this.committed ?? undefined });
    }
    let lacking = false;
    for (const l of this.ordered(wants.literals)) {
      const step = this.stepFor(ctx, l);
      if ("action" in step) {
        this.committed = literalKey(l);
        return this.memory.remember({ action: step.action, literal: this.committed });
      }
      if ("lacking" in step && step.lacking) lacking = true;
    }
    // a tool or appliance not seen yet is searched for like an unseen goal object
    const searching = wants.open || lacking || wants.literals.some((l) => literalObjects(l).some((id) => !this.belief.known(id)));
    if (searching) {
      const step = this.searchStep(ctx);
      if (step) return step;
    }
    return this.memory.remember({ action: { type: "done" } });
  }

  /** Next action towards a literal: a state change with a tool or appliance, or carrying/switching/opening. */
  private stepFor(ctx: SkillContext, l: Literal): StateStep {
    return isToolState(l) ? changeState(ctx, l, this.memory) : workOn(ctx, l);
  }

  /** The goal literals believed false, minus those given up. */
  private wants(): Wants {
    if (!this.task || !this.names) return { literals: [], open: true, cost: 0 };
    const scope = goalScope(this.task, this.belief, this.names);
    const w = goalWants(this.task.problem.goal, scope, this.belief, (l) => this.cost(l));
    return { ...w, literals: w.literals.filter((l) => !this.memory.givenUp.has(literalKey(l))) };
  }

  private cost(l: Literal): number {
    if (this.memory.givenUp.has(literalKey(l))) return 1000;
    if (literalObjects(l).some((id) => !this.belief.known(id))) return 5;
    // nothing can stand next to itself (an `or` over pairs that includes the object itself)
    if (l.args.length === 2 && l.args[0] === l.args[1] && l.pred !== "inroom") return 1000;
    // taking something away is a last resort: prefer the alternative that puts things where they belong
    if (PLACEMENT_PREDICATES.has(l.pred) && !l.positive) return 50;
    if (PLACEMENT_PREDICATES.has(l.pred) && l.pred !== "inroom" ? !moverOf(this.belief, l) && l.positive : false) return 1000;
    return 1;
  }

  /**
   * Holding something: use it for a state change it serves (the tool in hand, or the object carried to water,
   * heat or cold), else place it where a literal wants it, else put it down.
   */
  private whileHolding(ctx: SkillContext, held: string, wants: Wants): Action {
    for (const l of this.ordered(wants.literals)) {
      if (!isToolState(l) || !usesHeld(this.belief, l, held, this.memory)) continue;
      const step = changeState(ctx, l, this.memory);
      if ("action" in step) {
        this.committed = literalKey(l);
        return this.memory.remember({ action: step.action, literal: this.committed });
      }
    }
    const forHeld = wants.literals.filter((l) => l.positive && PLACEMENT_PREDICATES.has(l.pred) && l.args[0] === held);
    forHeld.sort((a, b) => Number(literalKey(b) === this.committed) - Number(literalKey(a) === this.committed));
    for (const l of forHeld) {
      const step = placeHeld(ctx, held, l);
      if ("action" in step) {
        this.committed = literalKey(l);
        return this.memory.remember({ action: step.action, literal: this.committed });
      }
    }
    const tried = (t: string) => this.memory.givenUp.has(putDownKey(held, t));
    for (const target of putDownTargets(ctx, held, tried)) {
      const step = putDown(ctx, held, target);
      if ("action" in step) return this.memory.remember({ action: step.action, literal: putDownKey(held, target), once: true });
    }
    // nowhere to put it: the hand stays full, but switching and opening need no hand
    const handsFree = this.ordered(wants.literals).filter((l) => l.args.length === 1);
    for (const l of handsFree) {
      const step = this.stepFor(ctx, l);
      if ("action" in step) return this.memory.remember({ action: step.action, literal: literalKey(l) });
    }
    return this.memory.remember({ action: { type: "done" } });
  }

  /**
   * Work order: the literal in progress first; then state changes that carry their object to water, heat
   * or cold (cook it before it goes into the jar); then placements (carrying things is most of the work);
   * then other state changes — closing a container or switching something off last, and never while a
   * placement still needs that container.
   */
  private ordered(literals: Literal[]): Literal[] {
    const needed = new Set(literals.filter((l) => PLACEMENT_PREDICATES.has(l.pred)).flatMap((l) => [l.args[1]!, ...this.containersOf(l.args[0]!)]));
    const usable = literals.filter((l) => !(l.args.length === 1 && !l.positive && needed.has(l.args[0]!)));
    const rank = (l: Literal) =>
      literalKey(l) === this.committed ? 0 : movesObject(this.belief, l) ? 1 : PLACEMENT_PREDICATES.has(l.pred) ? 2 : l.positive ? 3 : 4;
    const distance = (l: Literal) => this.distanceTo(l.args[0]!);
    return usable
      .map((l, i) => ({ l, i }))
      .sort((a, b) => rank(a.l) - rank(b.l) || distance(a.l) - distance(b.l) || a.i - b.i)
      .map((x) => x.l);
  }

  private containersOf(id: string): string[] {
    const out: string[] = [];
    let rel = this.belief.object(id)?.relation;
    for (let guard = 0; rel && guard < 32; guard++) {
      if (rel.type === "inside") out.push(rel.target);
      rel = this.belief.object(rel.target)?.relation ?? null;
    }
    return out;
  }

  /** Rough walking distance: other rooms count extra, unseen objects last. */
  private distanceTo(id: string): number {
    const o = this.belief.object(id);
    if (!o) return Infinity;
    const a = this.belief.obs.agent;
    return hypot2(o.box.center.x - a.position.x, o.box.center.y - a.position.y) + (o.room === a.room ? 0 : 100);
  }

  /** One search step: explore the nearest unexplored room, else look into the nearest unsearched container. */
  private searchStep(ctx: SkillContext): Action | null {
    const obs = this.belief.obs;
    // the door hops from the agent's room, worked out once for the three questions below
    const hops = roomHops(obs);
    if (searchExhausted(this.belief, this.memory.unsearchable, hops)) return null;
    if (this.searchSteps >= Math.floor(this.searchShare * (obs.step + obs.stepsLeft))) return null;
    this.searchSteps++;
    const room = nearestUnexploredRoom(obs, this.memory.unsearchable, hops);
    if (room) return this.memory.remember({ action: { type: "explore", room }, searchTarget: room });
    for (const c of unsearchedContainers(this.belief, this.memory.unsearchable, hops)) {
      const step: SkillStep = searchContainer(ctx, c);
      if ("action" in step) return this.memory.remember({ action: step.action, searchTarget: c });
    }
    return null;
  }
}

/** Default share of the episode's step budget the explorer spends searching (see the stopping rule). */
const DEFAULT_SEARCH_SHARE = 0.3;

function putDownKey(held: string, target: string): string {
  return `put-down:${held}:${target}`;
}

export default ExplorerAgent;
