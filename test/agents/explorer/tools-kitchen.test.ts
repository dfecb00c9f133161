/**
 * The explorer in the state-rule kitchen (test/sim/states/fixture.ts), end to end through the environment:
 * it fetches a rag (wetting it at the sink) to clean a stained, dusty plate, a knife to slice an apple,
 * carries food to the stove and the fridge and switches the stove on — from its observations only.
 */
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import type { Action, Feedback } from "../../../sim/actions.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { SceneSchema, type SceneInput } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { kitchenInput } from "../../sim/states/fixture.ts";

/** A task over the kitchen: `objects` maps BDDL instances to scene ids. */
function kitchenTask(id: string, objects: Record<string, string>, goal: string): LoadedTask {
  const decl = Object.keys(objects)
    .map((inst) => `${inst} - ${inst.replace(/_\d+$/, "")}`)
    .join("\n    ");
  const bddl = `(define (problem ${id})\n  (:domain omnigibson)\n  (:objects\n    ${decl}\n    agent.n.01_1 - agent.n.01)\n  (:init)\n  (:goal ${goal}))\n`;
  const bindings = { ...objects, "agent.n.01_1": "agent" };
  return { path: `${id}.task.json`, hash: id, task: { schemaVersion: 1, id, instruction: id, bddl, bindings, tags: [] }, problem: parseProblem(bddl, `${id}.task.json ($.bddl)`) };
}

/** Runs the explorer (goal-privileged, as the runner hands it) through one episode. */
function runExplorer(edit: (s: SceneInput) => void, t: LoadedTask, maxSteps = 80) {
  const input = kitchenInput();
  edit(input);
  const env = new RearrangeEnv({ scene: SceneSchema.parse(input), task: t, seed: 1, maxSteps });
  let { observation } = env.reset(1);
  const agent = new ExplorerAgent();
  agent.reset({ id: t.task.id, instruction: t.task.instruction, seed: 1 }, observation, { conditions: [], task: { problem: t.problem, binding: env.tracker.binding } });
  const steps: { action: Action; feedback: Feedback; allHold: boolean }[] = [];
  for (;;) {
    const action = agent.act(observation);
    const r = env.step(action);
    steps.push({ action, feedback: r.info.feedback, allHold: r.info.allHold });
    observation = r.observation;
    if (r.terminated || r.truncated) return { steps, success: r.terminated && r.info.allHold, transcript: steps.map((s, i) => `${i + 1}. ${JSON.stringify(s.action)} → ${s.feedback.ok ? "ok" : s.feedback.message}`).join("\n") };
  }
}

const without = (...ids: string[]) => (s: SceneInput) => {
  s.objects = s.objects.filter((o) => !ids.includes(o.id));
};
const has = (steps: { action: Action }[], match: Partial<Action>) =>
  steps.some((s) => Object.entries(match).every(([k, v]) => (s.action as unknown as Record<string, unknown>)[k] === v));

describe("the explorer with tools and appliances, in the kitchen", () => {
  it("fetches the rag, wets it at the sink it switches on, and cleans the plate of dust and stains", () => {
    const t = kitchenTask("clean-plate", { "plate.n.04_1": "plate_1" }, "(and (not (dusty ?plate.n.04_1)) (not (stained ?plate.n.04_1)))");
    // the rag is the only cleaning thing left in the kitchen
    const run = runExplorer(without("soap_1", "towel_1", "broom_1"), t);
    expect(run.success, run.transcript).toBe(true);
    for (const step of [{ type: "pick", object: "rag_1" }, { type: "toggle_on", object: "sink_1" }, { type: "soak", object: "rag_1" }, { type: "clean", object: "plate_1", tool: "rag_1" }] as const) {
      expect(has(run.steps, step), `${JSON.stringify(step)}\n${run.transcript}`).toBe(true);
    }
    // it never tries to clean empty-handed
    expect(run.steps.filter((s) => !s.feedback.ok && s.action.type === "clean"), run.transcript).toEqual([]);
  });

  it("cleans the plate with what the full kitchen offers", () => {
    const t = kitchenTask("clean-plate-full", { "plate.n.04_1": "plate_1" }, "(and (not (dusty ?plate.n.04_1)) (not (stained ?plate.n.04_1)))");
    const run = runExplorer(() => {}, t);
    expect(run.success, run.transcript).toBe(true);
  });

  it("fetches the knife to slice the apple", () => {
    const t = kitchenTask("slice-apple", { "apple.n.01_1": "apple_1" }, "(sliced ?apple.n.01_1)");
    const run = runExplorer(() => {}, t);
    expect(run.success, run.transcript).toBe(true);
    expect(has(run.steps, { type: "pick", object: "knife_1" }), run.transcript).toBe(true);
    expect(run.steps.filter((s) => !s.feedback.ok), run.transcript).toEqual([]);
  });

  it("cooks the egg in the pan on the stove it switches on, and carries the apple into the fridge to freeze it", () => {
    const t = kitchenTask(
      "cook-freeze",
      { "egg.n.02_1": "egg_1", "apple.n.01_1": "apple_1" },
      "(and (cooked ?egg.n.02_1) (frozen ?apple.n.01_1))",
    );
    const run = runExplorer(() => {}, t);
    expect(run.success, run.transcript).toBe(true);
    for (const step of [{ type: "toggle_on", object: "stove_1" }, { type: "cook", object: "egg_1" }, { type: "place", object: "apple_1", target: "fridge_1" }, { type: "freeze", object: "apple_1" }] as const) {
      expect(has(run.steps, step), `${JSON.stringify(step)}\n${run.transcript}`).toBe(true);
    }
  });

  it("cooks, then slices, then puts the apple where the goal wants it", () => {
    const t = kitchenTask(
      "cook-slice-place",
      { "apple.n.01_1": "apple_1", "pan.n.01_1": "pan_1" },
      "(and (cooked ?apple.n.01_1) (sliced ?apple.n.01_1) (inside ?apple.n.01_1 ?pan.n.01_1))",
    );
    const run = runExplorer(() => {}, t);
    expect(run.success, run.transcript).toBe(true);
  });
});
