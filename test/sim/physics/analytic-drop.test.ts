import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintWithin } from "../../../sim/geometry/containment.ts";
import { fromBoxFrame } from "../../../sim/geometry/footprint.ts";
import { CONTACT_DISTANCE, soleSupportIndex, staticPart } from "../../../sim/physics/analytic-drop.ts";
import { dropTest } from "../../../sim/physics/drop-test.ts";
import { instability } from "../../../sim/physics/find-placement.ts";
import { MAX_DRIFT, MAX_SINK, MAX_TILT } from "../../../sim/physics/physics-constants.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { box, restingBox } from "../geometry/fixtures.ts";

const slab = box(0, 0, 0.73, 1.2, 0.8, 0.04); // a table top at 0.75 m
const sole = (pose: Box, statics: Box[]) => soleSupportIndex(pose, statics.map(staticPart));
/** The physics check as `findPlacement` runs it. */
const drop = (pose: Box, statics: Box[]) => dropTest(pose, statics, { stopWhen: { sink: 3 * MAX_SINK, tilt: 3 * MAX_TILT } });

/**
 * A box resting with its whole footprint on the top of one slab, nothing else around. Sides are at least
 * 5 cm and at most 50 cm (so at most 10:1), slabs at least 2 cm thick: this leaves out by construction
 * the one class where cannon-es rejects a fully supported drop, long thin boxes (20:1 and more, about a
 * metre long) that its solver lets sink into their support (docs/performance.md).
 */
const supportedDrop = fc
  .record({
    slab: fc.record({
      x: fc.double({ min: -2, max: 2, noNaN: true }),
      y: fc.double({ min: -2, max: 2, noNaN: true }),
      z: fc.double({ min: 0, max: 1, noNaN: true }),
      sx: fc.double({ min: 0.8, max: 2, noNaN: true }),
      sy: fc.double({ min: 0.8, max: 2, noNaN: true }),
      thickness: fc.double({ min: 0.02, max: 0.1, noNaN: true }),
      heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    }),
    size: fc.record({ x: fc.double({ min: 0.05, max: 0.5, noNaN: true }), y: fc.double({ min: 0.05, max: 0.5, noNaN: true }), z: fc.double({ min: 0.05, max: 0.5, noNaN: true }) }),
    // aligned with the slab (a quarter turn or none, and up to flush with its edges), or at any heading
    aligned: fc.boolean(),
    quarter: fc.boolean(),
    turn: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    u: fc.double({ min: -1, max: 1, noNaN: true }),
    v: fc.double({ min: -1, max: 1, noNaN: true }),
  })
  .map(({ slab: s, size, aligned, quarter, turn, u, v }) => {
    const support = box(s.x, s.y, s.z, s.sx, s.sy, s.thickness, s.heading);
    const [ex, ey] = aligned && quarter ? [size.y, size.x] : [size.x, size.y];
    // room for the centre: flush with the edges when aligned; within the footprint's circumcircle otherwise
    const r = Math.hypot(size.x, size.y) / 2;
    const [hu, hv] = aligned ? [(s.sx - ex) / 2, (s.sy - ey) / 2] : [s.sx / 2 - r, s.sy / 2 - r];
    const c = fromBoxFrame(support, { x: u * hu, y: v * hv });
    const heading = aligned ? s.heading + (quarter ? Math.PI / 2 : 0) : turn;
    return { support, pose: restingBox(c.x, c.y, s.z + s.thickness / 2, size.x, size.y, size.z, heading) };
  });

