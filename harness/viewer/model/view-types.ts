import type { Feedback } from "../../../sim/actions.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import type { ConditionInfo, EndEvent } from "../../trajectory/events.ts";

/**
 * What the viewer's browser app, the MCAP exporter and the glTF exporter draw: plain JSON built
 * from the simulator's settled world. The browser receives exactly these objects, so they hold
 * only data (no three.js nodes) and numbers are rounded to what a picture needs.
 */

/** A point on the floor plane. */
export interface PlanePoint {
  x: number;
  y: number;
}

/** A room as drawn: its floor rectangle and its doors. */
export interface RoomView {
  id: string;
  type: string;
  outdoor: boolean;
  footprint: { min: PlanePoint; max: PlanePoint };
  doors: Array<{ to: string; position: PlanePoint }>;
}

/** Where an object is and what holds of it at one moment. */
export interface ObjectPose {
  id: string;
  box: Box;
  room: string;
  /** Unary states that are true, sorted. */
  states: string[];
  /** In the agent's hand. */
  held: boolean;
}

/** An object with what does not change during an episode (identity, kind) and its pose at reset. */
export interface ObjectView extends ObjectPose {
  label: string;
  category: string;
  kind: "fixed" | "carryable";
  shape: string;
}

/** A house after the loader settled it: rooms, every object (room floors excluded: rooms draw them). */
export interface SceneView {
  id: string;
  name: string;
  /** Scene file as given. */
  file: string;
  rooms: RoomView[];
  objects: ObjectView[];
  agent: { room: string; position: PlanePoint; holding: string | null };
}

/** One step of an episode: the logged action and its outcome, plus the poses the replay produced. */
export interface StepView {
  t: number;
  /** The action as people write it: `place(milk, inside, fridge)`; invalid actions as their raw JSON. */
  action: string;
  feedback: Feedback;
  /** Condition indices that hold after this step. */
  satisfied: number[];
  /** Objects first observed by this step. */
  observed: string[];
  agent: { room: string; position: PlanePoint; holding: string | null };
  /** The walk this step made through doors, from where the agent stood before (empty when it did not move). */
  walk: PlanePoint[];
  distance: number;
  /** Objects whose pose, room or states this step changed, as they are after it. */
  poses: ObjectPose[];
  /** Agent-reported extras (`info`), as logged. */
  info?: Record<string, unknown>;
}

/** Where re-running the logged actions first disagreed with the log (the poses after it are the replay's). */
export interface ReplayMismatch {
  t: number;
  fields: string[];
}

/** An episode as the viewer plays it. */
export interface EpisodeView {
  /** Trajectory file as given. */
  file: string;
  episodeId: string;
  repeat: number;
  runId: string;
  suite: string;
  instruction: string;
  seed: number;
  maxSteps: number;
  agentName: string;
  taskId: string;
  conditions: ConditionInfo[];
  initiallySatisfied: number[];
  initiallyObserved: string[];
  /** Objects named by some goal condition. */
  goalObjects: string[];
  /** The house at reset (before the first action). */
  scene: SceneView;
  steps: StepView[];
  end: Pick<EndEvent, "reason" | "error" | "metrics"> | null;
  /** `t` of the first step whose action failed; null when none did. */
  firstFailure: number | null;
  replay: { mismatch: ReplayMismatch | null; notes: string[] };
}

/** One row of a run's episode table. */
export interface RunRowView {
  /** Index into the run's episodes: the viewer opens `/api/episode/<index>`. */
  index: number;
  id: string;
  repeat: number;
  SR: number;
  TTC: number;
  TP: number;
  rTP: number;
  steps: number;
  doneCalled: boolean;
  conditions: { total: number; satisfied: number; observed: number };
  actionErrors: number;
  reason: string | null;
  /** Steps logged in the trajectory (differs from `steps` only for an interrupted episode). */
  loggedSteps: number;
}

/** A run as the viewer lists it. */
export interface RunView {
  dir: string;
  runId: string;
  suite: string;
  agent: string;
  metrics: Record<string, unknown> | null;
  rows: RunRowView[];
  problems: string[];
}

/** What the server serves, fetched first by the browser app. */
export type ViewerManifest =
  | { kind: "scene"; title: string }
  | { kind: "episode"; title: string }
  | { kind: "run"; title: string; episodes: number };
