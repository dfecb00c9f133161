import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import type { Agent, AgentOptions, PrivilegedView, TaskView } from "../../harness/agent.ts";
import { Belief } from "./belief.ts";
import { goalWants, type Wants } from "./goal-wants.ts";
import { clearingDepths } from "./clearing.ts";
import { literalKey, literalObjects, PLACEMENT_PREDICATES, type Literal } from "./literal.ts";
import { ProgressMemory } from "./progress-memory.ts";
import { nearestUnexploredRoom, roomHops, searchExhausted, unsearchedContainers } from "./search.ts";
import { at, moverOf, placeHeld, putDown, putDownTargets, searchContainer, workOn, type SkillContext, type SkillStep } from "./skills.ts";
import { StallWatch } from "./stall-watch.ts";
import { changeState, isToolState, movesObject, usesHeld, type StateStep } from "./state-change.ts";
import { asGoalTask, goalScope, taskNames, type GoalTask, type TaskNames } from "./task-scope.ts";
import { hypot2 } from "../../sim/geometry/hypot.ts";

/**
 * The `explorer` baseline: knows the goal conditions and which scene object each declared task instance
 * is, but not where anything is — it finds things only through its observations.
 *
 * Each step it (1) reads the feedback of its last action, (2) works out which goal literals it believes are
 * still false (choosing the cheapest alternative of `or`/`exists`/`forn`/pairs), (3) works on the nearest
 * one it can (fetch and place the object, open/close/toggle, fold/unfold — what it holds first; for a state that needs a tool or appliance —
 * clean, soak, dry, cook, heat, cool, freeze, unfreeze, slice — fetch the tool or carry the object to water, heat or
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
 * It also calls `done()` once it goes round in circles: `maxStallSteps` steps in a row (searching aside) that brought
 * neither fewer literals believed false than ever before nor anything new in sight ({@link StallWatch}).
 *
 * Options: `searchBudget` (share of the step budget for searching, 0–1, default 0.3), `reserveSteps` (default 1),
 * `maxStallSteps` (default 100).
 */
export class ExplorerAgent implements Agent {
  readonly name = "explorer";
  readonly version = "1";
  readonly privileged = "goal" as const;
  private readonly reserveSteps: number;
  private readonly searchShare: number;
  private searchSteps = 0;
  /** `searchSteps` when the last act began: more now means the last act searched. */
  private searchStepsBefore = 0;
  private readonly maxStallSteps: number;
  private stall: StallWatch;
  private task: GoalTask | null = null;
  private belief = new Belief();
  /** The task's declared names, made once an episode ({@link taskNames}). */
  private names: TaskNames | null = null;
  private memory = new ProgressMemory();
  /** The literal in progress, and its key (compared on every step). */
  private committed: { literal: Literal; key: string } | null = null;
  /** How often the agent lifted each object it had put somewhere itself (carrying one to and fro shows here). */
  private relifted = new Map<string, number>();
  /** Keys of `nextto` literals turned round for good: the other object comes over ({@link bringOver}). */
  private turned = new Set<string>();
  /** Objects brought over to another for lack of room beside them, and the key of that literal ({@link bringOver}). */
  private brought = new Map<string, string>();

  constructor(options: AgentOptions = {}) {
    this.reserveSteps = typeof options.reserveSteps === "number" && options.reserveSteps >= 1 ? Math.floor(options.reserveSteps) : 1;
    this.searchShare = typeof options.searchBudget === "number" && options.searchBudget >= 0 ? Math.min(1, options.searchBudget) : DEFAULT_SEARCH_SHARE;
    this.maxStallSteps = typeof options.maxStallSteps === "number" && options.maxStallSteps >= 1 ? Math.floor(options.maxStallSteps) : DEFAULT_MAX_STALL_STEPS;
    this.stall = new StallWatch(this.maxStallSteps);
  }

  reset(_task: TaskView, _obs: Observation, privileged?: PrivilegedView): void {
    this.task = asGoalTask(privileged?.task);
    this.belief = new Belief();
    this.names = this.task ? taskNames(this.task) : null;
    this.memory = new ProgressMemory();
    this.committed = null;
    this.relifted = new Map();
    this.turned = new Set();
    this.brought = new Map();
    this.searchSteps = 0;
    this.searchStepsBefore = 0;
    this.stall = new StallWatch(this.maxStallSteps);
  }

