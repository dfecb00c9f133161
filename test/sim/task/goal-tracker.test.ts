import { describe, expect, it } from "vitest";
import type { Agent } from "../../../harness/agent.ts";
import { OracleAgent } from "../../../agents/oracle/oracle-agent.ts";
import { RandomAgent } from "../../../agents/random-agent.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { GoalTracker } from "../../../sim/task/goal-tracker.ts";

/** Each condition's tracked state against a full evaluation of it now; the indices where they differ. */
function disagreements(tracker: GoalTracker): number[] {
  return tracker.conditions.flatMap((c, i) => (tracker.conditionHolds(i) === tracker.evaluate(c.expr) ? [] : [i]));
}

describe("GoalTracker.conditionHolds (what the oracle reads instead of evaluating every condition each act)", () => {
  it("equals a full evaluation of the condition after every step of the oracle's and random episodes over the default suite", () => {
    const { jobs } = loadSuiteJobs("default");
    let checked = 0;
    let flips = 0;
    for (const job of jobs) {
      const agents: Agent[] = [new OracleAgent(), new RandomAgent({ doneProbability: 0 })];
      for (const agent of agents) {
        const seed = job.seed;
        const env = new RearrangeEnv({ scene: job.scene.scene, task: job.task, seed, maxSteps: 60 });
        const { observation } = env.reset(seed);
        agent.reset({ id: job.id, seed } as never, observation, { world: env.world, task: { problem: job.task.problem, binding: env.tracker.binding, tracker: env.tracker } } as never);
        expect(disagreements(env.tracker)).toEqual([]);
        let obs = observation;
        let before = env.tracker.satisfied().join(",");
        for (let t = 0; t < 60; t++) {
          const step = env.step(agent.act(obs) as never);
          expect(disagreements(env.tracker), `${agent.name} on ${job.id}, step ${t + 1}`).toEqual([]);
          checked++;
          const now = env.tracker.satisfied().join(",");
          if (now !== before) flips++;
          before = now;
          obs = step.observation;
          if (step.terminated || step.truncated) break;
        }
      }
    }
    // the episodes changed conditions' states often enough for the comparison to mean something
    expect(checked).toBeGreaterThan(1000);
    expect(flips).toBeGreaterThan(40);
  });
});
