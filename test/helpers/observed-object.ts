import type { ObservedObject } from "../../sim/observation.ts";

/** A snapshot as observations hold it: a carryable thing in kitchen_0 at the origin, with `o` laid over it. */
export function observedObject(id: string, o: Partial<ObservedObject> = {}): ObservedObject {
  return {
    id,
    category: "thing.n.01",
    label: id,
    room: "kitchen_0",
    kind: "carryable",
    box: { center: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 }, heading: 0 },
    abilities: [],
    states: {},
    relation: null,
    ...o,
  };
}
