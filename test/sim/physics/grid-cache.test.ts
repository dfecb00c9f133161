/**
 * `cachedGridPoses` / `cachedBesidePoses` against `gridPoses` / `besidePoses` made afresh: the same poses
 * (numbers and key order), in the same order, with the same bounds, whatever was asked before under the
 * same key, and unchanged when the caller's boxes are edited after the call.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { besidePoses, gridPoses } from "../../../sim/physics/candidate-grid.ts";
import { cachedBesidePoses, cachedGridPoses } from "../../../sim/physics/grid-cache.ts";
import type { Box } from "../../../sim/scene/schema.ts";

const num = (min: number, max: number) => fc.double({ min, max, noNaN: true });
// a few values each, so that repeated requests hit the cache and near ones (same but one number) miss it
const area = fc.record({
  x: fc.oneof(fc.constantFrom(0, 1.5, -0.0), num(-3, 3)),
  y: fc.constantFrom(0, 2),
  z: fc.constantFrom(0.7, 0.4),
  sx: fc.oneof(fc.constantFrom(1.2, 0.5), num(0, 2)),
  sy: fc.constantFrom(0.8, 0.3, 0.05),
  sz: fc.constantFrom(0.04, 0.6),
  heading: fc.oneof(fc.constantFrom(0, Math.PI / 2, -0.0), num(-Math.PI, Math.PI)),
});
const request = fc.record({
  key: fc.constantFrom("table_1", "basket_1", "floor_1"),
  area,
  surfaceZ: fc.constantFrom(0.75, 0.0, 0.42),
  size: fc.record({ x: fc.constantFrom(0.1, 0.25, 0.3), y: fc.constantFrom(0.1, 0.2), z: fc.constantFrom(0.05, 0.3) }),
  kind: fc.constantFrom("contain" as const, "centre" as const, "beside" as const),
  gap: fc.constantFrom(0.01, 0.02),
  edit: fc.boolean(),
});

const boxOf = (a: { x: number; y: number; z: number; sx: number; sy: number; sz: number; heading: number }): Box => ({
  center: { x: a.x, y: a.y, z: a.z },
  size: { x: a.sx, y: a.sy, z: a.sz },
  heading: a.heading,
});

describe("cached candidate grids = grids made afresh", () => {
  it("same poses, order and bounds over any sequence of requests", () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 40 }), (requests) => {
        for (const r of requests) {
          const a = boxOf(r.area);
          const size = { ...r.size };
          const got = r.kind === "beside" ? cachedBesidePoses(r.key, a, r.surfaceZ, size, r.gap) : cachedGridPoses(r.key, a, r.surfaceZ, size, r.kind);
          // the caller edits its boxes afterwards: what the cache keeps must not change
          if (r.edit) {
            a.center.x += 1;
            a.heading += 0.1;
            size.x += 0.05;
          }
          const fresh = boxOf(r.area);
          const want = r.kind === "beside" ? besidePoses(fresh, r.surfaceZ, { ...r.size }, r.gap) : gridPoses(fresh, r.surfaceZ, { ...r.size }, r.kind);
          expect(got.length).toBe(want.length);
          expect(got.bounds).toEqual(want.bounds);
          // JSON: key order too (the poses are written to trajectories)
          expect(JSON.stringify(got.toArray())).toBe(JSON.stringify(want.toArray()));
        }
      }),
      { numRuns: 200 },
    );
  });
});
