/** A small hand-built house, tasks written in BDDL, and a loop that runs the oracle in the environment. */
import type { Action, Feedback } from "../../../sim/actions.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { SceneSchema, type SceneFile, type SceneInput } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { OracleAgent } from "../../../agents/oracle/oracle-agent.ts";
import type { AgentOptions } from "../../../harness/agent.ts";
import type { Achiever } from "../../../agents/oracle/achievers/achiever.ts";
import type { SubpolicyRegistry } from "../../../sim/subpolicies/registry.ts";

type ObjectInput = SceneInput["objects"][number];

function obj(id: string, category: string, room: string, center: [number, number, number], size: [number, number, number], extra: Partial<ObjectInput> = {}): ObjectInput {
  return { id, category, room, box: { center, size, heading: 0 }, kind: "carryable", ...extra };
}

/**
 * Kitchen (0..5 × 0..5) with a closed fridge holding milk, a closed cabinet holding a cup, a counter with
 * three apples and a bowl; living room (5..10 × 0..5) with a table carrying a book and two baskets on the
 * floor; bedroom (0..5 × 5..9) with a bed, a switched-off floor lamp and a shoe. The agent starts in the
 * living room. Every z is exact: things rest on their supports (floors' tops at z = 0).
 */
export function houseInput(): SceneInput {
  const counterTop = 0.9;
  const tableTop = 0.75;
  return {
    schemaVersion: 1,
    id: "oracle-test-house",
    rooms: [
      { id: "kitchen", type: "kitchen", footprint: { min: { x: 0, y: 0 }, max: { x: 5, y: 5 } }, doors: [{ to: "living_room" }, { to: "bedroom" }] },
      { id: "living_room", type: "living_room", footprint: { min: { x: 5, y: 0 }, max: { x: 10, y: 5 } } },
      { id: "bedroom", type: "bedroom", footprint: { min: { x: 0, y: 5 }, max: { x: 5, y: 9 } } },
    ],
    objects: [
      obj("fridge_1", "electric_refrigerator.n.01", "kitchen", [0.6, 4.4, 0.9], [0.8, 0.75, 1.8], {
        kind: "fixed", shape: "container", abilities: ["container", "openable"], states: { open: false }, wall: 0.04,
      }),
      obj("milk_1", "milk.n.01", "kitchen", [0.6, 4.4, 0.04 + 0.1], [0.08, 0.08, 0.2]),
      obj("cabinet_1", "cabinet.n.01", "kitchen", [2.5, 4.6, 0.45], [1.0, 0.5, 0.9], {
        kind: "fixed", shape: "container", abilities: ["container", "openable"], states: { open: false },
      }),
      obj("cup_1", "cup.n.01", "kitchen", [2.5, 4.6, 0.02 + 0.05], [0.08, 0.08, 0.1]),
      obj("counter_1", "countertop.n.01", "kitchen", [3.5, 0.4, counterTop / 2], [2.0, 0.6, counterTop], { kind: "fixed" }),
      obj("apple_1", "apple.n.01", "kitchen", [2.8, 0.4, counterTop + 0.04], [0.08, 0.08, 0.08]),
      obj("apple_2", "apple.n.01", "kitchen", [3.2, 0.4, counterTop + 0.04], [0.08, 0.08, 0.08]),
      obj("apple_3", "apple.n.01", "kitchen", [3.6, 0.4, counterTop + 0.04], [0.08, 0.08, 0.08]),
      obj("bowl_1", "bowl.n.01", "kitchen", [4.2, 0.4, counterTop + 0.04], [0.16, 0.16, 0.08], { shape: "container", abilities: ["container"] }),
      obj("table_1", "table.n.02", "living_room", [7.5, 2.5, tableTop / 2], [1.2, 0.8, tableTop], { kind: "fixed", shape: "table" }),
      obj("book_1", "book.n.02", "living_room", [7.3, 2.5, tableTop + 0.02], [0.2, 0.15, 0.04]),
      obj("basket_1", "basket.n.01", "living_room", [6.0, 4.2, 0.125], [0.4, 0.3, 0.25], { shape: "container", abilities: ["container"] }),
      obj("basket_2", "basket.n.01", "living_room", [9.0, 4.2, 0.125], [0.4, 0.3, 0.25], { shape: "container", abilities: ["container"] }),
      obj("bed_1", "bed.n.01", "bedroom", [1.5, 7.5, 0.25], [2.0, 1.6, 0.5], { kind: "fixed" }),
      obj("floor_lamp_1", "floor_lamp.n.01", "bedroom", [4.5, 8.5, 0.75], [0.3, 0.3, 1.5], {
        kind: "fixed", abilities: ["toggleable"], states: { toggled_on: false },
      }),
      obj("shoe_1", "shoe.n.01", "bedroom", [3.0, 6.0, 0.05], [0.3, 0.12, 0.1]),
    ],
    agent: { room: "living_room", position: { x: 7.5, y: 1.0 } },
  };
}

