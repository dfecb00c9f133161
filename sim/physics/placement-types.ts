import type { PredicateObject, RoomRef } from "../predicates/subject.ts";
import type { Rng } from "../rng.ts";
import type { Box } from "../scene/schema.ts";

/** Where `place` can put an object relative to its target. */
export type PlacementRelation = "ontop" | "inside" | "nextto" | "under";

/**
 * What placement reads of an object (a SimObject satisfies it). `kind` is optional: a support known to be
 * fixed furniture needs no check that it is itself settled.
 */
export type PlacementObject = PredicateObject & { readonly kind?: "fixed" | "carryable" };

/** A request to find a free, stable pose. */
export interface PlacementRequest {
  /** The object to place: its size is used, its current pose is not. */
  object: PlacementObject;
  relation: PlacementRelation;
  target: PlacementObject;
  /**
   * Objects around the target (e.g. `SpatialIndex.query(target.box, radius)`): they are the obstacles and
   * the possible supports. May include the object and the target themselves; held objects are ignored.
   * Floors among them give the floor height (else the floor is at z = 0).
   */
  nearby: Iterable<PlacementObject>;
  /** Orders the candidate poses; the same seed gives the same pose. */
  rng: Rng;
  /** Rooms, so that a pose on the floor stays in the target's room when no floor object is nearby. */
  rooms?: readonly RoomRef[];
}

/** A found pose, or why there is none (a sentence for the agent). */
export type PlacementResult =
  | { ok: true; box: Box; /** What the object rests on: an object id, or null for the bare floor plane. */ restsOn: string | null }
  | { ok: false; reason: string };

/** Height of the floor plane when no floor object is under a point, m (scene files put floors' tops at 0). */
export const GROUND_Z = 0;
