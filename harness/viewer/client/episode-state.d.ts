import type { EpisodeView, ObjectPose, PlanePoint, StepView } from "../model/view-types.ts";

/** Types of episode-state.js (plain ES module shared by the browser app and the exporters). */
export interface EpisodeState {
  k: number;
  poses: Map<string, ObjectPose>;
  observed: Set<string>;
  agent: { room: string; position: PlanePoint; holding: string | null };
  path: PlanePoint[];
  satisfied: number[];
  step: StepView | null;
}
export declare function initialState(episode: EpisodeView): EpisodeState;
export declare function applyStep(state: EpisodeState, step: StepView): EpisodeState;
export declare function stateAt(episode: EpisodeView, k: number): EpisodeState;
export declare function fullPath(episode: EpisodeView): PlanePoint[];
