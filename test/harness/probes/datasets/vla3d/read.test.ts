/**
 * Reading a VLA-3D scene folder: a bad row is reported at its CSV line and column with the value that is wrong
 * (it said only "object_id or box is not a number"); a negative size is called negative (it was counted as
 * "zero-size"); a repeated object id keeps its first row and points at the second's line (the whole scene used to
 * be dropped, pointing at the generated scene's `$.objects[8].id`); objects naming regions the region file lacks
 * are noted; a BOM before quoted headers loses nothing; files pair with the scene by their name's prefix (a stray
 * `other_object_result.csv` that sorts first was used, and the folder's own skipped as "not a VLA-3D scene file").
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readVla3dFolder } from "../../../../../harness/probes/datasets/vla3d/read.ts";
import { OBJECT_HEADER, importAndRead, objectCsv, objectRow, regionRow, REGION_HEADER, writeFolder, type RowSpec } from "../../../importers/vla3d-fixtures.ts";

const ROWS: RowSpec[] = [
  { id: 0, raw: "floor", center: [0, 0, -0.05], size: [5, 4, 0.1] },
  { id: 1, raw: "desk", center: [0, 0, 0.45], size: [1.5, 0.8, 0.9] },
  { id: 2, raw: "monitor", nyu40: "otherprop", center: [0, 0, 1.1], size: [0.6, 0.2, 0.4] },
  { id: 3, raw: "chair", center: [1, 1, 0.45], size: [0.5, 0.5, 0.9] },
];
const REGIONS = [REGION_HEADER, regionRow("0", "office", [0, 0, 1.5], [5, 4, 3])].join("\n") + "\n";

/** Reads a folder `<src>/Scan/<name>` holding the given files. */
function read(name: string, files: Record<string, string>) {
  const src = writeFolder("Scan", name, files);
  const dir = path.join(src, "Scan", name);
  return { src, folder: readVla3dFolder(dir, readdirSync(dir).map((f) => path.join(dir, f))) };
}

describe("readVla3dFolder: what is wrong with a row, and where", () => {
  it("names the line, the column and the value of a bad number, and calls a negative size negative", () => {
    const lines = objectCsv(ROWS).trim().split("\n");
    lines[2] = lines[2]!.replace(",0.45,1.5,", ",inf,1.5,"); // desk: cz
    lines[3] = lines[3]!.replace(",0.6,0.2,0.4,", ",-0.62,0.2,0.4,"); // monitor: xlength
    lines[4] = lines[4]!.replace(/^3,/, "three,"); // chair: id
    const { folder } = read("bad", { "bad_object_result.csv": lines.join("\n"), "bad_region_result.csv": REGIONS });
    expect(folder.objects.map((o) => o.id)).toEqual([0]);
    expect(folder.skipped.map(({ where, reason }) => ({ where, reason }))).toEqual([
      { where: "line 3, column object_bbox_cz", reason: 'object_bbox_cz is "inf": not a finite number; row skipped' },
      { where: "line 4, column object_bbox_xlength", reason: "object_bbox_xlength is -0.62: a box size cannot be negative; row skipped" },
      { where: "line 5, column object_id", reason: 'object_id is "three": not a finite number; row skipped' },
    ]);
  });

  it("keeps the first of two rows with one object_id and points at the second's CSV line; the scene is imported", async () => {
    const rows = [...ROWS, { ...ROWS[3]!, center: [2, -1, 0.45] }];
    const { src, folder } = read("dup", { "dup_object_result.csv": objectCsv(rows), "dup_region_result.csv": REGIONS });
    expect(folder.skipped).toEqual([{ file: expect.stringMatching(/dup_object_result\.csv$/), where: "line 6, column object_id", reason: "object_id 3 is already used on line 5: the first is kept, this row skipped" }]);
    expect(folder.objects.find((o) => o.id === 3)!.box.center.x).toBe(1);
    const { scenes, summary } = await importAndRead(src);
    expect(scenes.get("scan-dup")!.objects.map((o) => o.id).sort()).toEqual(["chair_3", "desk_1", "monitor_2"]);
    expect(summary.skipped.some((s) => /generated scene is invalid/.test(s.reason))).toBe(false);
  });

  it("notes objects whose region the region file lacks", () => {
    const rows = ROWS.map((r) => (r.id === 3 ? { ...r, region: "3" } : r));
    const { folder } = read("reg", { "reg_object_result.csv": objectCsv(rows), "reg_region_result.csv": REGIONS });
    expect(folder.notes).toEqual([expect.stringMatching(/^Scan\/reg: 1 objects name regions the region file lacks \(region 3; objects 3\)/)]);
  });

  it("reads every row of a CSV with a BOM and every field quoted", () => {
    const quoted = (line: string) => line.split(",").map((f) => `"${f}"`).join(",");
    const text = "\uFEFF" + [OBJECT_HEADER, ...ROWS.map(objectRow)].map(quoted).join("\r\n") + "\r\n";
    const { folder } = read("bom", { "bom_object_result.csv": text, "bom_region_result.csv": "\uFEFF" + REGIONS });
    expect(folder.skipped).toEqual([]);
    expect(folder.objects.map((o) => o.id)).toEqual([0, 1, 2, 3]);
    expect(folder.regions.map((r) => r.id)).toEqual(["0"]);
  });
});

