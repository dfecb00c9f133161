import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellKey, SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { arbBox } from "./arbitraries.ts";

type Op = { kind: "insert"; id: number; box: Box } | { kind: "remove"; id: number };

/** Boxes up to 15 m: at 0.3 m cells those over ~9.6 m cover more than 1,024 cells and go to the oversized list. */
const arbBigBox: fc.Arbitrary<Box> = fc
  .record({ cx: fc.double({ min: -20, max: 20, noNaN: true }), cy: fc.double({ min: -20, max: 20, noNaN: true }), sx: fc.double({ min: 5, max: 15, noNaN: true }), sy: fc.double({ min: 5, max: 15, noNaN: true }) })
  .map(({ cx, cy, sx, sy }) => ({ center: { x: cx, y: cy, z: 0 }, size: { x: sx, y: sy, z: 0.1 }, heading: 0 }));

/** Few ids, so that ops often move or remove what is there; small boxes mostly, some oversized. */
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("insert" as const), id: fc.nat(11), box: arbBox }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("insert" as const), id: fc.nat(11), box: arbBigBox }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), id: fc.nat(11) }) },
);

function run(index: SpatialIndex, ops: readonly Op[]): unknown[] {
  return ops.map((op) => (op.kind === "insert" ? index.insert(`o${op.id}`, op.box) : index.remove(`o${op.id}`)));
}

interface Internals {
  cells: Map<number, { id: string }[]>;
  entries: Map<string, { id: string; bounds: unknown; cells: { x0: number; y0: number; x1: number; y1: number } | null; buckets: unknown[] } | null>;
  oversized: Map<string, { id: string; bounds: unknown }>;
}

/**
 * Everything of the index a query can reach: each non-empty cell's bucket in order, each entry's bounds and cells, the
 * oversized list in order. Entries are compared by id: that map is only read by key. Checks on the way that
 * every entry's buckets are the very arrays its cells hold (a stale array would drop it from later moves).
 */
function state(index: SpatialIndex): unknown {
  const idx = index as unknown as Internals;
  for (const e of idx.entries.values()) {
    if (!e?.cells) continue;
    let i = 0;
    for (let cx = e.cells.x0; cx <= e.cells.x1; cx++) {
      for (let cy = e.cells.y0; cy <= e.cells.y1; cy++, i++) expect(e.buckets[i]).toBe(idx.cells.get(cellKey(cx, cy)));
    }
  }
  return {
    // an emptied bucket is kept (no query finds anything in it): compare the cells that hold something
    cells: [...idx.cells].filter(([, b]) => b.length > 0).sort((a, b) => a[0] - b[0]).map(([k, b]) => [k, b.map((e) => e.id)]),
    entries: [...idx.entries].filter(([, e]) => e !== null).sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([id, e]) => [id, e!.bounds, e!.cells]),
    oversized: [...idx.oversized].map(([id, e]) => [id, e.bounds]),
    size: index.size,
  };
}

describe("SpatialIndex checkpoint and rollback", () => {
  it("rollback gives the index as at its checkpoint: same buckets in the same order, same answers, same behaviour after", () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 30 }),
        fc.array(fc.array(opArb, { maxLength: 20 }), { minLength: 1, maxLength: 3 }),
        fc.array(opArb, { maxLength: 15 }),
        fc.array(fc.tuple(arbBox, fc.double({ min: 0, max: 3, noNaN: true })), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0.3, 1),
        (setup, episodes, after, queries, cellSize) => {
          const index = new SpatialIndex(cellSize);
          const twin = new SpatialIndex(cellSize);
          run(index, setup);
          run(twin, setup);
          index.checkpoint();
          // several episodes, each rolled back: the checkpoint stays
          for (const ops of episodes) {
            run(index, ops);
            index.rollback();
            expect(state(index)).toEqual(state(twin));
            for (const [q, r] of queries) expect(index.query(q, r)).toEqual(twin.query(q, r));
          }
          // and from there it behaves as the twin that never moved
          expect(run(index, after)).toEqual(run(twin, after));
          expect(state(index)).toEqual(state(twin));
          for (const [q, r] of queries) expect(index.query(q, r)).toEqual(twin.query(q, r));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rollback without a checkpoint throws", () => {
    expect(() => new SpatialIndex(1).rollback()).toThrow(/checkpoint/);
  });
});
