/**
 * Scene ids of imported folders are distinct for distinct folders and readable where they can be: `地铁` and
 * `東京` both became scene `var-object`, the second written over the first while the summary listed both;
 * `métro_é` became `m_tro`. No shared data needed.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importAndRead, objectCsv, writeFolder, type RowSpec } from "./vla3d-fixtures.ts";

const rows = (label: string): RowSpec[] => [
  { id: 0, raw: "floor", center: [0, 0, -0.05], size: [4, 4, 0.1] },
  { id: 1, raw: label, nyu40: "otherfurniture", center: [0, 0, 0.5], size: [1, 1, 1] },
];

describe("vla3d import: scene ids", () => {
  it("gives 地铁, 東京, métro_é, 'a b' and 'a-b' five scenes, none written over another", async () => {
    const src = writeFolder("Var", "地铁", { "地铁_object_result.csv": objectCsv(rows("subway bench")) });
    writeFolder("Var", "東京", { "東京_object_result.csv": objectCsv(rows("tokyo bench")) }, src);
    writeFolder("Var", "métro_é", { "métro_é_object_result.csv": objectCsv(rows("metro bench")) }, src);
    writeFolder("Var", "a b", { "a b_object_result.csv": objectCsv(rows("ab bench")) }, src);
    writeFolder("Var", "a-b", { "a-b_object_result.csv": objectCsv(rows("a-b bench")) }, src);
    const { scenes, summary } = await importAndRead(src);
    expect(scenes.size).toBe(5);
    expect(scenes.has("var-metro_e")).toBe(true);
    expect(scenes.has("var-a_b")).toBe(true);
    const labelOf = (id: string) => scenes.get(id)!.objects[0]!.label;
    expect([...scenes.keys()].map(labelOf).sort()).toEqual(["a-b bench", "ab bench", "metro bench", "subway bench", "tokyo bench"]);
    // every file the summary lists exists and holds what it says
    const sceneFiles = summary.files.filter((f) => f.path.includes("/scenes/"));
    expect(sceneFiles).toHaveLength(5);
    for (const f of sceneFiles) expect(existsSync(f.path)).toBe(true);
    expect(new Set(sceneFiles.map((f) => JSON.parse(readFileSync(f.path, "utf8")).objects[0].label)).size).toBe(5);
    expect(summary.notes.join("\n")).toMatch(/Var\/a-b: scene id var-a_b_[0-9a-f]{8}, since var-a_b is an earlier folder's/);
  });

  it("gives the same ids on a second import of the same tree", async () => {
    const src = writeFolder("Var", "地铁", { "地铁_object_result.csv": objectCsv(rows("bench")) });
    writeFolder("Var", "東京", { "東京_object_result.csv": objectCsv(rows("bench")) }, src);
    const first = [...(await importAndRead(src)).scenes.keys()].sort();
    const second = [...(await importAndRead(src)).scenes.keys()].sort();
    expect(first).toEqual(second);
    expect(first.every((id) => /^var-u[0-9a-f]{8}$/.test(id))).toBe(true);
  });
});
