import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportPath } from "../../../harness/export/export-path.ts";
import { sceneToGltf } from "../../../harness/export/gltf/scene-gltf.ts";
import { loadSceneView } from "../../../harness/viewer/model/scene-view.ts";
import { stateAt } from "../../../harness/viewer/client/episode-state.js";
import { loadEpisodeView } from "../../../harness/viewer/model/episode-view.ts";
import { InputError } from "../../../sim/errors.ts";
import { BLUNDER_AGENT, runSmoke } from "../viewer/run-fixture.ts";

const SCENE = path.resolve("scenes/houses/cottage.scene.json");

interface GltfNode {
  name?: string;
  children?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  mesh?: number;
  extras?: Record<string, unknown>;
}

describe("scene → glTF", () => {
  it("is glTF 2.0 JSON with a node per object and per room under a house node turned z-up → y-up", async () => {
    const scene = loadSceneView(SCENE);
    const gltf = JSON.parse(JSON.stringify(await sceneToGltf(scene))) as { asset: { version: string }; nodes: GltfNode[]; scenes: Array<{ nodes: number[] }>; meshes: unknown[]; buffers: Array<{ uri: string; byteLength: number }> };
    expect(gltf.asset.version).toBe("2.0");
    const root = gltf.nodes[gltf.scenes[0]!.nodes[0]!]!;
    expect(root.name).toBe(scene.id);
    // a quarter turn about x: quaternion (−sin 45°, 0, 0, cos 45°)
    expect(root.rotation![0]).toBeCloseTo(-Math.SQRT1_2, 6);
    expect(root.rotation![3]).toBeCloseTo(Math.SQRT1_2, 6);
    const children = root.children!.map((i) => gltf.nodes[i]!);
    const byName = new Map(children.map((n) => [n.name, n]));
    for (const o of scene.objects) {
      const node = byName.get(o.id);
      expect(node, o.id).toBeDefined();
      expect(node!.translation).toEqual([o.box.center.x, o.box.center.y, o.box.center.z].map((v) => expect.closeTo(v, 5)));
      expect(node!.extras).toMatchObject({ category: o.category, kind: o.kind, room: o.room });
      expect(node!.mesh).toBeTypeOf("number");
    }
    for (const r of scene.rooms) expect(byName.has(`room/${r.id}`)).toBe(true);
    expect(byName.has("agent")).toBe(true);
    expect(children).toHaveLength(scene.objects.length + scene.rooms.length + 1);
    // one shared box mesh per colour, and the geometry embedded, not fetched
    expect(gltf.meshes.length).toBeLessThan(10);
    expect(gltf.buffers[0]!.uri.startsWith("data:application/octet-stream;base64,")).toBe(true);
    expect(Buffer.from(gltf.buffers[0]!.uri.split(",")[1]!, "base64").length).toBe(gltf.buffers[0]!.byteLength);
    expect((globalThis as { FileReader?: unknown }).FileReader).toBeUndefined();
  });

  it("exports an episode's house at a step with the objects where that step left them", async () => {
    const run = await runSmoke("flat-milk-fridge", BLUNDER_AGENT);
    const file = run.trajectories[0]!;
    const episode = loadEpisodeView(file);
    const k = episode.steps.length;
    const moved = [...stateAt(episode, k).poses.values()].find((p) => p.held);
    expect(moved, "the scripted agent ends holding something").toBeDefined();
    const dir = mkdtempSync(path.join(tmpdir(), "rearrange-gltf-"));
    const nodeOf = async (step: number) => {
      const out = path.join(dir, `s${step}.gltf`);
      const result = await exportPath(file, { format: "gltf", step, out });
      expect(result.file).toBe(out);
      const gltf = JSON.parse(readFileSync(out, "utf8")) as { nodes: GltfNode[] };
      return gltf.nodes.find((n) => n.name === moved!.id)!;
    };
    const before = await nodeOf(0);
    const after = await nodeOf(k);
    expect(after.translation![0]).toBeCloseTo(moved!.box.center.x, 3);
    expect(after.translation![1]).toBeCloseTo(moved!.box.center.y, 3);
    expect(before.translation).not.toEqual(after.translation);
    await expect(exportPath(file, { format: "gltf", step: k + 1, out: path.join(dir, "x.gltf") })).rejects.toThrow(/--step/);
    expect(existsSync(path.join(dir, "x.gltf"))).toBe(false);
  }, 180_000);

  it("refuses MCAP for a scene file and names the file", async () => {
    await expect(exportPath(SCENE, { format: "mcap" })).rejects.toBeInstanceOf(InputError);
    await expect(exportPath(SCENE, { format: "mcap" })).rejects.toThrow(/cottage\.scene\.json.*episode trajectory/);
  });
});
