/**
 * The oracle keeps the ids it has observed from each observation's `newlyObserved` and reads `objects` only
 * for an observation out of turn; it never reads `updates` (their snapshots are made only when read, and the
 * oracle reads the world instead). Over real episodes — generated houses of a thousand objects (house-tasks.ts)
 * and the default suite — its set of observed ids equals the ids of `objects` after every step (all it
 * reads of the set is membership and size, so the same set means the same actions as when it made the set
 * from `objects`). It is handed observations whose `objects`, `updates` and `text` throw; in some episodes the test answers a
 * step itself now and then, so the oracle's next observation comes out of turn and is handed whole.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OracleAgent } from "../../../agents/oracle/oracle-agent.ts";
import type { Action } from "../../../sim/actions.ts";
import type { Observation } from "../../../sim/observation.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { guarded, houseTasks } from "../house-tasks.ts";

interface Tally {
  episodes: number;
  steps: number;
  outOfTurn: number;
  grew: number;
}

/** What the oracle must not read of an observation that comes in turn. */
const HIDDEN = ["objects", "updates", "text"] as const;

/** The oracle's set of observed ids (private). */
const observedOf = (a: OracleAgent) => (a as unknown as { episode: { observed: ReadonlySet<string> } }).episode.observed;

/** Runs one episode; with `answerEvery`, the test answers every so many steps itself (walking into the agent's room). */
function episode(scene: SceneFile, task: LoadedTask, seed: number, maxSteps: number, answerEvery: number | null, tally: Tally): void {
  const env = new RearrangeEnv({ scene, task, seed, maxSteps });
  const { observation, info } = env.reset(seed);
  const agent = new OracleAgent();
  agent.reset({ id: task.task.id, instruction: "", seed }, guarded(observation, HIDDEN), {
    conditions: info.conditions,
    task: { problem: task.problem, binding: env.tracker.binding, tracker: env.tracker },
    world: env.world,
  });
  let obs = observation;
  let skipped = false;
  for (let t = 0; ; t++) {
    let action: Action;
    if (answerEvery !== null && t % answerEvery === answerEvery - 1) {
      action = { type: "navigate", target: obs.agent.room };
      skipped = true;
    } else {
      const before = observedOf(agent).size;
      // after a step it did not see, the oracle must read objects: handed whole
      action = agent.act(skipped ? guarded(obs, ["updates", "text"]) : guarded(obs, HIDDEN));
      if (skipped) tally.outOfTurn++;
      skipped = false;
      if (observedOf(agent).size > before) tally.grew++;
      expect(new Set(observedOf(agent)), `${task.task.id} seed ${seed} step ${t}`).toEqual(new Set(Object.keys(obs.objects)));
    }
    tally.steps++;
    const r = env.step(action);
    obs = r.observation;
    if (r.terminated || r.truncated) break;
  }
  tally.episodes++;
}

describe("the oracle's observed ids", () => {
  it("are the ids of objects after every step, in 1,000-object houses", () => {
    const tally: Tally = { episodes: 0, steps: 0, outOfTurn: 0, grew: 0 };
    const houses = [generateHouse(1000, 7), generateHouse(1000, 31)];
    fc.assert(
      fc.property(fc.nat({ max: houses.length - 1 }), fc.nat({ max: 3 }), fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(null, 5), (h, k, seed, answerEvery) => {
        const house = houses[h]!;
        episode(house.scene, houseTasks(house)[k]!, seed, 200, answerEvery, tally);
      }),
      { numRuns: 10, examples: [[0, 0, 11, null], [0, 1, 12, 5], [0, 2, 13, null], [1, 3, 14, 5]] },
    );
    expect(tally.episodes).toBe(10);
    expect(tally.outOfTurn).toBeGreaterThan(0);
    expect(tally.grew).toBeGreaterThan(20);
  });

  it("are the ids of objects after every step on the default suite", () => {
    const tally: Tally = { episodes: 0, steps: 0, outOfTurn: 0, grew: 0 };
    const { jobs } = loadSuiteJobs("default");
    fc.assert(
      fc.property(fc.nat({ max: jobs.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(null, 3), (i, seed, answerEvery) => {
        const job = jobs[i]!;
        episode(job.scene.scene, job.task, seed, job.maxSteps, answerEvery, tally);
      }),
      { numRuns: 10 },
    );
    expect(tally.episodes).toBe(10);
  });
});
