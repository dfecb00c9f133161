import type { Observation, ObservedObject } from "../../../sim/observation.ts";

/** A small, hand-written observation: two rooms, a closed cabinet; enough for protocol tests that need no simulator. */
export function fakeObservation(step = 0): Observation {
  const cabinet: ObservedObject = {
    id: "cabinet_1",
    category: "cabinet.n.01",
    label: "cabinet",
    room: "kitchen",
    kind: "fixed",
    box: { center: { x: 2, y: 1, z: 0.5 }, size: { x: 1, y: 0.5, z: 1 }, heading: 0 },
    abilities: ["container", "openable"],
    states: { open: false },
    relation: null,
  };
  return {
    step,
    stepsLeft: 20 - step,
    agent: { room: "kitchen", position: { x: 1, y: 1 }, holding: null, near: null },
    rooms: [
      { id: "kitchen", type: "kitchen", outdoor: false, neighbors: ["hall"], explored: false },
      { id: "hall", type: "corridor", outdoor: false, neighbors: ["kitchen"], explored: false },
    ],
    objects: { cabinet_1: cabinet },
    // the cabinet is seen at the start and never changes after
    updates: step === 0 ? { cabinet_1: cabinet } : {},
    newlyObserved: step === 0 ? ["cabinet_1"] : [],
    lastAction: null,
    lastFeedback: null,
    text: "Step 0 of 20. You are in kitchen.",
  };
}
