import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { SpatialIndexV1 } from "./reference/spatial-index-v1.ts";

type Op = { kind: "insert" | "remove" | "query"; id: number; x: number; y: number; sx: number; sy: number; heading: number; radius: number; nudge: boolean };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom("insert" as const, "insert" as const, "insert" as const, "remove" as const, "query" as const, "query" as const),
  id: fc.nat({ max: 15 }),
  x: fc.double({ min: -8, max: 8, noNaN: true }),
  y: fc.double({ min: -8, max: 8, noNaN: true }),
  // mostly furniture-sized, sometimes a floor bigger than the oversized threshold
  sx: fc.oneof(fc.double({ min: 0, max: 3, noNaN: true }), fc.constant(40)),
  sy: fc.double({ min: 0, max: 3, noNaN: true }),
  heading: fc.double({ min: -4, max: 4, noNaN: true }),
  radius: fc.double({ min: 0, max: 2, noNaN: true }),
  // a small move of an indexed id: usually the same cells (the kept-bucket path)
  nudge: fc.boolean(),
});

describe("SpatialIndex (same-cell moves keep their buckets) = the index that removed and re-inserted every move", () => {
  it("same query results, in the same order, after any sequence of inserts, moves, removes", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const a = new SpatialIndex(1);
        const b = new SpatialIndexV1(1);
        const last = new Map<string, Box>();
        for (const op of ops) {
          const id = `o${op.id}`;
          const prev = last.get(id);
          const box: Box = op.nudge && prev
            ? { center: { x: prev.center.x + op.radius * 0.01, y: prev.center.y - op.radius * 0.01, z: 0 }, size: prev.size, heading: prev.heading }
            : { center: { x: op.x, y: op.y, z: 0 }, size: { x: op.sx, y: op.sy, z: 1 }, heading: op.heading };
          if (op.kind === "insert") {
            a.insert(id, box);
            b.insert(id, box);
            last.set(id, box);
          } else if (op.kind === "remove") {
            expect(a.remove(id)).toBe(b.remove(id));
            last.delete(id);
          } else expect(a.query(box, op.radius)).toEqual(b.query(box, op.radius));
          expect(a.size).toBe(b.size);
          expect(a.has(id)).toBe(b.has(id));
        }
        // every indexed box, queried with a margin, sees the same neighbours in the same order
        for (const box of last.values()) expect(a.query(box, 1.5)).toEqual(b.query(box, 1.5));
        expect(a.query({ center: { x: 0, y: 0, z: 0 }, size: { x: 100, y: 100, z: 1 }, heading: 0 })).toEqual(b.query({ center: { x: 0, y: 0, z: 0 }, size: { x: 100, y: 100, z: 1 }, heading: 0 }));
      }),
      { numRuns: 300 },
    );
  });

  it("the same beyond ±16 km, where cell keys leave the small-integer range, and across it", () => {
    // clusters near the origin and tens of kilometres out (on both sides of the key ranges' border), queried
    // one by one and with boxes that span them (a range wider than the occupied cells walks those instead)
    const offset = fc.constantFrom(0, 16_383.5, 20_000, -30_000, 1_000_000);
    const farOp = fc.record({ op: opArb, ox: offset, oy: offset });
    fc.assert(
      fc.property(fc.array(farOp, { maxLength: 60 }), (ops) => {
        const a = new SpatialIndex(1);
        const b = new SpatialIndexV1(1);
        for (const { op, ox, oy } of ops) {
          const id = `o${op.id}`;
          const box: Box = { center: { x: op.x + ox, y: op.y + oy, z: 0 }, size: { x: op.sx, y: op.sy, z: 1 }, heading: op.heading };
          if (op.kind === "insert") {
            a.insert(id, box);
            b.insert(id, box);
          } else if (op.kind === "remove") expect(a.remove(id)).toBe(b.remove(id));
          else expect(a.query(box, op.radius)).toEqual(b.query(box, op.radius));
        }
        for (const span of [40_000, 2_100_000]) {
          const wide: Box = { center: { x: 0, y: 0, z: 0 }, size: { x: span, y: span, z: 1 }, heading: 0 };
          expect(a.query(wide)).toEqual(b.query(wide));
        }
      }),
      { numRuns: 200 },
    );
  });
});
