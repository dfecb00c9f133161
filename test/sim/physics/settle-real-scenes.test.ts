import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import { bottomZ } from "../../../sim/geometry/vertical.ts";
import { settleScene } from "../../../sim/physics/settle-scene.ts";
import { object, type TestObject } from "../geometry/fixtures.ts";

const vla3d = path.resolve(__dirname, "../../../../shared/data/vla3d");
const scenes = ["HM3D/00238-j6fHrce9pHR/00238-j6fHrce9pHR_object_result.csv", "Unity/loft/loft_object_result.csv"];

/** Never carried, whatever their size. */
const FIXTURES = /lamp|light|vent|switch|outlet|picture|clock|frame|window|ceiling|wall|door|curtain|blinds|molding|mirror|painting/;

/**
 * A VLA-3D object table as test objects: floors, carpets and rugs are floors; things under 0.6 m that are
 * not mounted fixtures are carryable; the rest is fixed furniture.
 */
function readScene(file: string): TestObject[] {
  const [header, ...rows] = fs.readFileSync(file, "utf8").trim().split("\n");
  const columns = header!.split(",");
  return rows.map((row) => {
    const cells = row.split(",");
    const num = (name: string) => Number(cells[columns.indexOf(name)]);
    const label = cells[columns.indexOf("raw_label")]!;
    const box = {
      center: { x: num("object_bbox_cx"), y: num("object_bbox_cy"), z: num("object_bbox_cz") },
      size: { x: num("object_bbox_xlength"), y: num("object_bbox_ylength"), z: num("object_bbox_zlength") },
      heading: num("object_bbox_heading"),
    };
    const carryable = Math.max(box.size.x, box.size.y, box.size.z) < 0.6 && !FIXTURES.test(label);
    return object(`${label}_${cells[0]}`, box, {
      shape: /floor|carpet|rug/.test(label) ? "floor" : "solid",
      kind: carryable ? "carryable" : "fixed",
    });
  });
}

describe.skipIf(!fs.existsSync(vla3d))("settleScene on scanned scenes (needs ../shared/data/vla3d)", () => {
  for (const scene of scenes) {
    it(`settles ${scene.split("/")[1]} and converges`, () => {
      const objects = readScene(path.join(vla3d, scene));
      const fixedBefore = objects.filter((o) => o.kind === "fixed").map((o) => JSON.stringify(o.box));
      const carryable = objects.filter((o) => o.kind === "carryable");
      expect(carryable.length).toBeGreaterThan(20);
      const passes = [];
      for (let pass = 0; pass < 3; pass++) {
        const index = new SpatialIndex(1);
        for (const o of objects) index.insert(o.id, o.box);
        passes.push(settleScene(objects, index));
      }
      // scanned boxes float and sink: the first pass moves most carryable things, later passes (almost) none
      expect(passes[0]!.moved.length).toBeGreaterThan(carryable.length / 2);
      expect(passes[1]!.moved.length).toBeLessThanOrEqual(Math.max(2, passes[0]!.unstable.length));
      expect(passes[2]!.moved).toEqual([]);
      expect(objects.filter((o) => o.kind === "fixed").map((o) => JSON.stringify(o.box))).toEqual(fixedBefore);
      for (const o of carryable) expect(Number.isFinite(o.box.center.z) && bottomZ(o.box) > -1).toBe(true);
    });
  }
});
