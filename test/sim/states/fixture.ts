/** A kitchen for the state-rule tests: sink, stove, fridge, counter, and the tools and food the rules use. */
import type { Action } from "../../../sim/actions.ts";
import { Rng } from "../../../sim/rng.ts";
import { SceneSchema, type SceneInput } from "../../../sim/scene/schema.ts";
import { createDefaultRegistry } from "../../../sim/subpolicies/registry.ts";
import type { Outcome, StepContext } from "../../../sim/subpolicies/subpolicy.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { Observer } from "../../../sim/world/observer.ts";

type Obj = SceneInput["objects"][number];

const item = (id: string, category: string, at: [number, number, number], size: [number, number, number], extra: Partial<Obj> = {}): Obj => ({
  id,
  category,
  room: "kitchen",
  kind: "carryable",
  box: { center: [at[0], at[1], at[2] + size[2] / 2], size },
  ...extra,
});

/** Counter top at z = 0.9 along y = 3.7; sink, stove, fridge beside it; a dining room through the door. */
export function kitchenInput(): SceneInput {
  return {
    schemaVersion: 1,
    id: "state-kitchen",
    rooms: [
      { id: "kitchen", type: "kitchen", footprint: { min: { x: 0, y: 0 }, max: { x: 6, y: 4 } }, doors: [{ to: "dining", position: { x: 6, y: 2 } }] },
      { id: "dining", type: "dining_room", footprint: { min: { x: 6, y: 0 }, max: { x: 10, y: 4 } } },
    ],
    objects: [
      { id: "counter_1", category: "countertop.n.01", room: "kitchen", kind: "fixed", box: { center: [2, 3.7, 0.45], size: [2, 0.6, 0.9] } },
      { id: "sink_1", category: "sink.n.01", room: "kitchen", kind: "fixed", shape: "container", abilities: ["container", "toggleable", "water_source"], states: { toggled_on: false }, box: { center: [3.5, 3.7, 0.45], size: [0.7, 0.55, 0.9] }, wall: 0.03 },
      { id: "stove_1", category: "stove.n.01", room: "kitchen", kind: "fixed", abilities: ["toggleable", "heat_source"], states: { toggled_on: false }, box: { center: [4.5, 3.7, 0.45], size: [0.7, 0.6, 0.9] } },
      { id: "fridge_1", category: "electric_refrigerator.n.01", room: "kitchen", kind: "fixed", shape: "container", abilities: ["container", "openable", "cold_source"], states: { open: true }, box: { center: [0.5, 3.6, 0.9], size: [0.8, 0.75, 1.8] }, wall: 0.04 },
      item("rag_1", "rag.n.01", [1.4, 3.7, 0.9], [0.3, 0.3, 0.01], { abilities: ["cleaning_tool", "soakable", "dryer"] }),
      item("broom_1", "broom.n.01", [2, 1, 0], [1.2, 0.25, 0.06], { abilities: ["cleaning_tool"] }),
      item("soap_1", "soap.n.01", [1.8, 3.6, 0.9], [0.09, 0.06, 0.03], { abilities: ["cleaner"] }),
      item("towel_1", "towel.n.01", [2.2, 3.6, 0.9], [0.4, 0.3, 0.01], { abilities: ["cleaning_tool", "soakable", "dryer", "foldable"] }),
      item("knife_1", "carving_knife.n.01", [2.6, 3.6, 0.9], [0.3, 0.04, 0.02], { abilities: ["slicer"] }),
      item("plate_1", "plate.n.04", [2.6, 3.85, 0.9], [0.2, 0.2, 0.02], { states: { dusty: true, stained: true } }),
      item("apple_1", "apple.n.01", [1.2, 3.5, 0.9], [0.08, 0.08, 0.08], { abilities: ["cookable", "freezable", "sliceable"] }),
      item("pan_1", "pan.n.01", [4.5, 3.7, 0.9], [0.4, 0.26, 0.08], { shape: "container", abilities: ["container"], wall: 0.02 }),
      item("egg_1", "egg.n.02", [4.5, 3.7, 0.92], [0.05, 0.05, 0.06], { abilities: ["cookable", "freezable"] }),
      item("fish_1", "fish.n.02", [0.5, 3.6, 0.04], [0.3, 0.1, 0.06], { abilities: ["cookable", "freezable"], states: { frozen: true } }),
      item("cup_1", "cup.n.01", [8, 2, 0], [0.08, 0.08, 0.09], { room: "dining", states: { stained: true } }),
    ],
    agent: { room: "kitchen", position: { x: 1.9, y: 3.0 } },
  };
}

/** A fresh world with every object observed and the agent by the counter. */
export function kitchen(edit: (s: SceneInput) => void = () => {}): StepContext {
  const input = kitchenInput();
  edit(input);
  const world = loadWorld(SceneSchema.parse(input));
  const observer = new Observer(world);
  observer.exploreRoom("kitchen");
  observer.exploreRoom("dining");
  world.moveAgent("kitchen", { x: 1.9, y: 3.0 });
  return { world, observer, rng: new Rng(1) };
}

const registry = createDefaultRegistry();

/** Applies one action through the default registry. */
export function apply(ctx: StepContext, action: Action): Outcome {
  return registry.apply(ctx, action);
}

/** Puts an object in the agent's hand (test setup, no preconditions). */
export function giveHeld(ctx: StepContext, id: string): void {
  ctx.world.hold(id);
}

/** Every object's states, to check that a failed action changed nothing. */
export function stateSnapshot(ctx: StepContext): string {
  return JSON.stringify([...ctx.world.objects.values()].map((o) => [o.id, o.states, o.box.center]));
}
