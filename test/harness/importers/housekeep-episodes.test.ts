import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importHousekeep } from "../../../harness/importers/housekeep.ts";
import { validateFiles } from "../../../harness/validate/validate-files.ts";
import { filesUnder, outFolder, roomlessEpisode, sourceFolder, tinyEpisode } from "./housekeep-inputs.ts";

const readJsonl = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));

describe("rearrange import housekeep: episodes that cannot become scenes", () => {
  it("skips an episode whose house has no usable receptacle, naming the file and the episode, and imports the rest", async () => {
    const src = sourceFolder({
      "a_episodes.json": { episodes: [roomlessEpisode()] },
      "b_episodes.json": { episodes: [tinyEpisode()] },
    });
    const out = outFolder();
    const summary = await importHousekeep(src, { out });
    expect(summary.skipped).toEqual([{ file: path.join(src, "a_episodes.json"), where: "$.episodes[0]", reason: expect.stringMatching(/no receptacle to build rooms from .*None-.*picture/) }]);
    expect(filesUnder(out)).toEqual(expect.arrayContaining([path.join("scenes", "housekeep-Tiny_0_int-ep1.scene.json"), "import.json"]));
    expect(readJsonl(path.join(out, "detection.cases.jsonl")).map((c) => c.id)).toEqual(["housekeep/Roomless_0_int/ep1", "housekeep/Tiny_0_int/ep1"]);
    expect(JSON.parse(readFileSync(path.join(out, "housekeep.suite.json"), "utf8")).episodes).toHaveLength(1);
  });

  it("lists only the folders it wrote when every episode's scene is refused, so the summary validates", async () => {
    // an object on no imported receptacle, dropped far from every room: no agent could reach it
    const unreachable = tinyEpisode({ objects: [{ key: "apple_1", category: "apple", position: [100, 1, 0], start_receptacle: "None-table_1_0.urdf", goal_receptacles: ["living_room_0-sofa_2_0.urdf"] }] });
    for (const episodes of [[roomlessEpisode()], [unreachable]]) {
      const out = outFolder();
      const summary = await importHousekeep(sourceFolder({ "episodes.json": { episodes } }), { out });
      expect(summary.skipped).toHaveLength(1);
      for (const f of summary.files) expect(existsSync(f.path), f.path).toBe(true);
      expect(summary.files.map((f) => path.basename(f.path))).not.toContain("scenes");
      const reports = await validateFiles([path.join(out, "import.json")]);
      expect(reports.flatMap((r) => r.problems)).toEqual([]);
    }
  });

  it("counts the scenes and the tasks it wrote: an episode with nothing misplaced has a scene but no task", async () => {
    const tidy = tinyEpisode({ episode_id: 2, objects: [{ key: "apple_1", category: "apple", position: [4, 0.5, 0], start_receptacle: "living_room_0-sofa_2_0.urdf", goal_receptacles: ["living_room_0-sofa_2_0.urdf"] }] });
    const out = outFolder();
    const summary = await importHousekeep(sourceFolder({ "episodes.json": { episodes: [tinyEpisode(), tidy] } }), { out });
    const count = (name: string) => summary.files.find((f) => path.basename(f.path) === name)?.count;
    expect([count("scenes"), count("tasks"), count("housekeep.suite.json")]).toEqual([2, 1, 1]);
    expect(filesUnder(out).filter((f) => f.endsWith(".scene.json"))).toHaveLength(2);
  });
});

describe("rearrange import housekeep: the same episode ids twice", () => {
  it("two splits of one house reusing episode ids: every episode gets its own files and ids, and the summary says which were renamed", async () => {
    const split = (n: number) => ({ episodes: Array.from({ length: n }, (_, i) => tinyEpisode({ episode_id: i })) });
    const src = sourceFolder({ "housekeep_episodes_train.json": split(3), "housekeep_episodes_val.json": split(2) });
    const out = outFolder();
    const summary = await importHousekeep(src, { out });
    const scenes = filesUnder(out).filter((f) => f.endsWith(".scene.json"));
    const tasks = filesUnder(out).filter((f) => f.endsWith(".task.json"));
    expect([scenes.length, tasks.length]).toEqual([5, 5]);
    expect(summary.files.find((f) => path.basename(f.path) === "scenes")?.count).toBe(5);
    const suite = JSON.parse(readFileSync(path.join(out, "housekeep.suite.json"), "utf8"));
    expect(new Set(suite.episodes.map((e: { id: string }) => e.id)).size).toBe(5);
    const cases = readJsonl(path.join(out, "detection.cases.jsonl"));
    expect(new Set(cases.map((c) => c.id)).size).toBe(5);
    expect(new Set(readJsonl(path.join(out, "detection.gt.jsonl")).map((l) => l.id)).size).toBe(5);
    expect(cases.map((c) => c.id).slice(3)).toEqual(["housekeep/Tiny_0_int/ep0-2", "housekeep/Tiny_0_int/ep1-2"]);
    expect(summary.notes).toContainEqual(expect.stringMatching(/^2 episode ids were already taken .*housekeep-Tiny_0_int-ep0 → housekeep-Tiny_0_int-ep0-2/));
    expect((await validateFiles([out])).flatMap((r) => r.problems)).toEqual([]);
  });

  it("two scene ids that make the same house name do not share files", async () => {
    const src = sourceFolder({ "episodes.json": { episodes: [tinyEpisode({ scene_id: "Tiny_0_int" }), tinyEpisode({ scene_id: "data/Tiny_0_int.glb" })] } });
    const out = outFolder();
    await importHousekeep(src, { out });
    expect(filesUnder(out).filter((f) => f.endsWith(".scene.json"))).toEqual([path.join("scenes", "housekeep-Tiny_0_int-ep1-2.scene.json"), path.join("scenes", "housekeep-Tiny_0_int-ep1.scene.json")]);
  });
});

