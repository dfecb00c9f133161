import type { Object3D } from "three";
import type { Ability, Box, Shape, StateName } from "../scene/schema.ts";

/**
 * An object in the running simulation. `box` is its current world-frame oriented box
 * (kept in sync with `node` by the world); predicates read `box`, `states` and `held` only.
 */
export interface SimObject {
  readonly id: string;
  readonly category: string;
  readonly label: string;
  readonly kind: "fixed" | "carryable";
  readonly shape: Shape;
  readonly abilities: ReadonlySet<Ability>;
  /** Container wall/base thickness (m). */
  readonly wall: number;
  /** Objects this one switches (functional relations). */
  readonly controls: readonly string[];
  /** Current world-frame box. Replaced when the object moves, never edited in place. */
  box: Box;
  /**
   * Unary states. A state absent from the map is false. Replaced on every change, never edited in place (as
   * `box`): the world journal and the observations' versions keep the records they saw.
   */
  states: Partial<Record<StateName, boolean>>;
  /** Room the object is in now (its centre's room; the agent's room while held). */
  room: string;
  /** True while the agent holds it: relational predicates are then false. */
  held: boolean;
  /** three.js node: parent is the room, a supporting/containing object or the agent. */
  readonly node: Object3D;
}