describe("the drop test's analytic fast path", () => {
  it("agrees with cannon-es on fully supported drops: it stays where it was set down", () => {
    fc.assert(
      fc.property(supportedDrop, ({ support, pose }) => {
        expect(footprintWithin(pose, support, 1e-9)).toBe(true);
        // the fast path takes it …
        expect(sole(pose, [support])).toBe(0);
        // … and cannon-es, dropping it from 5 mm, accepts it where it was set down
        const out = drop(pose, [support]);
        expect(instability(out, { restsOn: null })).toBeNull();
        expect(out.drift).toBeLessThan(MAX_DRIFT);
        expect(Math.abs(out.sink)).toBeLessThan(MAX_SINK);
        expect(out.tilt).toBeLessThan(MAX_TILT);
        expect(Math.abs(Math.sin(out.final.heading - pose.heading))).toBeLessThan(0.02);
      }),
      { numRuns: 150 },
    );
  });

  it("is not taken when the footprint hangs over an edge (partial support)", () => {
    // centre over the slab, one end 2 cm past its edge: physics decides whether it tips
    const overhang = restingBox(0.57, 0, 0.75, 0.1, 0.1, 0.1);
    expect(sole(overhang, [slab])).toBe(-1);
    // flush with the edge is still wholly on it
    expect(sole(restingBox(0.55, 0, 0.75, 0.1, 0.1, 0.1), [slab])).toBe(0);
  });

  it("is not taken when the footprint straddles two faces, level or not", () => {
    const left = box(-0.3, 0, 0.73, 0.6, 0.8, 0.04);
    const right = box(0.3, 0, 0.73, 0.6, 0.8, 0.04);
    const across = restingBox(0, 0, 0.75, 0.2, 0.1, 0.1);
    expect(sole(across, [left, right])).toBe(-1);
    // a step of 1.5 mm under it (the closest yaw-only boxes come to a tilted support): it would rock on the edge
    const lower = box(0.3, 0, 0.7285, 0.6, 0.8, 0.04);
    expect(sole(across, [left, lower])).toBe(-1);
    // wholly on the higher face, but the lower one within contact distance of its bottom edge
    expect(sole(restingBox(-0.05, 0, 0.75, 0.1, 0.1, 0.1), [left, lower])).toBe(-1);
  });

  it("is not taken when the pose is not resting on the face (floating, sunk, or on a face tilted under it)", () => {
    expect(sole(restingBox(0, 0, 0.751, 0.1, 0.1, 0.1), [slab])).toBe(-1);
    expect(sole(restingBox(0, 0, 0.749, 0.1, 0.1, 0.1), [slab])).toBe(-1);
  });

  it("is not taken with a neighbour, wall or lid within contact distance, and is beyond it", () => {
    const pose = restingBox(0, 0, 0.75, 0.1, 0.1, 0.1);
    const beside = (gap: number) => restingBox(0.1 + gap, 0, 0.75, 0.1, 0.1, 0.1);
    expect(sole(pose, [slab, beside(0)])).toBe(-1);
    expect(sole(pose, [slab, beside(0.001)])).toBe(-1);
    expect(sole(pose, [slab, beside(CONTACT_DISTANCE - 1e-4)])).toBe(-1);
    // beyond the contact distance the neighbour is out of reach: the index of the slab comes back
    expect(sole(pose, [slab, beside(CONTACT_DISTANCE + 1e-4)])).toBe(0);
    // a container wall 1 mm away, and one turned 45° whose corner comes within a millimetre
    expect(sole(pose, [slab, box(0.05 + 0.001 + 0.01, 0, 0.8, 0.02, 0.6, 0.1)])).toBe(-1);
    const corner = 0.05 + 0.001 + Math.SQRT1_2 * 0.1; // centre of a 10 cm square turned 45°, corner 1 mm from the pose
    expect(sole(pose, [slab, box(corner, 0, 0.8, 0.1, 0.1, 0.1, Math.PI / 4)])).toBe(-1);
    expect(sole(pose, [slab, box(corner + 0.002, 0, 0.8, 0.1, 0.1, 0.1, Math.PI / 4)])).toBe(0);
    // a lid or shelf 1 mm above its top
    const lid = box(0, 0, 0.851 + 0.01, 0.6, 0.6, 0.02);
    expect(sole(pose, [slab, lid])).toBe(-1);
    // the order of the fixed boxes does not matter
    expect(sole(pose, [beside(0.05), slab])).toBe(1);
  });

  it("is not taken for slivers with a side under 2 mm", () => {
    expect(sole(restingBox(0, 0, 0.75, 0.0015, 0.3, 0.1), [slab])).toBe(-1);
    expect(sole(restingBox(0, 0, 0.75, 0.002, 0.3, 0.1), [slab])).toBe(0);
  });

  it("is not taken with no support at all", () => {
    expect(sole(restingBox(3, 3, 0.75, 0.1, 0.1, 0.1), [slab])).toBe(-1);
    expect(sole(restingBox(0, 0, 0.75, 0.1, 0.1, 0.1), [])).toBe(-1);
  });
});
