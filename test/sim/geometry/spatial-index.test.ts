import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { horizontalGap } from "../../../sim/geometry/gap.ts";
import { footprintBounds } from "../../../sim/geometry/footprint.ts";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import type { Box } from "../../../sim/scene/schema.ts";
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
  it("a move within the same cells is seen by the next query: the box where it is now, not where it was", () => {
    const index = new SpatialIndex(1);
    index.insert("a", box(0.2, 0.2, 0, 0.1, 0.1, 0.1));
    index.insert("a", box(0.8, 0.8, 0, 0.1, 0.1, 0.1)); // still cell (0, 0)
    expect(index.query(box(0.2, 0.2, 0, 0.1, 0.1, 0.1), 0.1)).toEqual([]);
    expect(index.query(box(0.8, 0.8, 0, 0.1, 0.1, 0.1), 0)).toEqual(["a"]);
    // and back after a rollback
    index.checkpoint();
    index.insert("a", box(0.5, 0.5, 0, 0.1, 0.1, 0.1));
    expect(index.query(box(0.8, 0.8, 0, 0.1, 0.1, 0.1), 0.1)).toEqual([]);
    index.rollback();
    expect(index.query(box(0.8, 0.8, 0, 0.1, 0.1, 0.1), 0)).toEqual(["a"]);
    expect(index.query(box(0.5, 0.5, 0, 0.1, 0.1, 0.1), 0.1)).toEqual([]);
  });

  it("answers exactly the ids whose footprint bounds are within the radius, after any inserts, moves, removes and rollbacks", () => {
    // what `query` promises of its candidates, computed by brute force over the boxes the index should hold
    const near = (b: Box, q: Box, r: number) => {
      const p = footprintBounds(b);
      const w = footprintBounds(q);
      const dx = Math.max(0, p.minX - w.maxX, w.minX - p.maxX);
      const dy = Math.max(0, p.minY - w.maxY, w.minY - p.maxY);
      return dx * dx + dy * dy <= (r + 1e-9) * (r + 1e-9);
    };
    const op = fc.record({
      kind: fc.constantFrom("insert", "insert", "move", "remove", "query", "checkpoint", "rollback"),
      id: fc.nat({ max: 11 }),
      b: arbBox,
      dx: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
      dy: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
      r: fc.double({ min: 0, max: 1.5, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const index = new SpatialIndex(1);
        let live = new Map<string, Box>();
        let saved: Map<string, Box> | null = null;
        for (const o of ops) {
          const id = `o${o.id}`;
          const prev = live.get(id);
          if (o.kind === "insert" || (o.kind === "move" && prev)) {
            const b = o.kind === "move" ? { ...prev!, center: { x: prev!.center.x + o.dx, y: prev!.center.y + o.dy, z: prev!.center.z } } : o.b;
            index.insert(id, b);
            live.set(id, b);
          } else if (o.kind === "remove") {
            index.remove(id);
            live.delete(id);
          } else if (o.kind === "checkpoint") {
            index.checkpoint();
            saved = new Map(live);
          } else if (o.kind === "rollback" && saved) {
            index.rollback();
            live = new Map(saved);
          }
          const got = index.query(o.b, o.r).sort();
          const want = [...live].filter(([, b]) => near(b, o.b, o.r)).map(([k]) => k).sort();
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 200 },
    );
  });
});
