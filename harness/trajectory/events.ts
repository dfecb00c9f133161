import type { Action, ErrorCategory, Feedback } from "../../sim/actions.ts";

/**
 * The run's event stream (Playwright's reporter model): runner → events → reporters.
 * A trajectory file is the episode's events written down, one JSON object a line;
 * replay and rescore read them back and send them through the same reporters.
 */
export const TRAJECTORY_SCHEMA_VERSION = 1;

/** A goal condition as counted by SPEC §5, with the object constants it names. */
export interface ConditionInfo {
  /** BDDL text of the condition after expansion (`(inside apple.n.01_1 fridge.n.01_1)`). */
  text: string;
  /** Scene object ids whose observation makes the condition observed. */
  objects: string[];
}

/** Line 1 of a trajectory: everything needed to replay. */
export interface EpisodeHeader {
  type: "episode";
  schemaVersion: number;
  harnessVersion: string;
  runId: string;
  episodeId: string;
  /** Repeat index when `--repeat K` > 1 (0-based); 0 otherwise. */
  repeat: number;
  suite: string;
  scene: { id: string; path: string; hash: string };
  task: { id: string; path: string; hash: string };
  instruction: string;
  seed: number;
  maxSteps: number;
  agent: { name: string; version: string };
  conditions: ConditionInfo[];
  /** Condition indices that already hold before the first action. */
  initiallySatisfied: number[];
  /** Objects observed before the first action. */
  initiallyObserved: string[];
  config: Record<string, unknown>;
  ts: string;
}

/** One action and what it did. */
export interface StepEvent {
  type: "step";
  t: number;
  action: Action | { type: "invalid"; raw: unknown };
  feedback: Feedback;
  /** Indices of goal conditions that hold after this step. */
  satisfied: number[];
  /** Objects first observed by this step. */
  observed: string[];
  agent: { room: string; position: { x: number; y: number }; holding: string | null };
  /** Distance walked by this step, metres. */
  distance: number;
  /** Digest of the objects this step changed (`id → short hash`), for replay verification. */
  changed: Record<string, string>;
  /** Extra agent-reported data (token usage, …). */
  info?: Record<string, unknown>;
  ts?: string;
}

export type EndReason = "done" | "budget" | "agent_error" | "timeout" | "stuck";

/** Per-episode metrics (one results row). */
export interface EpisodeMetrics {
  SR: number;
  TTC: number;
  TP: number;
  rTP: number;
  rTPSeedFormula: number;
  steps: number;
  stepsAfterCompletion: number;
  prematureDone: number;
  doneCalled: boolean;
  pathLength: number;
  conditions: { total: number; satisfied: number; observed: number };
  actionErrors: Partial<Record<ErrorCategory, number>>;
  /** Summed language-model usage of the episode (from steps' `info.llm`), null when none was reported. */
  usage?: Record<string, number> | null;
  [extra: string]: unknown;
}

/** Last line of a trajectory. */
export interface EndEvent {
  type: "end";
  reason: EndReason;
  error: { category: string; message: string } | null;
  metrics: EpisodeMetrics;
  /**
   * What the agent reported (its `lastStepInfo`) for an `act` that failed, and so made no step: the token usage
   * of the calls it made before throwing. Absent when there is none. Measures read it as steps' `info`.
   */
  info?: Record<string, unknown>;
  ts?: string;
}

export type TrajectoryLine = EpisodeHeader | StepEvent | EndEvent;
