import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importHousekeep } from "../../../harness/importers/housekeep.ts";
import { habitatToZUp } from "../../../harness/probes/datasets/housekeep-receptacles.ts";
import { receptacleId } from "../../../harness/probes/datasets/housekeep-house-ids.ts";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import { SHARED_DATA, dataSuiteTitle, describeWithData, hasSharedData } from "../probes/shared-data.ts";

const readJsonl = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
const SRC = path.join(SHARED_DATA, "housekeep");

describeWithData("housekeep", "rearrange import housekeep on the shared data", async () => {
  const out = mkdtempSync(path.join(tmpdir(), "hk-"));
  const summary = await importHousekeep(SRC, { out, seed: 0 });
  const source = JSON.parse(readFileSync(path.join(SRC, "housekeep_train_val.json"), "utf8"));
  const episodes = JSON.parse(readFileSync(path.join(SRC, "housekeep_episodes_Ihlen_1_int.json"), "utf8")).episodes;
  const splits = Object.fromEntries(["train", "val", "test"].map((s) => [s, readJsonl(path.join(out, `ranking.${s}.jsonl`))]));

  it("accounts for every file: data used, documentation listed as skipped", () => {
    expect(summary.skipped.map((s) => path.basename(s.file)).sort()).toEqual(["LICENSE.txt", "readme.txt"]);
  });

  it("writes one case per (object, room) with a positive vote, relevance = annotators ranking it correct", () => {
    let expected = 0;
    for (const byPlace of Object.values(source.ranks) as Array<Record<string, number[]>>) {
      const rooms = new Set(Object.entries(byPlace).filter(([, r]) => r.some((v) => v > 0)).map(([k]) => k.split("|")[0]));
      expected += rooms.size;
    }
    const all = [...splits.train, ...splits.val, ...splits.test];
    expect(all).toHaveLength(expected);
    const c = all.find((x) => x.id === "housekeep/antidepressant/bathroom")!;
    expect(c.relevance["bathroom|bottom_cabinet"]).toBe(source.ranks.antidepressant["bathroom|bottom_cabinet"].filter((v: number) => v > 0).length);
    expect(c.candidates.every((k: string) => k.startsWith("bathroom|"))).toBe(true);
  });

  it("splits by object: no object in two splits, every object in one", () => {
    const objects = (s: string) => new Set(splits[s].map((c: { object: string }) => c.object));
    const [tr, va, te] = ["train", "val", "test"].map(objects);
    for (const o of te!) expect(tr!.has(o) || va!.has(o)).toBe(false);
    for (const o of va!) expect(tr!.has(o)).toBe(false);
    expect(tr!.size + va!.size + te!.size).toBe(Object.keys(source.ranks).length);
  });

  it("labels episode objects misplaced exactly as often as each episode's misplaced_count says", () => {
    const cases = readJsonl(path.join(out, "detection.cases.jsonl"));
    expect(cases).toHaveLength(episodes.length);
    for (const ep of episodes) {
      const c = cases.find((x: { id: string }) => x.id.endsWith(`/ep${ep.episode_id}`));
      expect(c.objects.filter((o: { misplaced: boolean }) => o.misplaced)).toHaveLength(ep.misplaced_count);
    }
    const gt = readJsonl(path.join(out, "detection.gt.jsonl"));
    expect(gt).toHaveLength(episodes.reduce((n: number, ep: { objects: unknown[] }) => n + ep.objects.length, 0));
  });

  it("writes a valid scene and a tidy-up task per episode, one goal per misplaced object", () => {
    const suite = JSON.parse(readFileSync(path.join(out, "housekeep.suite.json"), "utf8"));
    expect(suite.episodes).toHaveLength(episodes.length);
    for (const [i, e] of suite.episodes.entries()) {
      const scene = SceneSchema.parse(JSON.parse(readFileSync(path.join(out, e.scene), "utf8")));
      const task = JSON.parse(readFileSync(path.join(out, e.task), "utf8"));
      const ep = episodes[i];
      for (const id of Object.values(task.bindings)) if (id !== "agent") expect(scene.objects.some((o) => o.id === id)).toBe(true);
      const goalLines = task.bddl.split("(:goal")[1].split("\n").filter((l: string) => /^\s+\((or|ontop|inside) /.test(l));
      expect(goalLines).toHaveLength(ep.misplaced_count);
      expect(scene.objects.filter((o) => o.kind === "carryable")).toHaveLength(ep.objects.length);
      expect(new Set(scene.rooms.map((r) => r.type))).toEqual(new Set(["bathroom", "bedroom", "corridor", "dining_room", "kitchen", "living_room"]));
    }
  });

  it("sets each episode object on (or in) the receptacle it starts on, where Habitat put it across the floor plan", () => {
    let onFurniture = 0;
    for (const ep of episodes.slice(0, 5)) {
      const scene = JSON.parse(readFileSync(path.join(out, "scenes", `housekeep-${ep.scene_id}-ep${ep.episode_id}.scene.json`), "utf8")) as { objects: Array<{ id: string; shape: string; wall?: number; box: { center: { x: number; y: number; z: number }; size: { x: number; y: number; z: number } } }> };
      for (const o of ep.objects) {
        const spec = scene.objects.find((x) => x.id === o.key.replace(/[^A-Za-z0-9_]+/g, "_"))!;
        const r = scene.objects.find((x) => x.id === receptacleId(o.start_receptacle));
        const at = habitatToZUp(o.position);
        if (!r) {
          expect(spec.box.center).toEqual(at); // its receptacle is not imported: where Habitat dropped it, settled by the loader
          continue;
        }
        onFurniture++;
        const { center: c, size } = r.box;
        const base = c.z - size.z / 2;
        const expectedZ = r.shape === "container" ? base + (r.wall ?? 0.02) + 0.075 : base + size.z + 0.075;
        expect(spec.box.center.z, o.key).toBeCloseTo(expectedZ, 9);
        for (const axis of ["x", "y"] as const) {
          expect(Math.abs(spec.box.center[axis] - c[axis]), `${o.key} ${axis}`).toBeLessThanOrEqual(size[axis] / 2 - 0.075 + 1e-9);
          // within the receptacle's footprint already: kept where it was
          if (Math.abs(at[axis] - c[axis]) <= size[axis] / 2 - 0.1) expect(spec.box.center[axis]).toBe(at[axis]);
        }
      }
    }
    expect(onFurniture).toBeGreaterThan(20);
  });

  it("uses a given split file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hk-split-"));
    writeFileSync(path.join(dir, "split.json"), JSON.stringify({ train: ["baseball"], test: ["camera"] }));
    const s = await importHousekeep(path.join(SRC, "housekeep_train_val.json"), { out: dir, split: path.join(dir, "split.json") });
    expect(new Set(readJsonl(path.join(dir, "ranking.test.jsonl")).map((c) => c.object))).toEqual(new Set(["camera"]));
    expect(s.notes.some((n) => /objects are in no split/.test(n))).toBe(true);
  });

  it("skips a malformed file with its line and still imports the rest", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "hk-src-"));
    copyFileSync(path.join(SRC, "housekeep_episodes_Ihlen_1_int.json"), path.join(src, "episodes.json"));
    writeFileSync(path.join(src, "broken.json"), '{\n  "ranks": {\n    "cup": [1, 2,\n');
    mkdirSync(path.join(src, "out"));
    const s = await importHousekeep(src, { out: path.join(src, "out") });
    expect(s.skipped).toEqual([expect.objectContaining({ file: path.join(src, "broken.json"), where: expect.stringMatching(/^line \d+$/) })]);
    expect(s.files.map((f) => path.basename(f.path))).toContain("detection.cases.jsonl");
    expect(s.notes).toContain("no annotation file found: no ranking cases written");
  });
});

describe("Habitat y-up → z-up", () => {
  it("is a rotation: keeps lengths and handedness, and Habitat's up becomes +z", () => {
    const v = fc.tuple(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }));
    fc.assert(
      fc.property(v, (p) => {
        const q = habitatToZUp(p);
        return Math.abs(Math.hypot(q.x, q.y, q.z) - Math.hypot(...p)) < 1e-9;
      }),
    );
    const [ex, ey, ez] = [habitatToZUp([1, 0, 0]), habitatToZUp([0, 1, 0]), habitatToZUp([0, 0, 1])];
    expect(ey).toEqual({ x: 0, y: -0, z: 1 });
    // ex × ey = ez in both frames
    expect({ x: ex.y * ey.z - ex.z * ey.y, y: ex.z * ey.x - ex.x * ey.z, z: ex.x * ey.y - ex.y * ey.x }).toEqual(ez);
  });
});
