import { McapIndexedReader, McapStreamReader, TempBuffer, type McapTypes } from "@mcap/core";
import { beforeAll, describe, expect, it } from "vitest";
import { episodeToMcap, MCAP_TOPICS } from "../../../harness/export/mcap/episode-mcap.ts";
import { mcapDecompressHandlers, zstdLoaded } from "../../../harness/export/mcap/zstd-chunks.ts";
import { loadEpisodeView } from "../../../harness/viewer/model/episode-view.ts";
import type { EpisodeView } from "../../../harness/viewer/model/view-types.ts";
import { BLUNDER_AGENT, runSmoke } from "../viewer/run-fixture.ts";

let episode: EpisodeView;
let bytes: Uint8Array;

beforeAll(async () => {
  // the scripted agent walks, fails an action and carries an object: every topic has something to say
  const run = await runSmoke("flat-milk-fridge", BLUNDER_AGENT);
  episode = loadEpisodeView(run.trajectories[0]!);
  bytes = await episodeToMcap(episode);
}, 180_000);

const decode = (m: McapTypes.Message) => JSON.parse(new TextDecoder().decode(m.data));

async function indexed(data: Uint8Array = bytes) {
  await zstdLoaded;
  return McapIndexedReader.Initialize({ readable: new TempBuffer(data), decompressHandlers: mcapDecompressHandlers });
}

async function messagesByTopic(data: Uint8Array = bytes) {
  const reader = await indexed(data);
  const topicOf = new Map([...reader.channelsById.values()].map((c) => [c.id, c.topic]));
  const out = new Map<string, McapTypes.Message[]>();
  for await (const m of reader.readMessages()) {
    const topic = topicOf.get(m.channelId)!;
    out.set(topic, [...(out.get(topic) ?? []), m]);
  }
  return out;
}

