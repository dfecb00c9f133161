/**
 * Whether the privileged oracle solves a generated task in its scene: the importer keeps only tasks it
 * does, so an imported suite never holds an episode no agent can finish (a surface covered by fixed
 * things, an object no one can reach). Runs one episode in memory with the step budget of the suite.
 */
import { OracleAgent } from "../../../../agents/oracle/oracle-agent.ts";
import { parseProblem } from "../../../../sim/bddl/parser.ts";
import { RearrangeEnv } from "../../../../sim/env.ts";
import type { SceneFile } from "../../../../sim/scene/schema.ts";
import { contentHash } from "../../../../sim/scene/load.ts";
import type { LoadedTask } from "../../../../sim/task/load.ts";
import { TaskSchema } from "../../../../sim/task/schema.ts";

/** True when the oracle reaches the task's goal within `maxSteps` (a task that throws counts as unsolved). */
export function oracleSolves(scene: SceneFile, taskFile: Record<string, unknown>, maxSteps = 60): boolean {
  let env: RearrangeEnv | null = null;
  try {
    const task = TaskSchema.parse(taskFile);
    const loaded: LoadedTask = { path: `${task.id}.task.json`, hash: contentHash(JSON.stringify(taskFile)), task, problem: parseProblem(task.bddl!, `${task.id} ($.bddl)`) };
    env = new RearrangeEnv({ scene, scenePath: `${scene.id}.scene.json`, task: loaded, seed: 0, maxSteps });
    let { observation } = env.reset(0);
    const agent = new OracleAgent({});
    agent.reset({ id: task.id, instruction: task.instruction, seed: 0 }, observation, {
      conditions: env.tracker.conditions.map((c) => c.text),
      task: { problem: loaded.problem, binding: env.tracker.binding, tracker: env.tracker },
      world: env.world,
    });
    for (;;) {
      const r = env.step(agent.act(observation));
      observation = r.observation;
      if (r.terminated) return r.info.allHold === true;
      if (r.truncated) return false;
    }
  } catch {
    return false;
  } finally {
    env?.release();
  }
}
