/**
 * End to end: imported BEHAVIOR activities that need tools and appliances (soaking, cleaning stains,
 * cooking, freezing, slicing) are solved by the oracle in their sampled houses.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OracleAgent } from "../../../../agents/oracle/oracle-agent.ts";
import { importBddl } from "../../../../harness/importers/bddl/index.ts";
import { RearrangeEnv } from "../../../../sim/env.ts";
import { loadTaskFile } from "../../../../sim/task/load.ts";
import { B100, B1K, HAVE_DATA, NO_DATA_MESSAGE, readScene, readSuite, scratch } from "./helpers.ts";

/** Runs one episode with the oracle; returns whether every goal condition held when it called done(). */
function solve(out: string, episode: { scene: string; task: string; seed: number; maxSteps: number }): { success: boolean; steps: number; actions: string[] } {
  const scene = readScene(path.join(out, episode.scene));
  const task = loadTaskFile(path.join(out, episode.task));
  const env = new RearrangeEnv({ scene, task, seed: episode.seed, maxSteps: episode.maxSteps });
  let { observation } = env.reset(episode.seed);
  const agent = new OracleAgent({});
  agent.reset({ id: task.task.id, instruction: task.task.instruction }, observation, {
    conditions: env.tracker.conditions.map((c) => c.text),
    task: { problem: task.problem, binding: env.tracker.binding, tracker: env.tracker },
    world: env.world,
  });
  const actions: string[] = [];
  for (;;) {
    const action = agent.act(observation);
    actions.push(action.type);
    const r = env.step(action);
    observation = r.observation;
    if (r.terminated) return { success: r.info.allHold, steps: r.info.t, actions };
    if (r.truncated) return { success: false, steps: r.info.t, actions };
  }
}

const STATEFUL = ["cleaning_bathrooms", "cleaning_windows", "preserving_food", "watering_houseplants", "defrosting_freezer", "cleaning_floors"];

describe.skipIf(!HAVE_DATA)("the oracle on imported activities", () => {
  if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);

  for (const seed of [0, 3]) {
    it(`solves activities that need tools and appliances (seed ${seed})`, async () => {
      const out = scratch();
      await importBddl(B100, { out, seed });
      const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
      const used = new Set<string>();
      for (const activity of STATEFUL) {
        const episode = suite.episodes.find((e) => e.id.startsWith(`${activity}_0`))!;
        const result = solve(out, episode);
        expect(result.success, `${activity} (${result.steps} steps)`).toBe(true);
        result.actions.forEach((a) => used.add(a));
      }
      expect([...used]).toEqual(expect.arrayContaining(["clean", "soak", "cook", "freeze", "slice", "toggle_on"]));
    });
  }

  it("solves the BEHAVIOR-1K activities (outdoor rooms, wildcards, forn, touching)", async () => {
    const out = scratch();
    await importBddl(B1K, { out });
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    const failed = suite.episodes.filter((e) => !solve(out, e).success).map((e) => e.id);
    expect(failed).toEqual([]);
  });
});
