/**
 * The library behind the `rearrange` CLI: every command calls one of these.
 */
export type { Agent, AgentOptions, AgentConstructor, AgentFactory, TaskView, PrivilegedView } from "./agent.ts";
export type { Action, ActionType, Feedback, ErrorCategory, Relation } from "../sim/actions.ts";
export { ActionSchema, ActionSchemas, ERROR_CATEGORIES, formatAction } from "../sim/actions.ts";
export { parseAction, parseActionText } from "../sim/action-text.ts";
export type { Observation, ObservedObject, ObservedRoom } from "../sim/observation.ts";
export { RearrangeEnv, type StepResult, type StepInfo, type EnvOptions } from "../sim/env.ts";
export { loadSceneFile, parseScene } from "../sim/scene/load.ts";
export { SceneSchema, type SceneFile } from "../sim/scene/schema.ts";
export { loadTaskFile, type LoadedTask } from "../sim/task/load.ts";
export { TaskSchema, type TaskFile } from "../sim/task/schema.ts";
export { parseProblem } from "../sim/bddl/parser.ts";
export { loadWorld } from "../sim/world/load-world.ts";
export { World } from "../sim/world/world.ts";
export { Rng } from "../sim/rng.ts";
export { InputError, InputErrors } from "../sim/errors.ts";
export { loadSuite, listBundledSuites } from "./suite/load.ts";
export { SuiteSchema, type SuiteFile } from "./suite/schema.ts";
export { runSuite, type RunOptions } from "./runner/run-suite.ts";
export type { Reporter, RunEvent, RunInfo, RunConfig } from "./runner/run-events.ts";
export { loadAgent } from "./agents/load.ts";
export { registerAgent, listAgents } from "../agents/registry.ts";
export type * from "./trajectory/events.ts";
export * from "./metrics/index.ts";
export * from "./compare/index.ts";
export { readTrajectory, readRun } from "./trajectory/reader.ts";
export { orientedIoU } from "./probes/oriented-iou.ts";
export { ndcgAtK } from "./probes/ranking/ndcg.ts";
export { scoreRankingFiles } from "./probes/ranking/score.ts";
export { detectionMetrics } from "./probes/detection/metrics.ts";
export { scoreDetectionFiles } from "./probes/detection/score.ts";
export { scoreFunGraph } from "./probes/fungraph/score.ts";
export { scoreGroundingFiles } from "./probes/grounding/score.ts";
export { scoreProbeFiles } from "./probes/run/offline.ts";
export type * from "./probes/types.ts";
