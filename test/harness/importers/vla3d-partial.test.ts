/**
 * VLA-3D scene folders with files missing — the shared data holds samples of larger collections, where
 * a folder without its region CSV or its object CSV happens. Each variant of the Unity loft must still
 * import as storeys with their floor at z = 0, every object inside a room and above its floor, notes
 * that say what was missing, and only tasks the oracle solves.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { importVla3d } from "../../../harness/importers/vla3d.ts";
import type { ImportSummary } from "../../../harness/importers/index.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import { SHARED_DATA, describeWithData } from "../probes/shared-data.ts";
import { readScene, readSuite, solveWithOracle } from "./bddl/helpers.ts";

const LOFT = path.join(SHARED_DATA, "vla3d", "Unity", "loft");

interface Imported {
  out: string;
  summary: ImportSummary;
  scenes: SceneFile[];
}

/** Imports a copy of the loft folder holding only `files`. */
async function importLoftWith(files: string[]): Promise<Imported> {
  const src = mkdtempSync(path.join(tmpdir(), "vla-part-"));
  const dir = path.join(src, "Unity", "loft");
  mkdirSync(dir, { recursive: true });
  for (const f of files) copyFileSync(path.join(LOFT, f), path.join(dir, f));
  const out = path.join(src, "out");
  const summary = await importVla3d(src, { out, seed: 0 });
  const scenes = readdirSync(path.join(out, "scenes")).map((f) => readScene(path.join(out, "scenes", f)));
  return { out, summary, scenes };
}

const bottom = (o: SceneFile["objects"][number]) => o.box.center.z - o.box.size.z / 2;
const insideRoom = (s: SceneFile, o: SceneFile["objects"][number]) => {
  const f = s.rooms.find((r) => r.id === o.room)!.footprint;
  return o.box.center.x >= f.min.x && o.box.center.x <= f.max.x && o.box.center.y >= f.min.y && o.box.center.y <= f.max.y;
};

/** The checks every variant must pass. */
function expectSound({ out, scenes }: Imported): void {
  expect(scenes.map((s) => s.id).sort()).toEqual(["unity-loft", "unity-loft-storey1"]);
  for (const s of scenes) {
    for (const o of s.objects) {
      expect(bottom(o), `${s.id} ${o.id} bottom`).toBeGreaterThanOrEqual(-0.05);
      expect(insideRoom(s, o), `${s.id} ${o.id} in ${o.room}`).toBe(true);
    }
  }
  const suite = readSuite(path.join(out, "vla3d.suite.json"));
  expect(suite.episodes.length).toBeGreaterThan(0);
  for (const e of suite.episodes) expect(solveWithOracle(out, e).success, e.id).toBe(true);
}

const CSV_FILES = ["loft_object_result.csv", "loft_objects.json", "loft_scene_graph.json", "object_list.txt"];

describeWithData("vla3d", "vla3d import of partial loft folders", async () => {
  const full = await importLoftWith([...CSV_FILES, "loft_region_result.csv"]);
  const noRegion = await importLoftWith(CSV_FILES);
  const listOnly = await importLoftWith(["object_list.txt"]);
  const listRegion = await importLoftWith(["object_list.txt", "loft_region_result.csv", "loft_objects.json"]);

  it("with every file: sound, and tasks the oracle solves", () => expectSound(full));

  it("without the region file: says so, splits the storeys at the floor slabs, keeps objects above their floor", () => {
    expect(noRegion.summary.notes.some((n) => /no \*_region_result\.csv: rooms inferred/.test(n))).toBe(true);
    expect(noRegion.summary.notes.join("\n")).toMatch(/2 storeys, one scene each \(floor levels 0\.00, 2\.9\d m\)/);
    expectSound(noRegion);
    const ground = noRegion.scenes.find((s) => s.id === "unity-loft")!;
    const table = ground.objects.find((o) => o.id === "table_21")!;
    expect(table.box.center.z).toBeGreaterThan(0); // was −2.67: lowered with the upper storey
    // the same split as with regions, up to the pendant lamps over the double-height living room
    const ids = (x: Imported, id: string) => new Set(x.scenes.find((s) => s.id === id)!.objects.map((o) => o.id));
    const upper = ids(noRegion, "unity-loft-storey1");
    const upperFull = ids(full, "unity-loft-storey1");
    expect([...upperFull].filter((id) => !upper.has(id))).toEqual([]);
  });

  it("from object_list.txt alone: carryable things are told from their labels, as with NYU40 classes", () => {
    expect(listOnly.summary.notes.some((n) => /no \*_object_result\.csv/.test(n))).toBe(true);
    const kinds = (x: Imported) => new Map(x.scenes.flatMap((s) => s.objects.map((o) => [o.id, o.kind] as const)));
    const byLabel = kinds(listOnly);
    for (const id of ["cup_108", "book_71", "newspaper_19", "tv_remote_18", "pillow_93"]) expect(byLabel.get(id), id).toBe("carryable");
    const byNyu = kinds(full);
    const differ = [...byNyu].filter(([id, kind]) => byLabel.get(id) !== kind).map(([id]) => id);
    expect(differ.length).toBeLessThanOrEqual(2);
    expectSound(listOnly);
  });

  it("from object_list.txt and the region file: regions by position, floors as with the object CSV, honest notes", () => {
    expect(listRegion.summary.notes.join("\n")).toMatch(/floor levels 0\.00, 2\.92 m/);
    const note = listRegion.summary.skipped.find((s) => s.file.endsWith("loft_objects.json"))!;
    expect(note.reason).not.toMatch(/same objects as the object CSV/);
    expectSound(listRegion);
    const ground = listRegion.scenes.find((s) => s.id === "unity-loft")!;
    expect(ground.rooms.map((r) => r.id).sort()).toEqual(["corridor_1", "living_room_2"]);
    // pillow_93 lies beyond the region boxes (x = 10.54, the living room ends at 9.08): its room grows to hold it
    expect(ground.objects.find((o) => o.id === "pillow_93")).toMatchObject({ room: "living_room_2" });
  });
});
