import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { HousekeepIdAllocator, housekeepSceneKey } from "../../../harness/importers/housekeep-ids.ts";
import { EpisodeSpecSchema } from "../../../harness/suite/schema.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { episodeIds, sceneIds } from "./housekeep-inputs.ts";

/** Whether an id is one `rearrange validate` accepts as a suite episode id and as a BDDL problem name. */
function acceptedByValidate(id: string): boolean {
  if (!EpisodeSpecSchema.safeParse({ id, scene: "s", task: "t" }).success) return false;
  try {
    parseProblem(`(define (problem ${id}-tidy) (:domain igibson) (:objects) (:init) (:goal (and)))`, "x.bddl");
    return true;
  } catch {
    return false;
  }
}

describe("Housekeep episode ids", () => {
  it("keeps plain ids as they are (the shared sample's ids do not change)", () => {
    const ids = new HousekeepIdAllocator();
    expect(ids.next("Ihlen_1_int", 3)).toEqual({ scene: "Ihlen_1_int", episode: "3", id: "housekeep-Ihlen_1_int-ep3", detection: "housekeep/Ihlen_1_int/ep3" });
    expect(ids.next("Ihlen_1_int", "val_0").id).toBe("housekeep-Ihlen_1_int-epval_0");
    expect(ids.shortened.size).toBe(0);
    expect(ids.renamed).toEqual([]);
  });

  it("names a path-like scene id by its file's base name without extension", () => {
    expect(housekeepSceneKey("data/scene_datasets/igibson/scenes/Ihlen_1_int.glb")).toBe("Ihlen_1_int");
    expect(housekeepSceneKey("mp3d/17DRP5sb8fy/17DRP5sb8fy.basis.glb")).toBe("17DRP5sb8fy");
    expect(housekeepSceneKey("C:\\scenes\\Beechwood_1_int.scene_instance.json")).toBe("Beechwood_1_int");
    expect(housekeepSceneKey("../../../../ESCAPED")).toBe("ESCAPED");
    expect(housekeepSceneKey("..")).toBe("scene");
    expect(housekeepSceneKey("my house #2")).toBe("my_house_2");
  });

  it("any scene and episode id → a safe id that stays in its folder and that validate accepts", () => {
    fc.assert(
      fc.property(sceneIds, episodeIds, (sceneId, episodeId) => {
        const { id, detection } = new HousekeepIdAllocator().next(sceneId, episodeId);
        expect(id).toMatch(/^housekeep-[A-Za-z0-9_-]+$/);
        expect(detection.split("/")).toHaveLength(3);
        const file = path.resolve("/out", "scenes", `${id}-tidy.task.json`);
        expect(path.dirname(file)).toBe(path.resolve("/out", "scenes"));
        expect(Buffer.byteLength(path.basename(file))).toBeLessThan(255);
        expect(acceptedByValidate(id)).toBe(true);
      }),
    );
  });

  it("distinct episodes (even with the same scene and episode ids) → distinct ids, also ignoring case; the same input → the same ids", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(sceneIds, episodeIds), { maxLength: 30 }), (episodes) => {
        const run = () => {
          const ids = new HousekeepIdAllocator();
          return { got: episodes.map(([s, e]) => ids.next(s, e)), renamed: ids.renamed };
        };
        const { got, renamed } = run();
        expect(new Set(got.map((g) => g.id.toLowerCase())).size).toBe(episodes.length);
        expect(new Set(got.map((g) => g.detection)).size).toBe(episodes.length);
        for (const g of got) expect(acceptedByValidate(g.id)).toBe(true);
        // every id that is not the episode's plain one (what it gets alone) is reported
        const plain = episodes.map(([s, e]) => new HousekeepIdAllocator().next(s, e).id);
        expect(renamed.map((r) => r.to)).toEqual(got.filter((g, i) => g.id !== plain[i]).map((g) => g.id));
        expect(run().got).toEqual(got);
      }),
    );
  });
});