describe("rearrange import housekeep: room and receptacle ids from raw keys", () => {
  const counter = (key: string, position: number[]) => ({ key, category: "counter", position });
  const validated = async (out: string) => (await validateFiles([out])).flatMap((r) => r.problems);

  it("receptacle keys that differ only in characters the id drops, or in case, still give a scene, and it validates", async () => {
    const ep = tinyEpisode();
    ep.receptacles = [...(ep.receptacles as unknown[]), counter("kitchen_0-counter-1-0.urdf", [1, 0.9, 0]), counter("kitchen_0_counter_1_0.urdf", [0, 0.9, 1]), counter("Kitchen_0-Counter_1_0.urdf", [1, 0.9, 1])];
    const out = outFolder();
    const summary = await importHousekeep(sourceFolder({ "episodes.json": { episodes: [ep] } }), { out });
    expect(summary.skipped).toEqual([]);
    const scene = JSON.parse(readFileSync(path.join(out, "scenes", "housekeep-Tiny_0_int-ep1.scene.json"), "utf8"));
    const ids = scene.objects.filter((o: { kind: string }) => o.kind === "fixed").map((o: { id: string }) => o.id.toLowerCase());
    expect(new Set(ids).size).toBe(5);
    expect(await validated(out)).toEqual([]);
  });

  it("a room name with spaces or BDDL's own characters gives a clean room id, and the task still validates", async () => {
    const ep = tinyEpisode({
      objects: [{ key: "apple_1", category: "apple", position: [0, 1, 0], start_receptacle: "kitchen_0-counter_1_0.urdf", goal_receptacles: ["living room (big);0-sofa_2_0.urdf"] }],
      receptacles: [counter("kitchen_0-counter_1_0.urdf", [0, 0.9, 0]), { key: "living room (big);0-sofa_2_0.urdf", category: "sofa", position: [4, 0.4, 0] }],
    });
    const out = outFolder();
    const summary = await importHousekeep(sourceFolder({ "episodes.json": { episodes: [ep] } }), { out });
    expect(summary.skipped).toEqual([]);
    const scene = JSON.parse(readFileSync(path.join(out, "scenes", "housekeep-Tiny_0_int-ep1.scene.json"), "utf8"));
    expect(scene.rooms.map((r: { id: string; type: string }) => [r.id, r.type])).toEqual([
      ["kitchen_0", "kitchen"],
      ["living_room_big_0", "living_room_big"],
    ]);
    expect(filesUnder(out)).toContain(path.join("tasks", "housekeep-Tiny_0_int-ep1-tidy.task.json"));
    expect(await validated(out)).toEqual([]);
  });

  it("any extra receptacle keys in a house → its scene and task are written and validate", async () => {
    const key = fc.oneof(
      fc.tuple(fc.constantFrom("kitchen_0", "Kitchen_0", "kitchen 0", "living_room_0", "floor_kitchen_0", "__proto__", "agent", "(a;b)", "_0"), fc.constantFrom("counter_1_0.urdf", "counter-1-0.urdf", "Counter_1_0.urdf", "sofa_2_0.urdf", "x", "")).map(([room, rest]) => `${room}-${rest}`),
      fc.constantFrom("kitchen_0", "kitchen_0_counter_1_0", "apple_1", "living_room_0-sofa_2_0"),
      fc.string({ maxLength: 12 }),
    );
    const extra = fc.array(fc.record({ key, category: fc.constantFrom("counter", "sofa", "table", "shelf"), position: fc.constantFrom([1, 0.8, 0.5], [2.5, 0.5, -0.5], [0.5, 0.9, 1]) }), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(extra, async (receptacles) => {
        const ep = tinyEpisode();
        ep.receptacles = [...(ep.receptacles as unknown[]), ...receptacles];
        const out = outFolder();
        const summary = await importHousekeep(sourceFolder({ "episodes.json": { episodes: [ep] } }), { out });
        expect(summary.skipped).toEqual([]);
        expect(filesUnder(out).filter((f) => f.endsWith(".scene.json") || f.endsWith(".task.json"))).toHaveLength(2);
        expect(await validated(out)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