describe("episode → MCAP", () => {
  it("compresses chunks with zstd by default; --compression none gives the same messages uncompressed and much larger", async () => {
    const zstdReader = await indexed();
    expect(zstdReader.chunkIndexes.length).toBeGreaterThan(0);
    expect(new Set(zstdReader.chunkIndexes.map((c) => c.compression))).toEqual(new Set(["zstd"]));
    for (const c of zstdReader.chunkIndexes) expect(c.compressedSize).toBeLessThan(c.uncompressedSize);
    const raw = await episodeToMcap(episode, { compression: "none" });
    const rawReader = await indexed(raw);
    expect(new Set(rawReader.chunkIndexes.map((c) => c.compression))).toEqual(new Set([""]));
    expect(bytes.length * 3).toBeLessThan(raw.length);
    const flat = (m: Map<string, McapTypes.Message[]>) => [...m].map(([topic, ms]) => [topic, ms.map((x) => [x.logTime, x.sequence, new TextDecoder().decode(x.data)])]);
    expect(flat(await messagesByTopic())).toEqual(flat(await messagesByTopic(raw)));
  });

  it("reads back with the indexed reader: four channels with foxglove JSON schemas", async () => {
    const reader = await indexed();
    const channels = [...reader.channelsById.values()].map((c) => ({ topic: c.topic, encoding: c.messageEncoding, schema: reader.schemasById.get(c.schemaId)!.name }));
    expect(channels).toEqual([
      { topic: MCAP_TOPICS.scene, encoding: "json", schema: "foxglove.SceneUpdate" },
      { topic: MCAP_TOPICS.agentPose, encoding: "json", schema: "foxglove.PoseInFrame" },
      { topic: MCAP_TOPICS.log, encoding: "json", schema: "foxglove.Log" },
      { topic: MCAP_TOPICS.goal, encoding: "json", schema: "rearrange.GoalStatus" },
    ]);
    for (const s of reader.schemasById.values()) {
      expect(s.encoding).toBe("jsonschema");
      expect(JSON.parse(new TextDecoder().decode(s.data)).title).toBe(s.name);
    }
    expect(reader.metadataIndexes.map((m) => m.name)).toEqual(["episode"]);
  });

  it("has one scene update per step (t = 0 is the state before the first action), at t seconds", async () => {
    const byTopic = await messagesByTopic();
    const n = episode.steps.length;
    expect(n).toBeGreaterThan(3);
    const scene = byTopic.get(MCAP_TOPICS.scene)!;
    expect(scene).toHaveLength(n + 1);
    expect(scene.map((m) => m.logTime)).toEqual(Array.from({ length: n + 1 }, (_, t) => BigInt(t) * 1_000_000_000n));
    expect(byTopic.get(MCAP_TOPICS.agentPose)).toHaveLength(n + 1);
    expect(byTopic.get(MCAP_TOPICS.goal)).toHaveLength(n + 1);
    // the instruction, one line per step, and how it ended
    expect(byTopic.get(MCAP_TOPICS.log)).toHaveLength(n + 2);
  });

  it("draws every object, every room, the agent and its path in each scene update", async () => {
    const byTopic = await messagesByTopic();
    for (const m of byTopic.get(MCAP_TOPICS.scene)!) {
      const ids: string[] = decode(m).entities.map((e: { id: string }) => e.id);
      expect(ids.filter((id) => id.startsWith("object/"))).toHaveLength(episode.scene.objects.length);
      expect(ids.filter((id) => id.startsWith("room/"))).toHaveLength(episode.scene.rooms.length);
      expect(ids).toContain("agent");
      expect(ids).toContain("agent/path");
    }
  });

  it("puts the agent where the log says after each step, and logs actions with their feedback", async () => {
    const byTopic = await messagesByTopic();
    const poses = byTopic.get(MCAP_TOPICS.agentPose)!.map(decode);
    expect(poses[0].pose.position).toMatchObject(episode.scene.agent.position);
    episode.steps.forEach((s, i) => {
      expect(poses[i + 1].pose.position.x).toBeCloseTo(s.agent.position.x, 6);
      expect(poses[i + 1].pose.position.y).toBeCloseTo(s.agent.position.y, 6);
    });
    const logs = byTopic.get(MCAP_TOPICS.log)!.map(decode);
    expect(logs[0].message).toContain(episode.instruction);
    episode.steps.forEach((s, i) => {
      expect(logs[i + 1].message).toContain(s.action);
      expect(logs[i + 1].message).toContain(s.feedback.message);
      expect(logs[i + 1].level).toBe(s.feedback.ok ? 2 : 3);
    });
    expect(logs.some((l) => l.level === 3)).toBe(true);
  });

  it("reports the goal status of each step", async () => {
    const byTopic = await messagesByTopic();
    const goals = byTopic.get(MCAP_TOPICS.goal)!.map(decode);
    expect(goals[0].satisfied).toBe(episode.initiallySatisfied.length);
    episode.steps.forEach((s, i) => {
      expect(goals[i + 1].t).toBe(i + 1);
      expect(goals[i + 1].conditions.filter((c: { holds: boolean }) => c.holds).map((c: { index: number }) => c.index)).toEqual(s.satisfied);
      expect(goals[i + 1].total).toBe(episode.conditions.length);
    });
  });

  it("streams back with the stream reader, and the same episode gives the same bytes", async () => {
    await zstdLoaded;
    const reader = new McapStreamReader({ decompressHandlers: mcapDecompressHandlers });
    reader.append(bytes);
    const kinds = new Map<string, number>();
    for (let r; (r = reader.nextRecord()); ) kinds.set(r.type, (kinds.get(r.type) ?? 0) + 1);
    expect(reader.done()).toBe(true);
    expect(kinds.get("Channel")).toBeGreaterThanOrEqual(4);
    expect(kinds.get("Message")).toBe(4 * (episode.steps.length + 1) + 1);
    expect(kinds.get("Footer")).toBe(1);
    expect(Buffer.from(await episodeToMcap(episode)).equals(Buffer.from(bytes))).toBe(true);
  });
});
