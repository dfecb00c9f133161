import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importVla3d } from "../../../harness/importers/vla3d.ts";
import { parseObjectList } from "../../../harness/probes/grounding/object-list.ts";
import { SceneSchema, type SceneFile } from "../../../sim/scene/schema.ts";
import { SHARED_DATA, dataSuiteTitle, describeWithData, hasSharedData } from "../probes/shared-data.ts";

const readJsonl = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
const SRC = path.join(SHARED_DATA, "vla3d");

function reachable(scene: SceneFile): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const d of scene.rooms.find((r) => r.id === id)!.doors) visit(d.to);
  };
  visit(scene.agent.room);
  return seen;
}

describeWithData("vla3d", "rearrange import vla3d on the shared data", async () => {
  const out = mkdtempSync(path.join(tmpdir(), "vla-"));
  const summary = await importVla3d(SRC, { out, seed: 0 });
  const scenes = readdirSync(path.join(out, "scenes")).map((f) => SceneSchema.parse(JSON.parse(readFileSync(path.join(out, "scenes", f), "utf8"))));

  it("imports every scene folder and accounts for every other file", () => {
    const folders = ["arkitscenes-47204840", "hm3d-00238_j6fhrce9phr", "unity-loft"];
    for (const f of folders) expect(scenes.map((s) => s.id)).toContain(f);
    const used = new Set(summary.skipped.map((s) => s.file));
    expect([...used].some((f) => f.endsWith("LICENSE"))).toBe(true);
    expect([...used].filter((f) => f.endsWith("_scene_graph.json"))).toHaveLength(3);
  });

  it("turns the HM3D house into multi-room scenes whose rooms are all reachable", () => {
    const house = scenes.find((s) => s.id === "hm3d-00238_j6fhrce9phr")!;
    expect(house.rooms.length).toBeGreaterThanOrEqual(10);
    expect([...new Set(house.rooms.map((r) => r.type))]).toEqual(expect.arrayContaining(["kitchen", "bedroom", "bathroom", "living_room"]));
    for (const s of scenes) expect(reachable(s).size).toBe(s.rooms.length);
    expect(house.objects.some((o) => o.kind === "carryable")).toBe(true);
    expect(house.objects.some((o) => ["wall", "floor", "ceiling"].includes(o.label!))).toBe(false);
  });

  it("keeps VLA-3D boxes, lowering a storey so its floor is at z = 0", () => {
    const csv = readFileSync(path.join(SRC, "ARKitScenes/47204840/47204840_object_result.csv"), "utf8").trim().split(/\r?\n/).slice(1).map((l) => l.split(","));
    const sofa = csv.find((r) => r[0] === "0")!.slice(7, 14).map(Number);
    const scene = scenes.find((s) => s.id === "arkitscenes-47204840")!;
    const o = scene.objects.find((x) => x.id === "sofa_0")!;
    expect([o.box.center.x, o.box.center.y, o.box.size.x, o.box.size.y, o.box.size.z, o.box.heading]).toEqual([sofa[0], sofa[1], sofa[3], sofa[4], sofa[5], sofa[6]]);
    const bottoms = scene.objects.map((x) => x.box.center.z - x.box.size.z / 2);
    expect(Math.min(...bottoms)).toBeGreaterThan(-0.1);
    expect(Math.min(...bottoms)).toBeLessThan(0.1);
  });

  it("maps labels to WordNet synsets", () => {
    const categories = new Set(scenes.flatMap((s) => s.objects.map((o) => o.category)));
    expect([...categories]).toEqual(expect.arrayContaining(["sofa.n.01", "table.n.02", "chair.n.01", "pillow.n.01"]));
  });

  it("writes grounding lines whose answers are objects of their object list, one per referential statement", () => {
    const statements = JSON.parse(readFileSync(path.join(SRC, "ARKitScenes/47204840/47204840_referential_statements.json"), "utf8")).regions["0"];
    const expected = Object.entries(statements).filter(([, v]) => Array.isArray(v) && v.length === 1);
    const lines = readJsonl(path.join(out, "grounding", "arkitscenes-47204840.gt.jsonl"));
    const fromStatements = lines.filter((l) => statements[l.question] !== undefined);
    expect(fromStatements).toHaveLength(expected.length);
    for (const l of lines) {
      const { objects, problems } = parseObjectList(l.object_list);
      expect(problems).toEqual([]);
      if (l.type === "object_reference") expect(objects.has(l.answer)).toBe(true);
      else expect(Number.isInteger(l.answer)).toBe(true);
    }
    for (const l of fromStatements) expect(Number(statements[l.question][0].target_index)).toBe(l.answer);
  });

  it("generates a runnable task and suite for scenes with something to move", () => {
    const suite = JSON.parse(readFileSync(path.join(out, "vla3d.suite.json"), "utf8"));
    expect(suite.episodes.some((e: { scene: string }) => e.scene.includes("hm3d"))).toBe(true);
    for (const e of suite.episodes) {
      const task = JSON.parse(readFileSync(path.join(out, e.task), "utf8"));
      const scene = scenes.find((s) => `scenes/${s.id}.scene.json` === e.scene)!;
      for (const [inst, id] of Object.entries(task.bindings)) if (inst !== "agent.n.01_1") expect(scene.objects.some((o) => o.id === id)).toBe(true);
    }
  });
});

describeWithData("vla3d", "vla3d import with files missing or broken", () => {
  it("builds a one-room scene from object_list.txt alone", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "vla-src-"));
    mkdirSync(path.join(src, "Unity", "bare"), { recursive: true });
    copyFileSync(path.join(SRC, "Unity/loft/object_list.txt"), path.join(src, "Unity", "bare", "object_list.txt"));
    const s = await importVla3d(src, { out: path.join(src, "out") });
    const scenes = readdirSync(path.join(src, "out", "scenes")).sort();
    // no regions: one room per storey, the storeys from the floor slabs (the loft has a gallery floor)
    expect(scenes).toEqual(["unity-bare-storey1.scene.json", "unity-bare.scene.json"]);
    const rooms = scenes.map((f) => SceneSchema.parse(JSON.parse(readFileSync(path.join(src, "out", "scenes", f), "utf8"))).rooms.map((r) => r.id));
    expect(rooms).toEqual([["room_1"], ["room_0"]]);
    expect(s.skipped).toEqual([]);
  });

  it("reports a malformed CSV row by line and imports the others", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "vla-src-"));
    const dir = path.join(src, "ARKitScenes", "x");
    mkdirSync(dir, { recursive: true });
    const lines = readFileSync(path.join(SRC, "ARKitScenes/47204840/47204840_object_result.csv"), "utf8").trim().split(/\r?\n/);
    lines[3] = `${lines[3]},1,2,3,4,5,6,7,8,9,10`;
    lines[4] = lines[4]!.replace(/,(-?\d+\.\d+),/, ",abc,");
    writeFileSync(path.join(dir, "x_object_result.csv"), lines.join("\n"));
    const s = await importVla3d(src, { out: path.join(src, "out") });
    // a bad number is named by its column as well as its line
    expect(s.skipped.map((k) => k.where)).toEqual(["line 4", "line 5, column object_bbox_cx"]);
    expect(s.skipped[1]!.reason).toBe('object_bbox_cx is "abc": not a finite number; row skipped');
    const scene = SceneSchema.parse(JSON.parse(readFileSync(path.join(src, "out", "scenes", "arkitscenes-x.scene.json"), "utf8")));
    expect(scene.objects).toHaveLength(lines.length - 1 - 2);
  });
});
