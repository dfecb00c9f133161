import type { Color, Log, LogLevel, Pose, PoseInFrame, SceneEntity, SceneUpdate, Time } from "@foxglove/schemas";
import { AGENT_COLORS, objectColor, rgba, ROOM_COLORS } from "../../viewer/client/palette.js";
import type { EpisodeState } from "../../viewer/client/episode-state.js";
import type { EpisodeView, ObjectView, RoomView } from "../../viewer/model/view-types.ts";

/**
 * Foxglove messages (JSON encoding, foxglove.* schemas) for one moment of an episode. Step `t`
 * is published at t seconds, so a recording plays back one action per second and the same
 * episode always gives the same file.
 */

/** Frame all poses are in: the scene file's coordinates (metres, z up). */
export const WORLD_FRAME = "world";

/** Foxglove's log levels (the enum of @foxglove/schemas, as numbers: its value export is CommonJS). */
const INFO = 2 as LogLevel;
const WARNING = 3 as LogLevel;

/** Log time of step `t` in nanoseconds. */
export function stepTimeNs(t: number): bigint {
  return BigInt(t) * 1_000_000_000n;
}

export function stepTime(t: number): Time {
  return { sec: t, nsec: 0 };
}

/** A pose on the floor plane turned by `heading` about +z. */
function pose(x: number, y: number, z: number, heading = 0): Pose {
  return { position: { x, y, z }, orientation: { x: 0, y: 0, z: Math.sin(heading / 2), w: Math.cos(heading / 2) } };
}

function entity(id: string, t: number, parts: Partial<SceneEntity>): SceneEntity {
  return {
    timestamp: stepTime(t),
    frame_id: WORLD_FRAME,
    id,
    lifetime: { sec: 0, nsec: 0 },
    frame_locked: false,
    metadata: [],
    arrows: [],
    cubes: [],
    spheres: [],
    cylinders: [],
    lines: [],
    triangles: [],
    texts: [],
    models: [],
    ...parts,
  };
}

const color = (c: number, a = 1): Color => rgba(c, a);

/**
 * The whole scene at a step: every room floor, every object as a cube coloured as the viewer
 * colours it (goal objects orange, unobserved ones grey and see-through), the agent and the path
 * it has walked. Every update is complete, so Foxglove shows the right picture after any seek.
 */
export function sceneUpdate(episode: EpisodeView, state: EpisodeState): SceneUpdate {
  const t = state.k;
  const goal = new Set(episode.goalObjects);
  const entities: SceneEntity[] = episode.scene.rooms.map((r) => roomEntity(r, t));
  for (const o of episode.scene.objects) entities.push(objectEntity(o, state, goal.has(o.id), t));
  const a = state.agent.position;
  entities.push(
    entity("agent", t, {
      cylinders: [{ pose: pose(a.x, a.y, 0.35), size: { x: 0.3, y: 0.3, z: 0.7 }, bottom_scale: 1, top_scale: 0.75, color: color(AGENT_COLORS.body) }],
      spheres: [{ pose: pose(a.x, a.y, 0.82), size: { x: 0.22, y: 0.22, z: 0.22 }, color: color(AGENT_COLORS.body) }],
      texts: [{ pose: pose(a.x, a.y, 1.1), billboard: true, font_size: 14, scale_invariant: true, color: color(AGENT_COLORS.body), text: "agent" }],
      metadata: [
        { key: "room", value: state.agent.room },
        { key: "holding", value: state.agent.holding ?? "" },
      ],
    }),
    entity("agent/path", t, {
      lines: [{ type: 0 as SceneEntity["lines"][number]["type"], pose: pose(0, 0, 0.02), thickness: 0.08, scale_invariant: false, points: state.path.map((p) => ({ x: p.x, y: p.y, z: 0 })), color: color(AGENT_COLORS.path), colors: [], indices: [] }],
    }),
  );
  return { deletions: [], entities };
}

