/**
 * The explorer on BEHAVIOR-100 activities that need a tool or an appliance, imported as a user imports them:
 * cleaning with a rag or brush (wetted at a sink for stains), watering plants at a sink, cooking on the stove,
 * slicing with a knife and freezing in the fridge. Before it chose tools it cleaned empty-handed, was
 * refused, and called done() early on every one of them.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import { importBddl } from "../../../harness/importers/bddl/index.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";
import { B100, HAVE_DATA, NO_DATA_MESSAGE, readScene, readSuite, scratch } from "../../harness/importers/bddl/helpers.ts";

const ACTIVITIES = ["cleaning_floors", "cleaning_bathrooms", "polishing_shoes", "watering_houseplants", "preserving_food", "defrosting_freezer"];

const dir = scratch("explorer-b100-tools-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one imported episode with the explorer; `success` = every condition held when it called done(). */
function runExplorer(out: string, e: { scene: string; task: string; seed: number; maxSteps: number }): { success: boolean; steps: number; refusedCleans: number } {
  const scene = readScene(path.join(out, e.scene));
  const task = loadTaskFile(path.join(out, e.task));
  const env = new RearrangeEnv({ scene, task, seed: e.seed, maxSteps: e.maxSteps });
  let { observation } = env.reset(e.seed);
  const agent = new ExplorerAgent();
  agent.reset({ id: task.task.id, instruction: task.task.instruction, seed: e.seed }, observation, { conditions: [], task: { problem: task.problem, binding: env.tracker.binding } });
  let refusedCleans = 0;
  for (;;) {
    const action = agent.act(observation);
    const r = env.step(action);
    if (action.type === "clean" && !r.info.feedback.ok) refusedCleans++;
    observation = r.observation;
    if (r.terminated) return { success: r.info.allHold, steps: r.info.t, refusedCleans };
    if (r.truncated) return { success: false, steps: r.info.t, refusedCleans };
  }
}

describe.skipIf(!HAVE_DATA)("the explorer on BEHAVIOR-100 activities that need tools and appliances", () => {
  it("fetches the tool, brings the object to water, heat or cold, switches it on, and succeeds", { timeout: 300_000 }, async () => {
    const results: Record<string, { success: boolean; steps: number; refusedCleans: number }> = {};
    for (const activity of ACTIVITIES) {
      const out = path.join(dir, activity);
      await importBddl(path.join(B100, activity), { out, seeds: 1, seed: 0, instructions: path.join(B100, "instructions.json") });
      const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
      expect(suite.episodes.length, activity).toBe(1);
      results[activity] = runExplorer(out, suite.episodes[0]!);
    }
    const failed = Object.entries(results).filter(([, r]) => !r.success);
    expect(failed).toEqual([]);
    // it never cleans empty-handed or with the wrong tool
    for (const [activity, r] of Object.entries(results)) expect(r.refusedCleans, activity).toBe(0);
  });
});

if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);
