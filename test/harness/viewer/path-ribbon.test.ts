import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ribbonVertices } from "../../../harness/viewer/client/path-ribbon.js";

const pointArb = fc.record({ x: fc.double({ min: -20, max: 20, noNaN: true }), y: fc.double({ min: -20, max: 20, noNaN: true }) });

/** Distance from p to the segment ab on the plane. */
function segmentDistance(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

describe("path ribbon", () => {
  it("stays within half its width of the path, flat at its height, in whole triangles", () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 1, maxLength: 8 }), fc.double({ min: 0.01, max: 0.5, noNaN: true }), (points, width) => {
        const v = ribbonVertices(points, width, 0.02);
        expect(v.length % 9).toBe(0);
        for (let i = 0; i < v.length; i += 3) {
          expect(v[i + 2]).toBe(0.02);
          const p = { x: v[i]!, y: v[i + 1]! };
          const d = points.length === 1 ? Math.hypot(p.x - points[0]!.x, p.y - points[0]!.y) : Math.min(...points.slice(1).map((b, j) => segmentDistance(p, points[j]!, b)));
          expect(d).toBeLessThanOrEqual(width / 2 + 1e-9);
        }
      }),
    );
  });

  it("faces up: every triangle winds counter-clockwise seen from above", () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 2, maxLength: 6 }), (points) => {
        const v = ribbonVertices(points, 0.1, 0);
        for (let i = 0; i < v.length; i += 9) {
          const cross = (v[i + 3]! - v[i]!) * (v[i + 7]! - v[i + 1]!) - (v[i + 4]! - v[i + 1]!) * (v[i + 6]! - v[i]!);
          expect(cross).toBeGreaterThanOrEqual(-1e-12);
        }
      }),
    );
  });
});