describe("readVla3dFolder: files pair with the scene by their prefix", () => {
  it("uses the object CSV named after the folder, even when another sorts first, and says whose the other is", () => {
    const { folder } = read("two_object_files", {
      "other_object_result.csv": objectCsv([{ id: 0, raw: "stairs", center: [0, 0, 0.5], size: [2, 1, 1] }]),
      "two_object_files_object_result.csv": objectCsv(ROWS),
      "two_object_files_region_result.csv": REGIONS,
    });
    expect(folder.objects.map((o) => o.rawLabel)).toEqual(["floor", "desk", "monitor", "chair"]);
    expect(folder.regions.map((r) => r.label)).toEqual(["office"]);
    expect(folder.skipped).toEqual([
      { file: expect.stringMatching(/other_object_result\.csv$/), reason: 'belongs to scene "other" (its name\'s prefix), not to this folder\'s scene "two_object_files": not imported' },
    ]);
  });

  it("pairs the region file by prefix too, and refuses to guess among object CSVs none of which is the folder's", () => {
    const paired = read("scene1", { "scene1_object_result.csv": objectCsv(ROWS), "scene2_region_result.csv": REGIONS });
    expect(paired.folder.regions).toEqual([]);
    expect(paired.folder.skipped[0]!.reason).toMatch(/^belongs to scene "scene2"/);
    const { folder } = read("x", { "a_object_result.csv": objectCsv(ROWS), "b_object_result.csv": objectCsv(ROWS) });
    expect(folder.objects).toEqual([]);
    expect(folder.skipped.map((s) => s.reason)).toEqual([
      '2 object CSVs (scenes "a", "b") and none named after the folder "x": which is this folder\'s scene cannot be told; not imported',
      '2 object CSVs (scenes "a", "b") and none named after the folder "x": which is this folder\'s scene cannot be told; not imported',
    ]);
  });

  it("takes a lone object CSV whatever its prefix (a renamed folder)", () => {
    const { src } = read("renamed", {});
    writeFileSync(path.join(src, "Scan", "renamed", "orig_object_result.csv"), objectCsv(ROWS));
    writeFileSync(path.join(src, "Scan", "renamed", "orig_region_result.csv"), REGIONS);
    const dir = path.join(src, "Scan", "renamed");
    const folder = readVla3dFolder(dir, readdirSync(dir).map((f) => path.join(dir, f)));
    expect(folder.objects).toHaveLength(4);
    expect(folder.regions).toHaveLength(1);
    expect(folder.skipped).toEqual([]);
  });
});