/** The house as a validated scene file, after `edit` (to move or add objects for one test). */
export function house(edit: (s: SceneInput) => void = () => {}): SceneFile {
  const input = houseInput();
  edit(input);
  return SceneSchema.parse(input);
}

/** Every scene object id by its BDDL instance name: `apple_1` ↔ `apple.n.01_1`. */
const INSTANCES: Record<string, string> = {
  ...Object.fromEntries(houseInput().objects.map((o) => [`${o.category}_${o.id.split("_").pop()}`, o.id])),
  "floor.n.01_1": "floor_kitchen",
};

/**
 * A task over the house: `objects` are the instance names the BDDL declares (bound to the objects of the
 * same category and number), `goal` the body of `:goal`.
 */
export function task(id: string, objects: string[], goal: string, init = ""): LoadedTask {
  const byCategory = new Map<string, string[]>();
  for (const inst of objects) {
    const category = inst.replace(/_\d+$/, "");
    byCategory.set(category, [...(byCategory.get(category) ?? []), inst]);
  }
  const decl = [...byCategory].map(([c, list]) => `${list.join(" ")} - ${c}`).join("\n    ");
  const bddl = `(define (problem ${id})\n  (:domain omnigibson)\n  (:objects\n    ${decl}\n    agent.n.01_1 - agent.n.01)\n  (:init ${init})\n  (:goal ${goal}))\n`;
  const bindings: Record<string, string> = { "agent.n.01_1": "agent" };
  for (const inst of objects) {
    const target = INSTANCES[inst];
    if (!target) throw new Error(`fixture: no object for ${inst}`);
    bindings[inst] = target;
  }
  const file = `${id}.task.json`;
  return {
    path: file,
    hash: id,
    task: { schemaVersion: 1, id, instruction: id.replace(/-/g, " "), bddl, bindings, tags: [] },
    problem: parseProblem(bddl, `${file} ($.bddl)`),
  };
}

/** What happened in one run. */
export interface OracleRun {
  env: RearrangeEnv;
  agent: OracleAgent;
  steps: { action: Action; feedback: Feedback; allHold: boolean }[];
  terminated: boolean;
  truncated: boolean;
}

/** Runs the oracle through the environment the way the episode runner does (privileged = full). */
export function runOracle(
  scene: SceneFile,
  t: LoadedTask,
  opts: { maxSteps?: number; seed?: number; agentOptions?: AgentOptions; achievers?: Iterable<Achiever>; registry?: SubpolicyRegistry } = {},
): OracleRun {
  const seed = opts.seed ?? 7;
  const env = new RearrangeEnv({ scene, task: t, seed, maxSteps: opts.maxSteps ?? 150, ...(opts.registry ? { registry: opts.registry } : {}) });
  const { observation, info } = env.reset(seed);
  const agent = new OracleAgent(opts.agentOptions ?? {}, opts.achievers);
  agent.reset({ id: t.task.id, instruction: t.task.instruction, seed }, observation, {
    conditions: info.conditions,
    task: { problem: t.problem, binding: env.tracker.binding, tracker: env.tracker },
    world: env.world,
  });
  const steps: OracleRun["steps"] = [];
  let obs = observation;
  for (;;) {
    const action = agent.act(obs);
    const r = env.step(action);
    steps.push({ action, feedback: r.info.feedback, allHold: r.info.allHold });
    obs = r.observation;
    if (r.terminated || r.truncated) return { env, agent, steps, terminated: r.terminated, truncated: r.truncated };
  }
}

/** Index of the first step whose action matches. */
export function indexOfAction(run: OracleRun, match: Partial<Action>): number {
  return run.steps.findIndex((s) => Object.entries(match).every(([k, v]) => (s.action as Record<string, unknown>)[k] === v));
}

/** Actions as text, for failure messages. */
export function transcript(run: OracleRun): string {
  return run.steps.map((s, i) => `${i + 1}. ${JSON.stringify(s.action)} → ${s.feedback.ok ? "ok" : `${s.feedback.error}: ${s.feedback.message}`}`).join("\n");
}
