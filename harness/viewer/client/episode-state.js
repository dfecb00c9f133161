/**
 * The state of an episode at a step, rebuilt from an EpisodeView (harness/viewer/model): the
 * poses at reset plus every step's changed poses up to the shown one. Pure data, no DOM and no
 * three.js, so the browser app, the MCAP exporter and the tests share it.
 */

/**
 * @typedef {import("../model/view-types.ts").EpisodeView} EpisodeView
 * @typedef {import("../model/view-types.ts").ObjectPose} ObjectPose
 * @typedef {import("../model/view-types.ts").StepView} StepView
 * @typedef {{ x: number, y: number }} PlanePoint
 * @typedef {{
 *   k: number,
 *   poses: Map<string, ObjectPose>,
 *   observed: Set<string>,
 *   agent: { room: string, position: PlanePoint, holding: string | null },
 *   path: PlanePoint[],
 *   satisfied: number[],
 *   step: StepView | null,
 * }} EpisodeState
 */

/**
 * The state before the first action (k = 0).
 * @param {EpisodeView} episode
 * @returns {EpisodeState}
 */
export function initialState(episode) {
  const poses = new Map();
  for (const o of episode.scene.objects) poses.set(o.id, { id: o.id, box: o.box, room: o.room, states: o.states, held: o.held });
  const a = episode.scene.agent;
  return {
    k: 0,
    poses,
    observed: new Set(episode.initiallyObserved),
    agent: { room: a.room, position: a.position, holding: a.holding },
    path: [a.position],
    satisfied: episode.initiallySatisfied,
    step: null,
  };
}

/**
 * Moves a state one step on, in place.
 * @param {EpisodeState} state
 * @param {StepView} step
 * @returns {EpisodeState} the same state
 */
export function applyStep(state, step) {
  state.k += 1;
  for (const p of step.poses) state.poses.set(p.id, p);
  for (const id of step.observed) state.observed.add(id);
  // the walk starts where the agent stood, which the path already ends with
  for (const p of step.walk.slice(1)) state.path.push(p);
  state.agent = step.agent;
  state.satisfied = step.satisfied;
  state.step = step;
  return state;
}

/**
 * The state after step k (0 = at reset; clamped to the episode's steps).
 * @param {EpisodeView} episode
 * @param {number} k
 * @returns {EpisodeState}
 */
export function stateAt(episode, k) {
  const last = Math.max(0, Math.min(Math.trunc(k) || 0, episode.steps.length));
  const state = initialState(episode);
  for (let i = 0; i < last; i++) applyStep(state, episode.steps[i]);
  return state;
}

/**
 * Every point the agent will walk through in the whole episode (for the faint "still to come" path).
 * @param {EpisodeView} episode
 * @returns {PlanePoint[]}
 */
export function fullPath(episode) {
  const path = [episode.scene.agent.position];
  for (const s of episode.steps) for (const p of s.walk.slice(1)) path.push(p);
  return path;
}
