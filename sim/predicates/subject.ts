import type { RoomSpec } from "../scene/schema.ts";
import type { SimObject } from "../world/sim-object.ts";

/** What a predicate reads of an object: a {@link SimObject} satisfies it, and so does a plain test fixture. */
export type PredicateObject = Pick<SimObject, "id" | "box" | "shape" | "wall" | "abilities" | "held" | "states" | "room">;

/** What `inroom` reads of a room. */
export type RoomRef = Pick<RoomSpec, "id" | "type" | "footprint" | "outdoor">;

/** True when a relational predicate can hold between the two at all: two different objects, neither held. */
export function relatable(a: PredicateObject, b: PredicateObject): boolean {
  return a.id !== b.id && !a.held && !b.held;
}
