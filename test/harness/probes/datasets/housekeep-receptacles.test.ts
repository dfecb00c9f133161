/**
 * Housekeep receptacle boxes: sized by category (episodes give model origins and drop heights, not sizes), and
 * cut back where two cut into each other — no shared data needed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { housekeepReceptacles } from "../../../../harness/probes/datasets/housekeep-receptacles.ts";
import type { HousekeepEpisode } from "../../../../harness/probes/datasets/housekeep.ts";
import type { ObjectSpec } from "../../../../sim/scene/schema.ts";

/** Habitat (y up): our (x, y, z) is Habitat's (x, z, −y). */
const hab = (x: number, y: number, z: number): [number, number, number] => [x, z, -y];

function episode(receptacles: Array<[string, string, [number, number, number]]>, objects: Array<[string, string, [number, number, number]]> = []): HousekeepEpisode {
  return {
    episode_id: 0,
    scene_id: "house",
    receptacles: receptacles.map(([key, category, position]) => ({ key, category, position })),
    objects: objects.map(([key, start, position]) => ({ key, category: "cup", position, start_receptacle: start, goal_receptacles: [] })),
  };
}

const bounds = (o: ObjectSpec) => ({
  minX: o.box.center.x - o.box.size.x / 2,
  maxX: o.box.center.x + o.box.size.x / 2,
  minY: o.box.center.y - o.box.size.y / 2,
  maxY: o.box.center.y + o.box.size.y / 2,
  bottom: o.box.center.z - o.box.size.z / 2,
  top: o.box.center.z + o.box.size.z / 2,
});

/** How far two boxes cut into each other (the smallest of the three overlaps; ≤ 0 when they do not). */
function cut(a: ObjectSpec, b: ObjectSpec): number {
  const p = bounds(a);
  const q = bounds(b);
  return Math.min(Math.min(p.maxX, q.maxX) - Math.max(p.minX, q.minX), Math.min(p.maxY, q.maxY) - Math.max(p.minY, q.minY), Math.min(p.top, q.top) - Math.max(p.bottom, q.bottom));
}

describe("housekeepReceptacles", () => {
  it("gives a bed its usual height, not the height things were dropped onto it from", () => {
    const r = housekeepReceptacles([episode([["bedroom_0-bed_1_0.urdf", "bed", hab(2, 2, 0.8)]], [["book_1", "bedroom_0-bed_1_0.urdf", hab(2.3, 2.2, 1.5)]])]);
    const bed = r.get("bedroom_0-bed_1_0.urdf")!;
    expect(bounds(bed).bottom).toBe(0);
    expect(bounds(bed).top).toBeCloseTo(0.6, 9);
  });

  it("puts a counter top over the dishwasher under it, and hangs a wall cabinet above the fridge", () => {
    const r = housekeepReceptacles([
      episode([
        ["kitchen_0-counter_1_0.urdf", "counter", hab(1, 1, 0.9)],
        ["kitchen_0-dishwasher_2_0.urdf", "dishwasher", hab(1, 1, 0.45)],
        ["kitchen_0-fridge_3_0.urdf", "fridge", hab(3, 1, 0.9)],
        ["kitchen_0-top_cabinet_4_0.urdf", "top_cabinet", hab(3, 1, 1.8)],
      ]),
    ]);
    const counter = bounds(r.get("kitchen_0-counter_1_0.urdf")!);
    const dishwasher = bounds(r.get("kitchen_0-dishwasher_2_0.urdf")!);
    expect(counter.bottom).toBeCloseTo(dishwasher.top, 9);
    expect(counter.top).toBeCloseTo(0.9, 9);
    expect(bounds(r.get("kitchen_0-top_cabinet_4_0.urdf")!).bottom).toBeCloseTo(bounds(r.get("kitchen_0-fridge_3_0.urdf")!).top, 9);
  });

  it("cuts two cabinets side by side back to meet, each still holding what starts in it", () => {
    const a = "kitchen_0-bottom_cabinet_1_0.urdf";
    const b = "kitchen_0-bottom_cabinet_2_0.urdf";
    const r = housekeepReceptacles([episode([[a, "bottom_cabinet", hab(1, 1, 0.4)], [b, "bottom_cabinet", hab(1.4, 1, 0.4)]], [["cup_1", a, hab(0.9, 1, 0.3)], ["cup_2", b, hab(1.6, 1, 0.3)]])]);
    const [p, q] = [bounds(r.get(a)!), bounds(r.get(b)!)];
    expect(p.maxX).toBeCloseTo(q.minX, 9);
    expect(p.maxX).toBeGreaterThanOrEqual(0.9 + 0.075);
    expect(q.minX).toBeLessThanOrEqual(1.6 - 0.075);
  });

  it("leaves no two side-by-side receptacles cutting into each other when there is room to part them", () => {
    const categories = ["table", "chair", "bottom_cabinet", "sofa_chair", "chest", "shelf", "sink"];
    const arb = fc.uniqueArray(fc.record({ x: fc.integer({ min: 0, max: 40 }), y: fc.integer({ min: 0, max: 40 }), c: fc.constantFrom(...categories) }), { minLength: 2, maxLength: 8, selector: (p) => `${p.x},${p.y}` });
    fc.assert(
      fc.property(arb, (placed) => {
        // positions on a 0.1 m grid, apart by at least 0.5 m along some axis: there is always room between two centres
        const spread = placed.filter((p, i) => placed.every((q, j) => j >= i || Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)) >= 5));
        const r = housekeepReceptacles([episode(spread.map((p, i) => [`room_0-${p.c}_${i}_0.urdf`, p.c, hab(p.x / 10, p.y / 10, 0.4)]))]);
        const boxes = [...r.values()];
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(cut(boxes[i]!, boxes[j]!), `${boxes[i]!.id} ${boxes[j]!.id}`).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 200 },
    );
  });
});
