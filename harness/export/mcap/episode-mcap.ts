import { McapWriter, TempBuffer } from "@mcap/core";
import { Log, PoseInFrame, SceneUpdate } from "@foxglove/schemas/jsonschema.js";
import { applyStep, initialState } from "../../viewer/client/episode-state.js";
import type { EpisodeView } from "../../viewer/model/view-types.ts";
import { HARNESS_VERSION } from "../../version.ts";
import { agentPose, GOAL_STATUS_SCHEMA, goalStatus, noteLog, sceneUpdate, stepLog, stepTimeNs } from "./foxglove-messages.ts";
import { chunkCompressor, type McapCompression } from "./zstd-chunks.ts";

/** The topics of an episode recording, and what each carries. */
export const MCAP_TOPICS = {
  scene: "/scene",
  agentPose: "/agent/pose",
  log: "/log",
  goal: "/goal",
} as const;

/**
 * An episode as an MCAP recording for Foxglove (JSON encoding, foxglove.* JSON schemas):
 * - `/scene` foxglove.SceneUpdate — the whole scene at t = 0 (reset) and after every step;
 * - `/agent/pose` foxglove.PoseInFrame — the agent at the same times;
 * - `/log` foxglove.Log — the instruction at t = 0, each step's action and feedback, how it ended;
 * - `/goal` rearrange.GoalStatus — which goal conditions hold at each time.
 * Step t is logged at t seconds (no wall clock), so the same episode gives the same bytes.
 * Metadata record `episode` carries the header (episode, task, seed, agent, instruction).
 * Chunks are zstd-compressed by default (what Foxglove writes and reads); `compression: "none"` leaves them raw.
 */
export async function episodeToMcap(episode: EpisodeView, options: { compression?: McapCompression } = {}): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  const compressChunk = await chunkCompressor(options.compression ?? "zstd");
  const writer = new McapWriter({ writable: buffer, useStatistics: true, useChunks: true, useSummaryOffsets: true, compressChunk });
  await writer.start({ profile: "", library: `rearrange ${HARNESS_VERSION}` });
  const channel = async (topic: string, name: string, schema: object) => {
    const schemaId = await writer.registerSchema({ name, encoding: "jsonschema", data: new TextEncoder().encode(JSON.stringify(schema)) });
    return writer.registerChannel({ topic, schemaId, messageEncoding: "json", metadata: new Map() });
  };
  const ids = {
    scene: await channel(MCAP_TOPICS.scene, "foxglove.SceneUpdate", SceneUpdate),
    agentPose: await channel(MCAP_TOPICS.agentPose, "foxglove.PoseInFrame", PoseInFrame),
    log: await channel(MCAP_TOPICS.log, "foxglove.Log", Log),
    goal: await channel(MCAP_TOPICS.goal, "rearrange.GoalStatus", GOAL_STATUS_SCHEMA),
  };
  const sequences = new Map<number, number>();
  const publish = async (channelId: number, t: number, message: unknown) => {
    const sequence = sequences.get(channelId) ?? 0;
    sequences.set(channelId, sequence + 1);
    const time = stepTimeNs(t);
    await writer.addMessage({ channelId, sequence, logTime: time, publishTime: time, data: new TextEncoder().encode(JSON.stringify(message)) });
  };

  await writer.addMetadata({ name: "episode", metadata: new Map(Object.entries(episodeMetadata(episode))) });
  const state = initialState(episode);
  let heading = 0;
  await publish(ids.log, 0, noteLog(0, `episode ${episode.episodeId}: ${episode.instruction}`));
  for (let k = 0; ; k++) {
    if (k > 0) {
      const before = state.agent.position;
      applyStep(state, episode.steps[k - 1]!);
      const after = state.agent.position;
      if (Math.hypot(after.x - before.x, after.y - before.y) > 1e-6) heading = Math.atan2(after.y - before.y, after.x - before.x);
      await publish(ids.log, k, stepLog(state));
    }
    await publish(ids.scene, k, sceneUpdate(episode, state));
    await publish(ids.agentPose, k, agentPose(state, heading));
    await publish(ids.goal, k, goalStatus(episode, state));
    if (k >= episode.steps.length) break;
  }
  const end = episode.end;
  await publish(ids.log, episode.steps.length, noteLog(episode.steps.length, end ? `ended by ${end.reason}: SR ${end.metrics.SR}, TP ${end.metrics.TP}, ${end.metrics.steps} steps` : "no end line: the episode was interrupted"));
  await writer.end();
  return buffer.get();
}

function episodeMetadata(e: EpisodeView): Record<string, string> {
  return {
    episodeId: e.episodeId,
    repeat: String(e.repeat),
    runId: e.runId,
    suite: e.suite,
    task: e.taskId,
    scene: e.scene.id,
    seed: String(e.seed),
    maxSteps: String(e.maxSteps),
    agent: e.agentName,
    instruction: e.instruction,
    conditions: JSON.stringify(e.conditions.map((c) => c.text)),
  };
}