  act(obs: Observation): Action {
    // lifting what it had put somewhere itself, before the belief forgets that it had
    const last = obs.lastAction;
    if (last?.type === "pick" && obs.lastFeedback?.ok && this.belief.placement(last.object)) {
      this.relifted.set(last.object, (this.relifted.get(last.object) ?? 0) + 1);
    }
    this.belief.update(obs);
    this.memory.learn(obs, this.belief.observed);
    if (obs.stepsLeft <= this.reserveSteps) return this.memory.remember({ action: { type: "done" } });
    const wants = this.wants();
    const searched = this.searchSteps > this.searchStepsBefore;
    this.searchStepsBefore = this.searchSteps;
    const seen = this.belief.observed.size + obs.rooms.filter((r) => r.explored).length;
    if (this.stall.stalled(wants.literals.length, seen, searched)) return this.memory.remember({ action: { type: "done" } });
    const ctx: SkillContext = { belief: this.belief, near: this.memory.near };
    const held = obs.agent.holding;
    // the simulator said an appliance must be switched on first (switching needs no hand)
    const switchOn = this.memory.mustSwitchOn;
    if (switchOn && this.belief.known(switchOn)) {
      const step = at(ctx, switchOn, { type: "toggle_on", object: switchOn });
      if ("action" in step) return this.memory.remember({ action: step.action, literal: this.committed?.key });
    }
    if (held) return this.whileHolding(ctx, held, wants);
    if (this.memory.mustOpen && this.belief.known(this.memory.mustOpen) && !this.belief.object(this.memory.mustOpen)!.states.open) {
      const step = searchContainer(ctx, this.memory.mustOpen);
      if ("action" in step) return this.memory.remember({ action: step.action, literal: this.committed?.key });
    }
    let lacking = false;
    for (const l of this.ordered(wants.literals)) {
      const step = this.stepFor(ctx, l);
      if ("action" in step) {
        return this.memory.remember({ action: step.action, literal: this.commit(l) });
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

  /** True once the agent has lifted `id` {@link RELIFTS_TO_AVOID} times from where it had put it itself. */
  private carriedToAndFro(id: string): boolean {
    return (this.relifted.get(id) ?? 0) >= RELIFTS_TO_AVOID;
  }

  /** Makes `l` the literal in progress; returns its key. */
  private commit(l: Literal): string {
    this.committed = { literal: l, key: literalKey(l) };
    return this.committed.key;
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
    return { ...w, literals: w.literals.map((l) => this.bringOver(this.carryableFirst(l))).filter((l) => !this.memory.givenUp.has(literalKey(l))) };
  }

  /**
   * A side-by-side literal (`nextto`, `touching`: either object may move) with what can be carried first, when only
   * the second can be: BEHAVIOR writes `(touching ?wall ?backpack)`, and the wall is no thing to carry.
   */
  private carryableFirst(l: Literal): Literal {
    if (!BESIDE.has(l.pred) || l.args.length !== 2) return l;
    const [a, b] = l.args as [string, string];
    const carryable = (id: string) => this.belief.object(id)?.kind === "carryable";
    return !carryable(a) && carryable(b) ? { ...l, args: [b, a] } : l;
  }

  /**
   * A `nextto` the simulator refused for lack of room beside its target, the other way round: the target comes
   * over to the first object, set down where the target stands (a saucer found no room beside the coffee maker
   * on a crowded counter; the coffee maker, brought to the saucer, did). Only when the target can be carried.
   */
  private bringOver(l: Literal): Literal {
    if (l.pred !== "nextto" || !l.positive) return l;
    const [x, other] = l.args as [string, string];
    const key = literalKey(l);
    // also once the object has been carried to and fro (a mouse between the keyboard and the folder it must be
    // beside, far apart on the desk), for good: the keyboard comes to the mouse, then the computer to the keyboard
    if (!this.turned.has(key) && this.carriedToAndFro(x) && !this.belief.satisfied(l)) this.turned.add(key);
    if (!this.turned.has(key)) {
      if (!this.memory.crowded.has(key)) return l;
      // one object is brought over for lack of room once: a coffee maker fetched to the saucer, then to the bottle,
      // then back, went to and fro for the whole budget
      const first = this.brought.get(other);
      if (first !== undefined && first !== key) return l;
      this.brought.set(other, key);
    }
    const swapped: Literal = { ...l, args: [other, x] };
    if (this.memory.crowded.has(literalKey(swapped)) || this.belief.object(other)?.kind !== "carryable") return l;
    return swapped;
  }

  /** Where to set `held` down so that the object of a brought-over `nextto` can come beside it: where that object stands. */
  private meetingPlace(held: string, wants: Wants): { literal: Literal; key: string } | null {
    for (const l of wants.literals) {
      // a literal brought over for lack of room, not one turned round because the other was carried to and fro
      if (l.pred !== "nextto" || !l.positive || l.args[1] !== held || !this.memory.crowded.has(literalKey({ ...l, args: [held, l.args[0]!] }))) continue;
      const stands = this.belief.object(l.args[0]!)?.relation;
      if (!stands) continue;
      const pred = stands.type === "onfloor" ? "onfloor" : stands.type === "under" ? "ontop" : stands.type;
      return { literal: { pred, args: [held, stands.target], positive: true }, key: `meet:${literalKey(l)}` };
    }
    return null;
  }

  private cost(l: Literal): number {
    if (this.memory.givenUp.has(literalKey(l))) return 1000;
    if (literalObjects(l).some((id) => !this.belief.known(id))) return 5;
    // nothing can stand next to itself (an `or` over pairs that includes the object itself)
    if (l.args.length === 2 && l.args[0] === l.args[1] && l.pred !== "inroom") return 1000;
    // taking something away is a last resort: prefer the alternative that puts things where they belong
    if (PLACEMENT_PREDICATES.has(l.pred) && !l.positive) return 50;
    if (PLACEMENT_PREDICATES.has(l.pred) && l.pred !== "inroom" ? !moverOf(this.belief, l) && l.positive : false) return 1000;
    // moving what the agent has put somewhere else undoes that: two `forn`s over the same four shoes (two next to
    // the table, two under it) both chose the first shoe, and it was carried back and forth between the two
    if (l.positive && PLACEMENT_PREDICATES.has(l.pred)) {
      const put = this.belief.placement(l.args[0]!);
      if (put && (put.relation !== l.pred || put.target !== l.args[1])) return this.carriedToAndFro(l.args[0]!) ? MOVES_AGAIN : MOVES_OWN_PLACEMENT;
    }
    return 1;
  }

  /**
   * Holding something: use it for a state change it serves (the tool in hand, or the object carried to water,
   * heat or cold), else place it where a literal wants it, else put it down.
   */
  private whileHolding(ctx: SkillContext, held: string, wants: Wants): Action {
    for (const l of this.ordered(wants.literals)) {
      // folded in hand before it is put away (the simulator folds what is held or within reach with a free hand)
      if (IN_HAND_STATES.has(l.pred) && l.args[0] === held) {
        const step = workOn(ctx, l);
        if ("action" in step) return this.memory.remember({ action: step.action, literal: this.commit(l) });
        continue;
      }
      if (!isToolState(l) || !usesHeld(this.belief, l, held, this.memory)) continue;
      const step = changeState(ctx, l, this.memory);
      if ("action" in step) {
        return this.memory.remember({ action: step.action, literal: this.commit(l) });
      }
    }
    const waiting = besideWhatMoves(wants.literals);
    const forHeld = wants.literals.filter((l) => l.positive && PLACEMENT_PREDICATES.has(l.pred) && l.args[0] === held && !waiting.has(l));
    // the placement under way stays wanted while its object is in hand, though the goal may read as met meanwhile:
    // `(or (inside ?newspaper ?bin) (not (onfloor ?newspaper ?floor)))` holds while the newspaper is carried, and
    // putting it down on the floor undid that, again and again
    const c = this.committed;
    if (c && c.literal.positive && c.literal.args[0] === held && PLACEMENT_PREDICATES.has(c.literal.pred) && !this.memory.crowded.has(c.key)) {
      if (!forHeld.some((l) => literalKey(l) === c.key) && !this.belief.satisfied(c.literal) && !this.memory.givenUp.has(c.key)) forHeld.push(c.literal);
    }
    const committedKey = c?.key;
    forHeld.sort((a, b) => Number(literalKey(b) === committedKey) - Number(literalKey(a) === committedKey));
    for (const l of forHeld) {
      const step = placeHeld(ctx, held, l);
      if ("action" in step) {
        return this.memory.remember({ action: step.action, literal: this.commit(l) });
      }
    }
    const meet = this.meetingPlace(held, wants);
    if (meet && !this.memory.givenUp.has(meet.key)) {
      const step = placeHeld(ctx, held, meet.literal);
      if ("action" in step) return this.memory.remember({ action: step.action, literal: meet.key, once: true });
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
    // only closing and switching off wait for the placements (a dusty table the rag must go under is still cleaned)
    const waiting = besideWhatMoves(literals);
    const usable = literals.filter((l) => !waiting.has(l) && !(l.args.length === 1 && !l.positive && WAITS_FOR_PLACEMENTS.has(l.pred) && needed.has(l.args[0]!)));
    const committedKey = this.committed?.key;
    const clearing = clearingDepths(this.belief, usable);
    // what a cloth is still to be spread over: the cloth goes first, then what goes on it (a pillow on the blanket)
    const toCover = new Set(usable.filter((l) => l.pred === "overlaid" && l.positive).map((l) => l.args[1]!));
    const placementRank = (l: Literal): number => {
      // behind the other placements: an object carried to and fro already (the two `nextto`s of a folder, by the
      // book and by the backpack, undid each other for the whole budget while the book, never moved beside the
      // backpack, kept them apart), and what is to stand on a cloth not spread yet
      if (this.carriedToAndFro(l.args[0]!) || (l.pred !== "overlaid" && toCover.has(l.args[1]!))) return 2.5;
      // ahead of them, deepest first: clearing a small top that another placement needs
      const depth = clearing.get(l);
      return depth === undefined ? 2 : 2 - depth / (depth + 1);
    };
    const rank = (l: Literal) =>
      literalKey(l) === committedKey ? 0 : movesObject(this.belief, l) ? 1 : PLACEMENT_PREDICATES.has(l.pred) ? placementRank(l) : l.positive ? 3 : 4;
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

/** Cost of a placement that would move what the agent already put elsewhere (above a free one, below an unseen object's 5). */
const MOVES_OWN_PLACEMENT = 3;

/** Placements beside another object: they follow it wherever it goes. */
const BESIDE = new Set(["nextto", "touching"]);

/**
 * The wanted `nextto`/`touching` literals whose other object must itself still go somewhere (in the fridge, on
 * the shelf): those wait until it is there. Put beside a broccoli still on the counter, the other broccoli left
 * the fridge, and went back in, and out again. Only other kinds of placement hold one back, so two
 * literals never wait for each other.
 */
function besideWhatMoves(literals: readonly Literal[]): Set<Literal> {
  const moving = new Set<string>();
  for (const l of literals) if (l.positive && PLACEMENT_PREDICATES.has(l.pred) && !BESIDE.has(l.pred)) moving.add(l.args[0]!);
  const waiting = new Set<Literal>();
  if (moving.size === 0) return waiting;
  for (const l of literals) if (l.positive && BESIDE.has(l.pred) && moving.has(l.args[1]!)) waiting.add(l);
  return waiting;
}

/** After this many times lifting an object it had put somewhere itself, moving it again costs {@link MOVES_AGAIN}. */
const RELIFTS_TO_AVOID = 2;
/** Cost of moving an object carried to and fro already: any other member of a `forn` first, even an unseen one. */
const MOVES_AGAIN = 20;

/** States the agent changes on the object it holds, with no tool (fold, unfold). */
const IN_HAND_STATES: ReadonlySet<string> = new Set(["folded"]);

/** States whose undoing (closing, switching off) waits until no placement still needs the object. */
const WAITS_FOR_PLACEMENTS: ReadonlySet<string> = new Set(["open", "toggled_on"]);

/** Steps without progress after which the explorer calls `done()` (the oracle's default is 60). */
const DEFAULT_MAX_STALL_STEPS = 100;

/** Default share of the episode's step budget the explorer spends searching (see the stopping rule). */
const DEFAULT_SEARCH_SHARE = 0.3;

function putDownKey(held: string, target: string): string {
  return `put-down:${held}:${target}`;
}

export default ExplorerAgent;
