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
   * The objects around the target: they are the obstacles and the possible supports. Floors among them give
   * the floor height (else the floor is at z = 0). Either a list (e.g. `SpatialIndex.query(target.box, radius)`:
   * the search then sees only those, so the radius must reach every obstacle of every candidate), or a
   * {@link NearbyQuery}, which the search asks for each neighbourhood it reads, as far as that reaches. Either may
   * include the object and the target themselves; held objects are ignored.
   */
  nearby: Iterable<PlacementObject> | NearbyQuery;
  /** Orders the candidate poses; the same seed gives the same pose. */
  rng: Rng;
  /** Rooms, so that a pose on the floor stays in the target's room when no floor object is nearby. */
  rooms?: readonly RoomRef[];
}

/**
 * The objects whose footprint bounds come within `radius` (m) of the footprint bounds of `box`, in id order
 * (`World.objectsNear`): how a search finds what is around each place it looks, however far its candidates reach.
 */
export type NearbyQuery = (box: Box, radius: number) => readonly PlacementObject[];

/** A found pose, or why there is none (a sentence for the agent). */
export type PlacementResult =
  | { ok: true; box: Box; /** What the object rests on: an object id, or null for the bare floor plane. */ restsOn: string | null }
  | { ok: false; reason: string };

/** Height of the floor plane when no floor object is under a point, m (scene files put floors' tops at 0). */
export const GROUND_Z = 0;
