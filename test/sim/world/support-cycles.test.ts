/**
 * Supports never form a cycle. Two price tags a millimetre thick, overlapping on a table, are each `ontop` of the
 * other by the predicate's tolerance; loading made each the other's support, and every later walk up the scene graph
 * (whether an object hangs under the agent) looped forever: importing a BEHAVIOR-1K activity with four price tags
 * never ended. And a box on the floor with a puzzle on its lid was loaded as resting `under` the puzzle, the puzzle
 * then on the floor: the explorer, following supports, believed a teddy on the lid inside the box and stopped.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { tinyFlatInput } from "../../helpers/scenes.ts";

/** The tiny flat with `n` tags of the given thickness laid overlapping on the kitchen table (top at 0.75 m). */
function withTags(n: number, thickness: number, offsets: number[]) {
  const input = tinyFlatInput();
  for (let i = 0; i < n; i++) {
    input.objects.push({ id: `tag_${i}`, category: "price_tag.n.01", room: "kitchen", kind: "carryable", box: { center: [1.8 + offsets[i]!, 1.2, 0.75 + thickness / 2], size: [0.08, 0.05, thickness] } });
  }
  return SceneSchema.parse(input);
}

/** The support chain of `id`, failing if it revisits an object. */
function chain(supports: ReadonlyMap<string, { target: string }>, id: string): string[] {
  const seen = [id];
  for (let s = supports.get(id); s; s = supports.get(s.target)) {
    expect(seen, `support cycle through ${s.target}`).not.toContain(s.target);
    seen.push(s.target);
  }
  return seen;
}

describe("supports of thin overlapping objects", () => {
  it("loads two overlapping one-millimetre tags with supports that end at the table", () => {
    const world = loadWorld(withTags(2, 0.001, [0, 0.03]));
    for (const id of ["tag_0", "tag_1"]) expect(chain(world.supports, id)).toContain("table_1");
  });

  it("never makes a cycle, whatever the number, thickness and overlap of the tags", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.double({ min: 0.0005, max: 0.004, noNaN: true }), fc.array(fc.double({ min: -0.06, max: 0.06, noNaN: true }), { minLength: 5, maxLength: 5 }), (n, thickness, offsets) => {
        const world = loadWorld(withTags(n, thickness, offsets));
        for (let i = 0; i < n; i++) chain(world.supports, `tag_${i}`);
      }),
      { numRuns: 40 },
    );
  });

  it("refuses, naming both, a support that rests on the object itself", () => {
    const world = loadWorld(withTags(2, 0.01, [0, 0.2]));
    world.setPose("tag_1", world.get("tag_1").box, { relation: "ontop", target: "tag_0" });
    expect(() => world.setPose("tag_0", world.get("tag_0").box, { relation: "ontop", target: "tag_1" })).toThrow("tag_0 cannot rest on tag_1, which rests on tag_0");
  });

  it("loads a box on the floor with things on its lid as on the floor, and the things as on the box", () => {
    const input = tinyFlatInput();
    input.objects.push(
      { id: "box_1", category: "packing_box.n.02", room: "kitchen", kind: "carryable", shape: "container", abilities: ["container", "openable"], states: { open: false }, box: { center: [1, 2, 0.16], size: [0.8, 0.6, 0.32] } },
      { id: "puzzle_1", category: "jigsaw_puzzle.n.01", room: "kitchen", kind: "carryable", box: { center: [1, 1.9, 0.35], size: [0.35, 0.25, 0.06] } },
      { id: "teddy_1", category: "teddy.n.01", room: "kitchen", kind: "carryable", box: { center: [1, 2.15, 0.46], size: [0.2, 0.15, 0.28] } },
    );
    const world = loadWorld(SceneSchema.parse(input));
    expect(world.supports.get("box_1")).toEqual({ relation: "onfloor", target: "floor_kitchen" });
    expect(world.supports.get("puzzle_1")).toEqual({ relation: "ontop", target: "box_1" });
    expect(world.supports.get("teddy_1")).toEqual({ relation: "ontop", target: "box_1" });
  });
});
