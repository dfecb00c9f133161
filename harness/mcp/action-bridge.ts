import type { Action, Feedback } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import type { Agent, TaskView } from "../agent.ts";
import type { ResultsFile } from "../metrics/results-schema.ts";
import type { Reporter } from "../runner/run-events.ts";
import type { EndEvent, StepEvent } from "../trajectory/events.ts";

/** What a tool call learns after submitting an action. */
export type StepOutcome =
  | { kind: "observation"; feedback: Feedback; observation: Observation }
  | { kind: "ended"; feedback: Feedback | null; end: EndEvent; results: ResultsFile | null };

/** A protocol problem the tool reports as an error (not a simulator failure). */
export class BridgeError extends Error {}

/**
 * Couples the episode runner (which calls `agent.act(obs)` and waits) with tool calls from an MCP client
 * (which submit one action and wait for its outcome). The runner side is {@link BridgeAgent}; the episode
 * end arrives through the bridge's reporter hooks, so the trajectory and results are written by the usual
 * writers before the client hears about it.
 */
export class ActionBridge {
  /** The latest observation (null before the episode starts). */
  latest: Observation | null = null;
  task: TaskView | null = null;
  private actionWaiter: ((a: Action) => void) | null = null;
  private actionFailer: ((e: Error) => void) | null = null;
  private outcomeWaiter: ((o: StepOutcome) => void) | null = null;
  private last: StepEvent | null = null;
  private ended: { end: EndEvent; results: ResultsFile | null } | null = null;
  private readyResolve!: () => void;
  /** Resolves once the runner waits for the first action. */
  readonly ready: Promise<void> = new Promise((r) => (this.readyResolve = r));

  /** True once the episode is over. */
  get finished(): boolean {
    return this.ended !== null;
  }

  /** The last step the simulator took (null before the first). */
  get lastStep(): StepEvent | null {
    return this.last;
  }

  /** The end of the episode, once it is over. */
  get outcome(): { end: EndEvent; results: ResultsFile | null } | null {
    return this.ended;
  }

  /** Runner side: an observation arrives and the runner waits for the next action. */
  awaitAction(obs: Observation): Promise<Action> {
    this.latest = obs;
    const waiting = this.outcomeWaiter;
    this.outcomeWaiter = null;
    if (waiting && this.last) waiting({ kind: "observation", feedback: this.last.feedback, observation: obs });
    const next = new Promise<Action>((resolve, reject) => {
      this.actionWaiter = resolve;
      this.actionFailer = reject;
    });
    this.readyResolve();
    return next;
  }

  /**
   * Tool side: submits an action and waits for the simulator's answer (the next observation, or the end).
   * @throws BridgeError when the episode is over or another action is still being carried out
   */
  async submit(action: Action): Promise<StepOutcome> {
    await this.ready;
    if (this.ended) throw new BridgeError("the episode is over; no more actions are accepted");
    if (this.outcomeWaiter || !this.actionWaiter) throw new BridgeError("another action is still being carried out; wait for its result");
    const give = this.actionWaiter;
    this.actionWaiter = null;
    this.actionFailer = null;
    const outcome = new Promise<StepOutcome>((resolve) => (this.outcomeWaiter = resolve));
    give(action);
    return outcome;
  }

  /** Ends a waiting `act()` with an error (the client went away): the episode ends with an agent error. */
  abandon(reason: string): void {
    this.actionFailer?.(new Error(reason));
    this.actionWaiter = null;
    this.actionFailer = null;
  }

  /** Called when the run is complete (results written). */
  finish(results: ResultsFile | null): void {
    if (this.ended) this.ended.results = results;
    const waiting = this.outcomeWaiter;
    this.outcomeWaiter = null;
    if (waiting && this.ended) waiting({ kind: "ended", feedback: this.last?.feedback ?? null, end: this.ended.end, results });
  }

  /** Reporter hooks: remember each step's feedback and the episode's end. */
  reporter(): Reporter {
    return {
      onStep: (_key, step) => {
        this.last = step;
      },
      onEpisodeEnd: (_key, _header, end) => {
        this.ended = { end, results: null };
      },
    };
  }
}

/** The agent the runner drives: it hands each observation to the bridge and waits for a tool call's action. */
export class BridgeAgent implements Agent {
  readonly version = "1";
  constructor(
    readonly name: string,
    private readonly bridge: ActionBridge,
  ) {}

  reset(task: TaskView, obs: Observation): void {
    this.bridge.task = task;
    this.bridge.latest = obs;
  }

  act(obs: Observation): Promise<Action> {
    return this.bridge.awaitAction(obs);
  }
}
