import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
    const duplicateKey = tinyEpisode();
    duplicateKey.objects = [...(duplicateKey.objects as unknown[]), ...(duplicateKey.objects as unknown[])];
    for (const episodes of [[roomlessEpisode()], [duplicateKey]]) {
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
