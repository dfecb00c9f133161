/**
 * The floor of a VLA-3D folder without a region file. A scan's floor slab is a thick box around the scanned
 * surface (ScanNet scene0010_01: 0.31 m, top 0.2 m above where the desks stand), so the floor is where the
 * standing things' bottoms cluster, not the slab's top; raising only what is "sunk" under a too-high floor
 * left monitors 0.2–0.3 m inside their desks. A stray lower slab (Matterport 5q7pvUzZiYa's landing) must not
 * pull the floor down either. No shared data needed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bottomOf, importAndRead, objectCsv, topOf, writeFolder, type RowSpec } from "./vla3d-fixtures.ts";

describe("vla3d import without a region file: the floor", () => {
  it("a 0.3 m slab centred 5 cm up: the desk stays on the floor and the monitor on the desk (repro vla3d-thick-floor)", async () => {
    const src = writeFolder("Min", "thick_floor", {
      "thick_floor_object_result.csv": objectCsv([
        { id: 0, raw: "floor", center: [0, 0, 0.05], size: [5, 4, 0.3] },
        { id: 1, raw: "desk", center: [0, 0, 0.45], size: [1.5, 0.8, 0.9] },
        { id: 2, raw: "monitor", nyu40: "otherprop", center: [0, 0, 1.1], size: [0.6, 0.2, 0.4] },
      ]),
    });
    const { scenes, summary } = await importAndRead(src);
    const scene = scenes.get("min-thick_floor")!;
    const desk = scene.objects.find((o) => o.id === "desk_1")!;
    const monitor = scene.objects.find((o) => o.id === "monitor_2")!;
    expect(bottomOf(desk)).toBeCloseTo(0, 6);
    expect(bottomOf(monitor)).toBeCloseTo(topOf(desk), 6); // was 0.7 against a desk top of 0.9
    expect(summary.notes.join("\n")).not.toMatch(/raised onto it/);
  });

  it("a stray slab under a storey does not set its floor: things stand at 0, nothing floats", async () => {
    const rows: RowSpec[] = [
      { id: 0, raw: "floor", center: [0, 0, 0.1], size: [8, 8, 0.3] },
      { id: 1, raw: "floor", center: [3, 3, 3.3], size: [8, 8, 0.3] },
      // the landing: 0.45 m below the upper floor's surface (3.2), its top at 2.75
      { id: 2, raw: "floor", center: [1, 1, 2.6], size: [4, 3, 0.3] },
    ];
    for (let i = 0; i < 6; i++) rows.push({ id: 10 + i, raw: "dresser", center: [i - 2, 1, 0.5], size: [0.8, 0.5, 1] });
    for (let i = 0; i < 6; i++) rows.push({ id: 20 + i, raw: "dresser", center: [i, 3, 3.7], size: [0.8, 0.5, 1] });
    const { scenes, summary } = await importAndRead(writeFolder("Mp", "house", { "house_object_result.csv": objectCsv(rows) }));
    expect(summary.notes.join("\n")).toMatch(/2 storeys, one scene each \(floor levels 0\.00, 3\.20 m\)/);
    for (const s of scenes.values()) for (const o of s.objects) expect(bottomOf(o), `${s.id} ${o.id}`).toBeCloseTo(0, 6);
  });

  it("property: any slab thickness and offset: floor-standing things keep their bottoms at the floor, what rests on them stays on them", async () => {
    const thing = fc.record({
      height: fc.double({ min: 0.4, max: 1.2, noNaN: true }),
      noise: fc.double({ min: -0.03, max: 0.03, noNaN: true }),
      item: fc.option(fc.record({ height: fc.double({ min: 0.05, max: 0.4, noNaN: true }), gap: fc.double({ min: -0.02, max: 0.02, noNaN: true }) }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: -2, max: 2, noNaN: true }), // the scanned floor surface
        fc.double({ min: 0.02, max: 0.6, noNaN: true }), // slab thickness
        fc.double({ min: -1, max: 1, noNaN: true }), // where the surface lies in the slab
        fc.array(thing, { minLength: 1, maxLength: 6 }),
        async (surface, thickness, offset, things) => {
          const rows: RowSpec[] = [{ id: 0, raw: "floor", center: [0, 0, surface + (offset * thickness) / 2], size: [10, 10, thickness] }];
          const gaps = new Map<string, { under: string; gap: number }>();
          things.forEach((t, i) => {
            const bottom = surface + t.noise;
            rows.push({ id: 1 + 2 * i, raw: "dresser", center: [i * 1.2 - 3, 0, bottom + t.height / 2], size: [1, 0.6, t.height] });
            if (t.item) {
              const b = bottom + t.height + t.item.gap;
              rows.push({ id: 2 + 2 * i, raw: "vase", nyu40: "otherprop", center: [i * 1.2 - 3, 0, b + t.item.height / 2], size: [0.2, 0.2, t.item.height] });
              gaps.set(`vase_${2 + 2 * i}`, { under: `dresser_${1 + 2 * i}`, gap: t.item.gap });
            }
          });
          const { scenes } = await importAndRead(writeFolder("P", "scan", { "scan_object_result.csv": objectCsv(rows) }));
          const [scene] = [...scenes.values()];
          const byId = new Map(scene!.objects.map((o) => [o.id, o]));
          // the floor is at 0 up to the scan noise (0.06 between the lowest and highest bottom) and the 0.1 m a
          // floor may be off before a storey is lowered at all
          for (const o of scene!.objects.filter((x) => x.id.startsWith("dresser"))) expect(Math.abs(bottomOf(o))).toBeLessThanOrEqual(0.1 + 0.06 + 1e-9);
          for (const [id, { under, gap }] of gaps) expect(bottomOf(byId.get(id)!) - topOf(byId.get(under)!)).toBeCloseTo(gap, 6);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