function roomEntity(r: RoomView, t: number): SceneEntity {
  const w = r.footprint.max.x - r.footprint.min.x;
  const d = r.footprint.max.y - r.footprint.min.y;
  const cx = r.footprint.min.x + w / 2;
  const cy = r.footprint.min.y + d / 2;
  return entity(`room/${r.id}`, t, {
    cubes: [{ pose: pose(cx, cy, -0.02), size: { x: w, y: d, z: 0.04 }, color: color(r.outdoor ? ROOM_COLORS.outdoor : ROOM_COLORS.indoor) }],
    texts: [{ pose: pose(cx, r.footprint.min.y + 0.35, 0.02), billboard: true, font_size: 13, scale_invariant: true, color: color(ROOM_COLORS.outline), text: r.id }],
    metadata: [{ key: "type", value: r.type }],
  });
}

function objectEntity(o: ObjectView, state: EpisodeState, goal: boolean, t: number): SceneEntity {
  const p = state.poses.get(o.id) ?? o;
  const observed = state.observed.has(o.id);
  const held = state.agent.holding === o.id;
  const c = objectColor({ kind: o.kind, goal, observed, held });
  const { center, size, heading } = p.box;
  const labelled = goal || held || o.kind === "carryable";
  return entity(`object/${o.id}`, t, {
    cubes: [{ pose: pose(center.x, center.y, center.z, heading), size: { ...size }, color: color(c, observed ? 1 : 0.35) }],
    texts: labelled ? [{ pose: pose(center.x, center.y, center.z + size.z / 2 + 0.1), billboard: true, font_size: 12, scale_invariant: true, color: color(0x1f2328), text: p.states.length ? `${o.label} (${p.states.join(", ")})` : o.label }] : [],
    metadata: [
      { key: "category", value: o.category },
      { key: "kind", value: o.kind },
      { key: "room", value: p.room },
      { key: "states", value: p.states.join(",") },
      { key: "observed", value: String(observed) },
      { key: "goal", value: String(goal) },
    ],
  });
}

/** The agent's pose, facing the way it last walked (its heading is not logged). */
export function agentPose(state: EpisodeState, heading: number): PoseInFrame {
  const a = state.agent.position;
  return { timestamp: stepTime(state.k), frame_id: WORLD_FRAME, pose: pose(a.x, a.y, 0, heading) };
}

/** The step's action and the simulator's feedback as one log line (a failed action is a warning). */
export function stepLog(state: EpisodeState): Log {
  const s = state.step;
  if (!s) return { timestamp: stepTime(0), level: INFO, message: "reset", name: "rearrange", file: "", line: 0 };
  const fb = s.feedback;
  const message = `t=${s.t} ${s.action} → ${fb.ok ? "ok" : fb.error}: ${fb.message}`;
  return { timestamp: stepTime(state.k), level: fb.ok ? INFO : WARNING, message, name: "rearrange", file: "", line: s.t };
}

/** A log line with the instruction (published at t = 0) or how the episode ended. */
export function noteLog(t: number, message: string): Log {
  return { timestamp: stepTime(t), level: INFO, message, name: "rearrange", file: "", line: 0 };
}

/** `/goal` message: which goal conditions hold at a step. */
export interface GoalStatus {
  t: number;
  satisfied: number;
  total: number;
  allHold: boolean;
  conditions: Array<{ index: number; text: string; holds: boolean }>;
}

/** JSON Schema of the `/goal` messages (rearrange.GoalStatus). */
export const GOAL_STATUS_SCHEMA = {
  title: "rearrange.GoalStatus",
  description: "Which goal conditions of the episode hold after a step (t = 0: before the first action)",
  type: "object",
  properties: {
    t: { type: "integer", description: "step number" },
    satisfied: { type: "integer", description: "conditions that hold" },
    total: { type: "integer", description: "goal conditions" },
    allHold: { type: "boolean" },
    conditions: {
      type: "array",
      items: {
        type: "object",
        properties: { index: { type: "integer" }, text: { type: "string", description: "BDDL condition" }, holds: { type: "boolean" } },
        required: ["index", "text", "holds"],
      },
    },
  },
  required: ["t", "satisfied", "total", "allHold", "conditions"],
} as const;

export function goalStatus(episode: EpisodeView, state: EpisodeState): GoalStatus {
  const holds = new Set(state.satisfied);
  return {
    t: state.k,
    satisfied: holds.size,
    total: episode.conditions.length,
    allHold: holds.size === episode.conditions.length,
    conditions: episode.conditions.map((c, index) => ({ index, text: c.text, holds: holds.has(index) })),
  };
}
