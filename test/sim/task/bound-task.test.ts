import { describe, expect, it } from "vitest";
import { OracleAgent } from "../../../agents/oracle/oracle-agent.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { boundTask } from "../../../sim/task/bound-task.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";

describe("boundTask (a task's binding and compiled goal, kept per world and task)", () => {
  it("gives one binding and goal per world and task: again for the same pair, anew for another world or task", () => {
    const { jobs } = loadSuiteJobs("default");
    const [a, b] = [jobs[0]!, jobs.find((j) => j.scene.scene === jobs[0]!.scene.scene && j.task !== jobs[0]!.task)!];
    const world = loadWorld(a.scene.scene, a.scene.path);
    const first = boundTask(world, a.task);
    expect(boundTask(world, a.task)).toBe(first);
    expect(boundTask(world, b.task)).not.toBe(first);
    expect(boundTask(loadWorld(a.scene.scene, a.scene.path), a.task)).not.toBe(first);
  });

  it("a pooled world's later episodes start from the same state as a fresh world's, after episodes that changed it", () => {
    const { jobs } = loadSuiteJobs("default");
    const pool = new WorldPool();
    for (const job of jobs.slice(0, 12)) {
      for (let round = 0; round < 2; round++) {
        // the oracle moves things and meets conditions; the next reset must not see any of it
        const env = new RearrangeEnv({ scene: job.scene.scene, task: job.task, seed: job.seed, maxSteps: 40, worlds: pool });
        const fresh = new RearrangeEnv({ scene: job.scene.scene, task: job.task, seed: job.seed, maxSteps: 40 });
        const pooled = env.reset(job.seed);
        const loaded = fresh.reset(job.seed);
        expect(pooled.info).toEqual(loaded.info);
        expect(env.tracker.conditions.map((c) => c.text)).toEqual(fresh.tracker.conditions.map((c) => c.text));
        const agent = new OracleAgent();
        agent.reset({} as never, pooled.observation, { world: env.world, task: { problem: job.task.problem, binding: env.tracker.binding, tracker: env.tracker } } as never);
        let obs = pooled.observation;
        for (let t = 0; t < 40; t++) {
          const step = env.step(agent.act(obs));
          obs = step.observation;
          if (step.terminated || step.truncated) break;
        }
        env.release();
      }
    }
  });
});
