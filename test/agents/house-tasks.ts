/**
 * Real episodes for the tests that hold an agent's own copy of the observed objects to `objects`: tasks
 * on generated houses, and observations whose `objects` and `text` cannot be read.
 */
import type { Observation } from "../../sim/observation.ts";
import { parseProblem } from "../../sim/bddl/parser.ts";
import type { LoadedTask } from "../../sim/task/load.ts";
import type { GeneratedHouse } from "../../harness/bench/house-generator.ts";

/**
 * The observation with the `hidden` members replaced by getters that throw (the agent was to keep its own
 * copy, or to read the world instead); the others are copied, in the observation's key order.
 */
export function guarded(obs: Observation, hidden: readonly (keyof Observation)[] = ["objects", "text"]): Observation {
  const copy = {} as Observation;
  for (const key of Object.keys(obs) as (keyof Observation)[]) {
    if (hidden.includes(key)) {
      Object.defineProperty(copy, key, {
        get() {
          throw new Error(`the agent read obs.${key} at step ${obs.step}`);
        },
        enumerable: true,
      });
    } else Object.defineProperty(copy, key, { value: obs[key], enumerable: true, writable: true });
  }
  return copy;
}

/** A task on a generated house (like its bench task, with a goal of its own). */
function houseTask(house: GeneratedHouse, name: string, objects: string, goal: string, bindings: Record<string, string>): LoadedTask {
  const bddl = `(define (problem ${name}) (:domain igibson) (:objects ${objects} agent.n.01_1 - agent.n.01) (:init) (:goal ${goal}))`;
  const task = { schemaVersion: 1 as const, id: `${name}-${house.scene.id}`, instruction: name, bddl, bindings: { ...bindings, "agent.n.01_1": "agent" }, tags: [] };
  return { path: `<${name}>`, hash: name, task, problem: parseProblem(bddl, `<${name}>`) };
}

/**
 * Tasks on a generated house: its bench task (a thing carried to the far room, a cabinet closed); chores (a
 * sock into a basket, a mug into a bedroom, a lamp on, a cabinet open and another closed); a thing hidden
 * in the cabinet of a room in the middle of the house, onto a table (found only by opening cabinets); and
 * every apple of the house on one table.
 */
export function houseTasks(house: GeneratedHouse): LoadedTask[] {
  const objects = house.scene.objects;
  const last = house.scene.rooms.length - 1;
  const mug = objects.find((o) => o.category === "mug.n.04" && o.room !== "room_0")!.id;
  const sock = objects.find((o) => o.category === "sock.n.01" && o.room === "room_4")!.id;
  const middle = Math.floor(house.scene.rooms.length / 2);
  const cabinet = objects.find((o) => o.id === `cabinet_${middle}`)!.box;
  const inCabinet = (o: (typeof objects)[number]) =>
    Math.abs(o.box.center.x - cabinet.center.x) < cabinet.size.x / 2 && Math.abs(o.box.center.y - cabinet.center.y) < cabinet.size.y / 2 && o.box.center.z < cabinet.size.z;
  const hidden = objects.find((o) => o.room === `room_${middle}` && o.id.startsWith("thing_") && inCabinet(o))!;
  const c = hidden.category;
  return [
    house.task,
    houseTask(
      house,
      "chores",
      "sock.n.01_1 - sock.n.01 basket.n.01_1 - basket.n.01 mug.n.04_1 - mug.n.04 lamp.n.02_1 - lamp.n.02 cabinet.n.01_1 cabinet.n.01_2 - cabinet.n.01",
      "(and (inside ?sock.n.01_1 ?basket.n.01_1) (inroom ?mug.n.04_1 bedroom) (toggled_on ?lamp.n.02_1) (open ?cabinet.n.01_1) (not (open ?cabinet.n.01_2)))",
      { "sock.n.01_1": sock, "basket.n.01_1": "basket_0", "mug.n.04_1": mug, "lamp.n.02_1": "lamp_3", "cabinet.n.01_1": "cabinet_0", "cabinet.n.01_2": `cabinet_${last}` },
    ),
    houseTask(house, "hidden", `${c}_1 - ${c} table.n.02_1 - table.n.02`, `(ontop ?${c}_1 ?table.n.02_1)`, { [`${c}_1`]: hidden.id, "table.n.02_1": "table_a_0" }),
    houseTask(house, "apples", "apple.n.01_* - apple.n.01 table.n.02_1 - table.n.02", "(forall (?apple.n.01 - apple.n.01) (ontop ?apple.n.01 ?table.n.02_1))", { "table.n.02_1": "table_b_1" }),
  ];
}
