/**
 * Matterport placeholder boxes are no objects: `remove` (NYU40 void), room-sized `unknown` envelopes and a
 * 27.8 × 9 × 9.5 m "washbasin". Imported as furniture they enclosed the tables (every generated task failed:
 * "no free space on top of dining_table_44") and grounding asked "Find the void in bedroom_4.". They are left
 * out, each counted in the notes with its reason, and no grounding question or answer is about one.
 * No shared data needed.
 */
import { describe, expect, it } from "vitest";
import { importAndRead, objectCsv, regionRow, REGION_HEADER, writeFolder } from "./vla3d-fixtures.ts";

describe("vla3d import: placeholder and implausibly large boxes", () => {
  it("leaves out void and unlabelled boxes, so the table is free and a task is made (repro vla3d-room-sized-unknown)", async () => {
    const src = writeFolder("Min", "unknown_box", {
      "unknown_box_object_result.csv": objectCsv([
        { id: 0, raw: "floor", center: [0, 0, -0.05], size: [6, 5, 0.1] },
        { id: 1, raw: "unknown", nyu: "unknown", nyu40: "otherprop", center: [0, 0, 1.6], size: [6, 5, 3.2] },
        { id: 2, raw: "table", center: [1, 1, 0.375], size: [1.2, 0.8, 0.75] },
        { id: 3, raw: "cup", nyu40: "otherprop", center: [-1, -1, 0.05], size: [0.1, 0.1, 0.1] },
        { id: 4, raw: "remove", nyu: "void", nyu40: "void", center: [2, -1, 0.5], size: [0.3, 0.3, 1] },
      ]),
      "unknown_box_region_result.csv": [REGION_HEADER, regionRow("0", "living room", [0, 0, 1.5], [6, 5, 3])].join("\n") + "\n",
      "unknown_box_referential_statements.json": JSON.stringify({
        regions: {
          "0": {
            "the void that is near the table": [{ target_index: "4", target_class: "void", relation: "near", relation_type: "binary" }],
            "the cup that is far from the table": [{ target_index: "3", target_class: "cup", relation: "far", relation_type: "binary" }],
          },
        },
      }),
    });
    const { scenes, summary, grounding, out } = await importAndRead(src);
    const scene = scenes.get("min-unknown_box")!;
    expect(scene.objects.map((o) => o.id).sort()).toEqual(["cup_3", "table_2"]);
    const notes = summary.notes.join("\n");
    expect(notes).toMatch(/2 placeholder boxes left out .*1 unlabelled \("unknown"\) \(objects 1\).*1 void \(label "remove", NYU40 void\) \(objects 4\)/);
    // the table is no longer inside a box: the task is made and kept (the oracle solved it)
    expect(summary.files.some((f) => f.path.startsWith(out) && f.path.includes("move-cup_3"))).toBe(true);
    const lines = grounding.get("min-unknown_box")!;
    expect(lines.map((l) => l.question).filter((q) => /void|unknown|remove/.test(q))).toEqual([]);
    expect(lines.some((l) => l.question === "the cup that is far from the table")).toBe(true);
    for (const l of lines) expect(l.object_list).not.toMatch(/"(void|unknown|remove)"/);
    expect(summary.skipped).toContainEqual({ file: "Min/unknown_box", where: JSON.stringify("the void that is near the table"), reason: expect.stringMatching(/^target object 4 is left out, a placeholder: void \(label "remove"/) });
  });

  it("leaves out a small-object class with a room-sized box, and a box larger than its room; keeps big furniture", async () => {
    const src = writeFolder("Mp", "big", {
      "big_object_result.csv": objectCsv([
        { id: 0, raw: "floor", center: [0, 0, -0.05], size: [7, 4.3, 0.1], region: "7" },
        { id: 12, raw: "washbasin", nyu: "sink", nyu40: "sink", center: [0, 0, 1.47], size: [27.8, 9, 9.5], region: "7" },
        { id: 13, raw: "cabinet", nyu40: "cabinet", center: [5, 0, 1.2], size: [20, 10, 2.4], region: "8" },
        { id: 14, raw: "stuff", nyu40: "otherprop", center: [5, 0, 1.3], size: [2.8, 1.8, 2.6], region: "8" },
        { id: 20, raw: "kitchen counter", nyu40: "counter", center: [1, 1, 0.45], size: [5, 0.7, 0.9], region: "7" },
        { id: 21, raw: "carpet", nyu40: "floor mat", center: [-1, 0, 0.01], size: [6, 3.5, 0.02], region: "7" },
        { id: 22, raw: "sink", nyu40: "sink", center: [1, 1, 0.95], size: [0.6, 0.5, 0.2], region: "7" },
      ]),
      "big_region_result.csv": [REGION_HEADER, regionRow("7", "kitchen", [0, 0, 1.5], [7, 4.3, 3]), regionRow("8", "closet", [5, 0, 1.5], [3, 2, 3])].join("\n") + "\n",
    });
    const { scenes, summary } = await importAndRead(src);
    const ids = [...scenes.values()].flatMap((s) => s.objects.map((o) => o.id)).sort();
    expect(ids).toEqual(["carpet_21", "kitchen_counter_20", "sink_22"]);
    const notes = summary.notes.join("\n");
    expect(notes).toMatch(/object 12 "washbasin" left out, its box is implausibly large: 27\.80 × 9\.00 × 9\.50 m: no sink has a side longer than 3 m/);
    expect(notes).toMatch(/object 13 "cabinet" left out, its box is implausibly large: 20\.00 × 10\.00 × 2\.40 m: 33\.3 times the floor area of its room \(region 8/);
    expect(notes).toMatch(/object 14 "stuff" left out, its box is implausibly large: .*a room-sized box \(84% of region 8\) for class otherprop/);
  });
});
