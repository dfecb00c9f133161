import type { Action, Feedback } from "./actions.ts";
import type { Box, StateName } from "./scene/schema.ts";

/** A room as the agent knows it from the start (SPEC §4: rooms and their connections are known). */
export interface ObservedRoom {
  id: string;
  type: string;
  outdoor: boolean;
  /** Rooms reachable through a door. */
  neighbors: string[];
  /** Whether the agent has explored it fully. */
  explored: boolean;
}

/** An object the agent has seen, as it was when last seen. */
export interface ObservedObject {
  id: string;
  category: string;
  label: string;
  room: string;
  kind: "fixed" | "carryable";
  box: Box;
  abilities: string[];
  states: Partial<Record<StateName, boolean>>;
  /** Spatial relations the agent can see: `ontop`/`inside`/`under` its support, or null when held or on the floor. */
  relation: { type: "ontop" | "inside" | "under" | "onfloor"; target: string } | null;
}

/** What the agent sees before each action. */
export interface Observation {
  /** Steps taken so far (0 before the first action). */
  step: number;
  /** Steps left in the budget. */
  stepsLeft: number;
  agent: { room: string; position: { x: number; y: number }; holding: string | null; near: string | null };
  rooms: ObservedRoom[];
  /** Every object observed so far (last known state), keyed by id. */
  objects: Record<string, ObservedObject>;
  /**
   * The objects whose snapshot this observation took: first observed by the last action, or changed since
   * the previous observation; keyed by id in the order of `objects`, holding the very same snapshot objects.
   * Objects never leave `objects`, so the previous observation's `objects` with `updates` applied
   * (`{...prev.objects, ...obs.updates}`) equals this one's, and the first observation of an episode has
   * every initially observed object here. An agent that keeps its own copy can apply `updates` and never
   * read `objects` (a step that changes nothing observed has none). It must then see every observation of
   * the episode, in order. Made on first read, as `objects` and `text` are, with its snapshots: an agent that
   * reads none (a privileged one reads the world) pays for none.
   */
  updates: Record<string, ObservedObject>;
  /** Objects first observed by the last action. */
  newlyObserved: string[];
  lastAction: Action | null;
  lastFeedback: Feedback | null;
  /** The same content as structured text, for language models. */
  text: string;
}
