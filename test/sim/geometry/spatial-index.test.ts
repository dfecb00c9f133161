import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { horizontalGap } from "../../../sim/geometry/gap.ts";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import { arbBox } from "./arbitraries.ts";
import { box } from "./fixtures.ts";

describe("SpatialIndex", () => {
  it("finds near boxes and skips far ones", () => {
    const index = new SpatialIndex(1);
    index.insert("a", box(0, 0, 0, 0.2, 0.2, 0.2));
    index.insert("b", box(0.5, 0, 0, 0.2, 0.2, 0.2));
    index.insert("far", box(20, 20, 0, 0.2, 0.2, 0.2));
    expect(index.query(box(0, 0, 0, 0.1, 0.1, 0.1), 0.5).sort()).toEqual(["a", "b"]);
    expect(index.query(box(0, 0, 0, 0.1, 0.1, 0.1), 0)).toEqual(["a"]);
  });

  it("follows updates and removals", () => {
    const index = new SpatialIndex(0.5);
    index.insert("a", box(0, 0, 0, 0.2, 0.2, 0.2));
    index.update("a", box(10, 0, 0, 0.2, 0.2, 0.2));
    expect(index.query(box(0, 0, 0, 0.2, 0.2, 0.2), 1)).toEqual([]);
    expect(index.query(box(10, 0, 0, 0.2, 0.2, 0.2), 0)).toEqual(["a"]);
    expect(index.remove("a")).toBe(true);
    expect(index.remove("a")).toBe(false);
    expect(index.size).toBe(0);
    expect(index.query(box(10, 0, 0, 0.2, 0.2, 0.2), 1)).toEqual([]);
  });

  it("finds boxes far larger than a cell (room floors)", () => {
    const index = new SpatialIndex(0.25);
    index.insert("floor", box(0, 0, -0.05, 60, 60, 0.1));
    index.insert("cup", box(3, 3, 0.05, 0.1, 0.1, 0.1));
    expect(index.query(box(-20, 10, 0, 0.1, 0.1, 0.1), 0)).toEqual(["floor"]);
    expect(index.query(box(3, 3, 0, 0.1, 0.1, 0.1), 0).sort()).toEqual(["cup", "floor"]);
  });

  it("rejects a bad cell size", () => {
    expect(() => new SpatialIndex(0)).toThrow(/cellSize/);
  });

  it("returns a superset of the brute-force neighbours", () => {
    fc.assert(
      fc.property(
        fc.array(arbBox, { maxLength: 40 }),
        arbBox,
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.constantFrom(0.3, 1, 2.5),
        (boxes, q, radius, cellSize) => {
          const index = new SpatialIndex(cellSize);
          boxes.forEach((b, i) => index.insert(`o${i}`, b));
          const found = new Set(index.query(q, radius));
          expect(found.size).toBe(index.query(q, radius).length); // no duplicates
          boxes.forEach((b, i) => {
            if (horizontalGap(b, q) <= radius) expect(found.has(`o${i}`)).toBe(true);
          });
        },
      ),
    );
  });
});
