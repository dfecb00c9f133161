import type { Action } from "../sim/actions.ts";
import type { Observation } from "../sim/observation.ts";
import type {
  FunGraph,
  FunGraphQuery,
  GroundingAnswer,
  GroundingQuestion,
  MisplacementQuery,
  PlacementQuery,
} from "./probes/types.ts";

/** What an agent is told about its task: never the goal conditions. */
export interface TaskView {
  id: string;
  instruction: string;
  /** The episode's seed, for agents that make random choices (so runs repeat exactly). */
  seed?: number;
}

/**
 * Privileged information, offered only to agents that declare `privileged = "goal"` (the explorer
 * baseline: knows the goal, not where things are) or `privileged = "full"` (the oracle: goal and state).
 * Evaluation of ordinary agents never passes it.
 */
export interface PrivilegedView {
  /** BDDL goal conditions as text, one per counted condition. */
  conditions: string[];
  /** The parsed task (objects, goal) and how its instances bind to scene object ids. */
  task: unknown;
  /** Present for `privileged = "full"` only: the live simulator world. */
  world?: unknown;
}

/** The agent interface (SPEC §6). */
export interface Agent {
  readonly name: string;
  readonly version?: string;
  /** Declares privileged access; ordinary agents leave it undefined. */
  readonly privileged?: "goal" | "full";
  /**
   * For `privileged = "full"`: true when the agent stops reading the live world it was given once its episode
   * has ended (it replaces it at its next `reset`). A run's lane may then restore that world and give it to a
   * later episode of the same scene instead of loading the scene again (an oracle run of the default suite
   * takes ~20 % less time). Left undefined, an agent given the live world gets a world of its own every
   * episode, as it may keep and read the old one.
   */
  readonly releasesWorld?: boolean;
  reset(task: TaskView, obs: Observation, privileged?: PrivilegedView): void | Promise<void>;
  act(obs: Observation): Action | Promise<Action>;
  /**
   * Called when the runner gave up waiting for the agent's `reset` or `act` (`--step-timeout`): the episode
   * has ended as `timeout`, and the agent should stop the work still in flight (a `cmd:` agent's process is
   * stopped). The next call is the next episode's `reset`, or `close`.
   */
  cancel?(): void | Promise<void>;
  close?(): void | Promise<void>;
  rankPlacements?(q: PlacementQuery): string[] | Promise<string[]>;
  detectMisplaced?(q: MisplacementQuery): string[] | Promise<string[]>;
  buildFunctionalGraph?(q: FunGraphQuery): FunGraph | Promise<FunGraph>;
  answer?(q: GroundingQuestion): GroundingAnswer | Promise<GroundingAnswer>;
}

/** Options handed to an agent's constructor or factory (`--agent-opt key=value`, or a JSON/YAML file). */
export type AgentOptions = Record<string, unknown>;

/** An agent module's default export: a class or a factory. */
export type AgentConstructor = new (options: AgentOptions) => Agent;
export type AgentFactory = (options: AgentOptions) => Agent | Promise<Agent>;
