/**
 * An episode that lists an object key twice: the detection labels (`<case>/<key>`) and the scene must still have
 * unique ids, so that the import's output validates; the summary names the file and JSON path of each repeat.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importHousekeep } from "../../../harness/importers/housekeep.ts";
import { uniqueObjectKeys } from "../../../harness/importers/housekeep-objects.ts";
import type { HousekeepEpisode } from "../../../harness/probes/datasets/housekeep.ts";
import { validateFiles } from "../../../harness/validate/validate-files.ts";
import { filesUnder, outFolder, sourceFolder, tinyEpisode } from "./housekeep-inputs.ts";

const readJsonl = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
const APPLE = { key: "apple_1", category: "apple", position: [0, 1, 0], start_receptacle: "kitchen_0-counter_1_0.urdf", goal_receptacles: ["living_room_0-sofa_2_0.urdf"] };
const readScene = (out: string) => JSON.parse(readFileSync(path.join(out, filesUnder(out).find((f) => f.endsWith(".scene.json"))!), "utf8"));

describe("rearrange import housekeep: an object key twice in one episode", () => {
  it("leaves out a repeat that copies the first entry, says where it was, and the output validates", async () => {
    const src = sourceFolder({ "episodes.json": { episodes: [tinyEpisode({ objects: [APPLE, APPLE] })] } });
    const out = outFolder();
    const summary = await importHousekeep(src, { out });
    expect(readJsonl(path.join(out, "detection.gt.jsonl"))).toEqual([{ id: "housekeep/Tiny_0_int/ep1/apple_1", misplaced: true }]);
    expect(summary.skipped).toEqual([]);
    expect(summary.notes).toContainEqual(expect.stringContaining(`${path.join(src, "episodes.json")} $.episodes[0].objects[1] ("apple_1": a copy of an earlier entry, left out)`));
    expect(readScene(out).objects.filter((o: { kind: string }) => o.kind === "carryable").map((o: { id: string }) => o.id)).toEqual(["apple_1"]);
    expect((await validateFiles([out])).flatMap((r) => r.problems)).toEqual([]);
  });

  it("leaves out an object with an empty key, which no label id can be, saying where it was", async () => {
    const src = sourceFolder({ "episodes.json": { episodes: [tinyEpisode({ objects: [APPLE, { ...APPLE, key: "" }] })] } });
    const out = outFolder();
    const summary = await importHousekeep(src, { out });
    expect(readJsonl(path.join(out, "detection.gt.jsonl")).map((l) => l.id)).toEqual(["housekeep/Tiny_0_int/ep1/apple_1"]);
    expect(summary.notes).toContainEqual(expect.stringContaining('$.episodes[0].objects[1] ("": an empty key, left out)'));
    expect((await validateFiles([out])).flatMap((r) => r.problems)).toEqual([]);
  });

  it("keeps a different object under a taken key as <key>#2, in the labels, the scene and the task", async () => {
    const other = { ...APPLE, category: "pear", position: [0.1, 1, 0] };
    const src = sourceFolder({ "episodes.json": { episodes: [tinyEpisode({ objects: [APPLE, other] })] } });
    const out = outFolder();
    const summary = await importHousekeep(src, { out });
    expect(readJsonl(path.join(out, "detection.gt.jsonl")).map((l) => l.id)).toEqual(["housekeep/Tiny_0_int/ep1/apple_1", "housekeep/Tiny_0_int/ep1/apple_1#2"]);
    expect(summary.notes).toContainEqual(expect.stringContaining('$.episodes[0].objects[1] ("apple_1": differs from the earlier entries, kept as "apple_1#2")'));
    const scene = readScene(out);
    expect(scene.objects.filter((o: { kind: string }) => o.kind === "carryable").map((o: { id: string; label: string }) => [o.id, o.label])).toEqual([
      ["apple_1", "apple"],
      ["apple_1_2", "pear"],
    ]);
    const task = JSON.parse(readFileSync(path.join(out, filesUnder(out).find((f) => f.endsWith(".task.json"))!), "utf8"));
    expect(Object.values(task.bindings)).toEqual(expect.arrayContaining(["apple_1", "apple_1_2"]));
    expect((await validateFiles([out])).flatMap((r) => r.problems)).toEqual([]);
  });

  it("gives a different repeat the first #N no other object of the episode has, and leaves out a copy of any earlier entry", () => {
    const pear = { ...APPLE, category: "pear" };
    const ep = tinyEpisode({ objects: [APPLE, pear, { ...APPLE, key: "apple_1#2" }, pear] }) as unknown as HousekeepEpisode;
    const { ep: unique, issues } = uniqueObjectKeys(ep, "f.json", "$.episodes[4]");
    expect(unique.objects.map((o) => o.key)).toEqual(["apple_1", "apple_1#3", "apple_1#2"]);
    expect(issues).toEqual([
      { file: "f.json", where: "$.episodes[4].objects[1]", key: "apple_1", what: "renamed", keptAs: "apple_1#3" },
      { file: "f.json", where: "$.episodes[4].objects[3]", key: "apple_1", what: "copy" },
    ]);
    expect(uniqueObjectKeys(tinyEpisode() as unknown as HousekeepEpisode, "f.json", "$").issues).toEqual([]);
  });

  it("any objects, keys repeated or cleaned alike → unique label ids, every entry accounted for, and the output validates", async () => {
    const key = fc.constantFrom("apple_1", "apple-1", "Apple_1", "apple_1#2", "apple 1", "", "agent", "__proto__", "floor_kitchen_0", "kitchen_0_counter_1_0", "kitchen_0");
    const object = fc.record({
      key,
      category: fc.constantFrom("apple", "cup"),
      position: fc.constantFrom([0, 1, 0], [0.1, 1, 0.05], [4, 0.6, 0]),
      start_receptacle: fc.constantFrom("kitchen_0-counter_1_0.urdf", "living_room_0-sofa_2_0.urdf"),
      goal_receptacles: fc.constantFrom(["living_room_0-sofa_2_0.urdf"], ["kitchen_0-counter_1_0.urdf"]),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(object, { minLength: 1, maxLength: 8 }), async (objects) => {
        const out = outFolder();
        const summary = await importHousekeep(sourceFolder({ "episodes.json": { episodes: [tinyEpisode({ objects })] } }), { out });
        const ids = readJsonl(path.join(out, "detection.gt.jsonl")).map((l) => l.id);
        expect(new Set(ids).size).toBe(ids.length);
        const leftOut = objects.filter((o, i) => o.key === "" || objects.findIndex((p) => JSON.stringify(p) === JSON.stringify(o)) < i).length;
        expect(ids.length + leftOut).toBe(objects.length);
        expect(summary.skipped).toEqual([]);
        expect((await validateFiles([out])).flatMap((r) => r.problems)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
