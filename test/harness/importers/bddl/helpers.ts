/** Shared fixtures for the BDDL importer tests: the shared data folders and scratch output folders. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OracleAgent } from "../../../../agents/oracle/oracle-agent.ts";
import type { Agent } from "../../../../harness/agent.ts";
import { importBddl } from "../../../../harness/importers/bddl/index.ts";
import type { ImportSummary } from "../../../../harness/importers/index.ts";
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

/**
 * Writes each activity text as `<name>/problem0.bddl` in a fresh folder and starts importing them, `seeds` houses
 * each, into another: the output folder, the import under way, and the imported suite's episodes once it is done.
 */
export function importActivities(
  activities: Readonly<Record<string, string>>,
  seeds: number,
  prefix = "bddl-inline-",
): { out: string; imported: Promise<ImportSummary>; episodes(): Promise<SuiteFile["episodes"]> } {
  const src = scratch(`${prefix}src-`);
  for (const [name, text] of Object.entries(activities)) {
    mkdirSync(path.join(src, name));
    writeFileSync(path.join(src, name, "problem0.bddl"), text);
  }
  const out = scratch(prefix);
  const imported = importBddl(src, { out, seeds });
  const episodes = async () => {
    await imported;
    return readSuite(path.join(out, `${path.basename(out)}.suite.json`)).episodes;
  };
  return { out, imported, episodes };
}

export function readSuite(file: string): SuiteFile {
  return SuiteSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function readScene(file: string): SceneFile {
  return SceneSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * Runs one imported episode with the oracle (or `agent`, handed the same view: the explorer reads only the task
 * from it); `success` = every goal condition held when it called done(); `taken`: its actions, in order.
 */
export function solveWithOracle(
  out: string,
  episode: { scene: string; task: string; seed: number; maxSteps: number },
  agent: Agent = new OracleAgent({}),
): { success: boolean; steps: number; actions: string[]; taken: Action[] } {
  const scene = readScene(path.join(out, episode.scene));
  const task = loadTaskFile(path.join(out, episode.task));
  const env = new RearrangeEnv({ scene, task, seed: episode.seed, maxSteps: episode.maxSteps });
  let { observation } = env.reset(episode.seed);
  agent.reset({ id: task.task.id, instruction: task.task.instruction }, observation, {
    conditions: env.tracker.conditions.map((c) => c.text),
    task: { problem: task.problem, binding: env.tracker.binding, tracker: env.tracker },
    world: env.world,
  });
  const taken: Action[] = [];
  const actions: string[] = [];
  for (;;) {
    const action = agent.act(observation) as Action;
    taken.push(action);
    actions.push(action.type);
    const r = env.step(action);
    observation = r.observation;
    if (r.terminated) return { success: r.info.allHold, steps: r.info.t, actions, taken };
    if (r.truncated) return { success: false, steps: r.info.t, actions, taken };
  }
}
