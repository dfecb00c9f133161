/** Shared fixtures for the BDDL importer tests: the shared data folders and scratch output folders. */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OracleAgent } from "../../../../agents/oracle/oracle-agent.ts";
import type { Agent } from "../../../../harness/agent.ts";
import type { Action } from "../../../../sim/actions.ts";
import { RearrangeEnv } from "../../../../sim/env.ts";
import { SceneSchema, type SceneFile } from "../../../../sim/scene/schema.ts";
import { loadTaskFile } from "../../../../sim/task/load.ts";
import { SuiteSchema, type SuiteFile } from "../../../../harness/suite/schema.ts";

export const DATA_DIR = path.resolve(import.meta.dirname, "../../../../../shared/data");
export const B100 = path.join(DATA_DIR, "behavior100");
export const B1K = path.join(DATA_DIR, "behavior1k");
export const HAVE_DATA = existsSync(B100) && existsSync(B1K);
export const NO_DATA_MESSAGE = `BEHAVIOR data absent at ${DATA_DIR}: skipping the import tests on the shared activities`;

/** A fresh empty folder under the system temp folder. */
export function scratch(prefix = "bddl-import-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function readSuite(file: string): SuiteFile {
  return SuiteSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function readScene(file: string): SceneFile {
  return SceneSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * Runs one imported episode with the oracle (or `agent`, handed the same view: the explorer reads only the task
 * from it); `success` = every goal condition held when it called done().
 */
export function solveWithOracle(
  out: string,
  episode: { scene: string; task: string; seed: number; maxSteps: number },
  agent: Agent = new OracleAgent({}),
): { success: boolean; steps: number; actions: string[] } {
  const scene = readScene(path.join(out, episode.scene));
  const task = loadTaskFile(path.join(out, episode.task));
  const env = new RearrangeEnv({ scene, task, seed: episode.seed, maxSteps: episode.maxSteps });
  let { observation } = env.reset(episode.seed);
  agent.reset({ id: task.task.id, instruction: task.task.instruction }, observation, {
    conditions: env.tracker.conditions.map((c) => c.text),
    task: { problem: task.problem, binding: env.tracker.binding, tracker: env.tracker },
    world: env.world,
  });
  const actions: string[] = [];
  for (;;) {
    const action = agent.act(observation) as Action;
    actions.push(action.type);
    const r = env.step(action);
    observation = r.observation;
    if (r.terminated) return { success: r.info.allHold, steps: r.info.t, actions };
    if (r.truncated) return { success: false, steps: r.info.t, actions };
  }
}
