import { parseProblem } from "../../../sim/bddl/parser.ts";
import type { ObservedObject, ObservedRoom, Observation } from "../../../sim/observation.ts";
import { Belief } from "../../../agents/explorer/belief.ts";
import type { GoalTask } from "../../../agents/explorer/task-scope.ts";

/** An observed object, 0.5 m cube at (x, y) unless told otherwise. */
export function obj(id: string, category: string, room: string, o: Partial<ObservedObject> & { x?: number; y?: number } = {}): ObservedObject {
  const { x = 1, y = 1, ...rest } = o;
  return {
    id,
    category,
    label: category.split(".")[0]!,
    room,
    kind: "carryable",
    box: { center: { x, y, z: 0.25 }, size: { x: 0.5, y: 0.5, z: 0.5 }, heading: 0 },
    abilities: [],
    states: {},
    relation: null,
    ...rest,
  };
}

/** A fixed, openable, closed container. */
export function closedBox(id: string, category: string, room: string, x = 3, y = 3): ObservedObject {
  return obj(id, category, room, { kind: "fixed", abilities: ["container", "openable"], states: { open: false }, x, y });
}

/** A line of rooms a – b – c – … (each room a 4 m square along x). */
export function roomsInLine(...ids: string[]): ObservedRoom[] {
  return ids.map((id, i) => ({ id, type: id.replace(/_\d+$/, ""), outdoor: false, neighbors: [ids[i - 1], ids[i + 1]].filter((x): x is string => !!x), explored: false }));
}

/** An observation with the agent in `room` at (0.2, 0.2). */
export function observation(rooms: ObservedRoom[], objects: ObservedObject[], o: Partial<Observation> = {}): Observation {
  return {
    step: 0,
    stepsLeft: 50,
    agent: { room: rooms[0]!.id, position: { x: 0.2, y: 0.2 }, holding: null, near: null },
    rooms,
    objects: Object.fromEntries(objects.map((x) => [x.id, x])),
    // as at the start of an episode: everything observed is new
    updates: Object.fromEntries(objects.map((x) => [x.id, x])),
    newlyObserved: [],
    lastAction: null,
    lastFeedback: null,
    text: "",
    ...o,
  };
}

/** A task: BDDL objects and goal, and which scene object each declared instance is. */
export function task(objects: string, goal: string, bindings: Record<string, string>): GoalTask {
  const problem = parseProblem(`(define (problem p) (:domain d) (:objects ${objects}) (:init) (:goal ${goal}))`, "p.bddl");
  return { problem, binding: { toObject: new Map(Object.entries(bindings)) } };
}

/** A belief holding one observation. */
export function beliefOf(obs: Observation): Belief {
  const b = new Belief();
  b.update(obs);
  return b;
}
