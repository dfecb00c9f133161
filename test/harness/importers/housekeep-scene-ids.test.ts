import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importHousekeep } from "../../../harness/importers/housekeep.ts";
import { validateFiles } from "../../../harness/validate/validate-files.ts";
import { episodeIds, filesUnder, outFolder, sceneIds, sourceFolder, tinyEpisode } from "./housekeep-inputs.ts";

describe("rearrange import housekeep: scene ids from the source", () => {
  it("writes nothing outside --out for a scene id that climbs out of it, and says what the house was named", async () => {
    const src = sourceFolder({ "housekeep_episodes.json": { episodes: [tinyEpisode({ scene_id: "../../../../ESCAPED" })] } });
    const parent = outFolder();
    const out = path.join(parent, "deep", "out");
    const summary = await importHousekeep(src, { out });
    expect(readdirSync(parent)).toEqual(["deep"]);
    expect(readdirSync(path.join(parent, "deep"))).toEqual(["out"]);
    expect(filesUnder(out)).toContain(path.join("scenes", "housekeep-ESCAPED-ep1.scene.json"));
    expect(summary.notes).toContainEqual(expect.stringContaining('"../../../../ESCAPED" → ESCAPED'));
  });

  it("a Habitat scene path gives flat files and ids that validate accepts", async () => {
    const src = sourceFolder({ "housekeep_episodes.json": { episodes: [tinyEpisode({ scene_id: "data/scene_datasets/igibson/scenes/Tiny_0_int.glb", episode_id: "val_0" })] } });
    const out = outFolder();
    await importHousekeep(src, { out });
    expect(filesUnder(out)).toEqual(
      ["detection.cases.jsonl", "detection.gt.jsonl", "housekeep.suite.json", "import.json", "scenes/housekeep-Tiny_0_int-epval_0.scene.json", "tasks/housekeep-Tiny_0_int-epval_0-tidy.task.json"].map((f) => f.split("/").join(path.sep)),
    );
    const reports = await validateFiles([out]);
    expect(reports.flatMap((r) => r.problems)).toEqual([]);
  });

  it("any scene and episode id → every file inside --out, one level deep, and the output validates", async () => {
    await fc.assert(
      fc.asyncProperty(sceneIds, episodeIds, async (sceneId, episodeId) => {
        const src = sourceFolder({ "episodes.json": { episodes: [tinyEpisode({ scene_id: sceneId, episode_id: episodeId })] } });
        const parent = outFolder();
        const out = path.join(parent, "out");
        await importHousekeep(src, { out });
        expect(readdirSync(parent)).toEqual(["out"]);
        for (const f of filesUnder(out)) expect(f.split(path.sep).length, f).toBeLessThanOrEqual(2);
        const reports = await validateFiles([out]);
        expect(reports.flatMap((r) => r.problems)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
