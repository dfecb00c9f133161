import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintWithin } from "../../../sim/geometry/containment.ts";
import { footprintCorners, fromBoxFrame } from "../../../sim/geometry/footprint.ts";
import { clipConvex, insideMargin } from "../../../sim/geometry/polygon.ts";
import { boxDistance } from "../../../sim/geometry/gap.ts";
import {
  CONTACT_DISTANCE,
  OVERHANG_MARGIN_SHARE,
  OVERHANG_MAX_ASPECT,
  OVERHANG_MAX_SIDE,
  OVERHANG_MIN_MARGIN,
  OVERHANG_MIN_SIDE,
  overhangHolds,
  soleSupportIndex,
  staticPart,
} from "../../../sim/physics/analytic-drop.ts";
import { dropTest } from "../../../sim/physics/drop-test.ts";
import { instability } from "../../../sim/physics/find-placement.ts";
import { MAX_DRIFT, MAX_SINK, MAX_TILT } from "../../../sim/physics/physics-constants.ts";
import { bottomZ, topZ } from "../../../sim/geometry/vertical.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { box, restingBox } from "../geometry/fixtures.ts";

const slab = box(0, 0, 0.73, 1.2, 0.8, 0.04); // a table top at 0.75 m
const sole = (pose: Box, statics: Box[]) => soleSupportIndex(pose, statics.map(staticPart));
/** The physics check as `findPlacement` runs it. */
const drop = (pose: Box, statics: Box[]) => dropTest(pose, statics, { stopWhen: { sink: 3 * MAX_SINK, tilt: 3 * MAX_TILT } });
/** cannon-es kept the drop where it was set down: stable, and its drift, sink and tilt within the place check's bounds. */
function expectStays(out: ReturnType<typeof drop>): void {
  expect(instability(out, { restsOn: null })).toBeNull();
  expect(out.drift).toBeLessThan(MAX_DRIFT);
  expect(Math.abs(out.sink)).toBeLessThan(MAX_SINK);
  expect(out.tilt).toBeLessThan(MAX_TILT);
}

/**
 * A box resting with its whole footprint on the top of one slab, nothing else around. Sides are at least
 * 5 cm and at most 50 cm (so at most 10:1), slabs at least 2 cm thick: this leaves out by construction
 * the one class where cannon-es rejects a fully supported drop, long thin boxes (20:1 and more, about a
 * metre long) that its solver lets sink into their support (docs/performance-history.md, the session-2 analysis).
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

/**
 * A fully supported drop (as above, aligned with the slab) with a wall or a neighbour box flush against one
 * of its sides, or up to {@link CONTACT_DISTANCE} away: a neighbour of 5–50 cm standing on the same face,
 * slid anywhere along that side, or a container wall 1–3 cm thick rising from the slab's bottom to above
 * the box. Both fixed, as the drop test has them.
 */
const sideContactDrop = fc
  .record({
    drop: supportedDrop.filter(({ support, pose }) => Math.abs(Math.sin(2 * (pose.heading - support.heading))) < 1e-9),
    side: fc.constantFrom(0, 1, 2, 3),
    gap: fc.oneof(fc.constant(0), fc.double({ min: 0, max: CONTACT_DISTANCE, noNaN: true })),
    wall: fc.boolean(),
    slide: fc.double({ min: -1, max: 1, noNaN: true }),
    other: fc.record({ x: fc.double({ min: 0.05, max: 0.5, noNaN: true }), y: fc.double({ min: 0.05, max: 0.5, noNaN: true }), z: fc.double({ min: 0.05, max: 0.5, noNaN: true }) }),
    thickness: fc.double({ min: 0.01, max: 0.03, noNaN: true }),
  })
  .map(({ drop: { support, pose }, side, gap, wall, slide, other, thickness }) => {
    // in the pose's frame: the side's outward normal is ±x or ±y
    const sign = side < 2 ? 1 : -1;
    const alongX = side % 2 === 0;
    const [half, halfAlong] = alongX ? [pose.size.x / 2, pose.size.y / 2] : [pose.size.y / 2, pose.size.x / 2];
    const [depth, length, height] = wall ? [thickness, 0.6, topZ(pose) - bottomZ(support) + 0.1] : [other.x, other.y, other.z];
    const out = sign * (half + gap + depth / 2);
    const along = wall ? 0 : slide * (halfAlong + length / 2);
    const c = fromBoxFrame(pose, alongX ? { x: out, y: along } : { x: along, y: out });
    const bottom = wall ? bottomZ(support) : bottomZ(pose);
    const [sx, sy] = alongX ? [depth, length] : [length, depth];
    return { support, pose, beside: restingBox(c.x, c.y, bottom, sx, sy, height, pose.heading), wall };
  });

/**
 * A fully supported drop (aligned with its slab) flush with one of the slab's edges or up to 1 cm inside it, and
 * beside that edge, flush or up to {@link CONTACT_DISTANCE} away, a second slab whose top is level with the
 * first's (a counter against the stove, the next room's floor), 2 cm to 90 cm thick, aligned or turned.
 */
const levelBesideDrop = fc
  .record({
    z: fc.double({ min: 0, max: 1, noNaN: true }),
    thickness: fc.double({ min: 0.02, max: 0.1, noNaN: true }),
    levelThickness: fc.double({ min: 0.02, max: 0.9, noNaN: true }),
    heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    size: fc.record({ x: fc.double({ min: 0.05, max: 0.5, noNaN: true }), y: fc.double({ min: 0.05, max: 0.5, noNaN: true }), z: fc.double({ min: 0.02, max: 0.6, noNaN: true }) }),
    quarter: fc.boolean(),
    inset: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.01, noNaN: true })),
    gap: fc.oneof(fc.constant(0), fc.double({ min: 0, max: CONTACT_DISTANCE, noNaN: true })),
    v: fc.double({ min: -1, max: 1, noNaN: true }),
    turned: fc.boolean(),
  })
  .map(({ z, thickness, levelThickness, heading, size, quarter, inset, gap, v, turned }) => {
    const [w, d] = [1.2, 0.8];
    const support = box(0, 0, z, w, d, thickness, heading);
    const [ex, ey] = quarter ? [size.y, size.x] : [size.x, size.y];
    const c = fromBoxFrame(support, { x: w / 2 - ex / 2 - inset, y: (v * (d - ey)) / 2 });
    const pose = restingBox(c.x, c.y, z + thickness / 2, size.x, size.y, size.z, heading + (quarter ? Math.PI / 2 : 0));
    // its near side (or, turned 45°, its near corner) `gap` past the support's edge
    const half = turned ? Math.SQRT1_2 * 0.6 : 0.3;
    const l = fromBoxFrame(support, { x: w / 2 + gap + half, y: turned ? (v * (d - ey)) / 2 : 0 });
    const level = box(l.x, l.y, z + thickness / 2 - levelThickness / 2, 0.6, 0.6, levelThickness, heading + (turned ? Math.PI / 4 : 0));
    return { support, pose, level };
  });

/** How far the pose's centre lies inside where its footprint meets the support's, m. */
const contactMargin = (pose: Box, support: Box) => insideMargin(clipConvex(footprintCorners(pose), footprintCorners(support)), pose.center);
/** The margin the overhang rule asks of a pose. */
const neededMargin = (pose: Box) => Math.max(OVERHANG_MIN_MARGIN, OVERHANG_MARGIN_SHARE * Math.min(pose.size.x, pose.size.y), OVERHANG_MARGIN_SHARE * pose.size.z);

/**
 * A box resting on the top of one slab with its footprint hanging over the slab's edge, of the sizes the
 * overhang rule covers (sides 5–60 cm, at most 4:1) and of the classes cannon-es is weakest with: low
 * boards 2–4 times as long as wide, tall boxes (30 cm–1.2 m), and anything else; slabs 3–60 cm wide (a
 * narrow one is a tool or a folded shirt), 5 mm–30 cm thick, at any heading. The centre lies near the
 * slab's edge, so that many poses are close to the rule's margin. Sometimes a second, lower slab (a
 * container's base) lies under the overhang, further down than contact distance.
 */
const overhangDrop = fc
  .record({
    slab: fc.record({
      x: fc.double({ min: -2, max: 2, noNaN: true }),
      y: fc.double({ min: -2, max: 2, noNaN: true }),
      z: fc.double({ min: 0, max: 1, noNaN: true }),
      sx: fc.double({ min: 0.03, max: 0.6, noNaN: true }),
      sy: fc.double({ min: 0.03, max: 0.6, noNaN: true }),
      thickness: fc.double({ min: 0.005, max: 0.3, noNaN: true }),
      heading: fc.oneof(fc.constant(0), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })),
    }),
    size: fc.oneof(
      fc.record({ w: fc.double({ min: 0.05, max: 0.15, noNaN: true }), ratio: fc.double({ min: 2, max: 4, noNaN: true }), z: fc.double({ min: 0.005, max: 0.05, noNaN: true }) }).map(({ w, ratio, z }) => ({ x: w * ratio, y: w, z })),
      fc.record({ x: fc.double({ min: 0.05, max: 0.4, noNaN: true }), y: fc.double({ min: 0.05, max: 0.4, noNaN: true }), z: fc.double({ min: 0.3, max: 1.2, noNaN: true }) }),
      fc.record({ x: fc.double({ min: 0.05, max: 0.6, noNaN: true }), y: fc.double({ min: 0.05, max: 0.6, noNaN: true }), z: fc.double({ min: 0.005, max: 0.3, noNaN: true }) }),
    ),
    aligned: fc.boolean(),
    quarter: fc.boolean(),
    turn: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    // the centre's place on the slab, in its frame, as shares of its half sides: near an edge in x
    u: fc.double({ min: 0.8, max: 1, noNaN: true }),
    v: fc.double({ min: -1, max: 1, noNaN: true }),
    flip: fc.boolean(),
    base: fc.option(fc.double({ min: CONTACT_DISTANCE + 1e-4, max: 0.05, noNaN: true })),
  })
  .map(({ slab: s, size, aligned, quarter, turn, u, v, flip, base }) => {
    const support = box(s.x, s.y, s.z, s.sx, s.sy, s.thickness, s.heading);
    const c = fromBoxFrame(support, { x: (flip ? -u : u) * (s.sx / 2), y: v * (s.sy / 2) });
    const heading = aligned ? s.heading + (quarter ? Math.PI / 2 : 0) : turn;
    const pose = restingBox(c.x, c.y, s.z + s.thickness / 2, size.x, size.y, size.z, heading);
    // a wide base `base` below the pose's bottom, under the slab and the overhang alike
    const under = base === null ? null : restingBox(s.x, s.y, bottomZ(pose) - base - 0.01, 2, 2, 0.01, s.heading);
    return { support, pose, under };
  })
  .filter(({ support, pose }) => !footprintWithin(pose, support, 1e-9) && overhangHolds(pose, support));

describe("the drop test's analytic fast path", () => {
  it("agrees with cannon-es on overhanging drops it takes: it stays where it was set down", () => {
    let close = 0;
    fc.assert(
      fc.property(overhangDrop, ({ support, pose, under }) => {
        const margin = contactMargin(pose, support);
        expect(margin).toBeGreaterThanOrEqual(neededMargin(pose));
        if (margin < 1.5 * neededMargin(pose)) close++;
        const statics = under ? [support, under] : [support];
        // the fast path takes it …
        expect(sole(pose, statics)).toBe(0);
        // … and cannon-es, dropping it from 5 mm, accepts it where it was set down
        const out = drop(pose, statics);
        expectStays(out);
      }),
      { numRuns: 300 },
    );
    // many were near the rule's margin, where cannon-es would first turn one down
    expect(close).toBeGreaterThan(30);
  });

  it("leaves overhangs outside its rule to physics", () => {
    // centred over a 6 cm wide bar, a 12 × 30 cm box: 3 cm inside, more than enough
    const bar = box(0, 0, 0.9, 0.25, 0.06, 0.02);
    const top = 0.91;
    expect(sole(restingBox(0, 0, top, 0.3, 0.12, 0.04), [bar])).toBe(0);
    // its centre 1.1 cm from the bar's edge (under the 1.2 cm margin), then 1.3 cm
    expect(sole(restingBox(0, 0.03 - 0.011, top, 0.3, 0.12, 0.04), [bar])).toBe(-1);
    expect(sole(restingBox(0, 0.03 - 0.013, top, 0.3, 0.12, 0.04), [bar])).toBe(0);
    // a tall one needs a tenth of its height: 50 cm tall, 4 cm inside is not enough, 5.5 cm on a wider slab is
    const wide = box(0, 0, 0.9, 0.25, 0.2, 0.02);
    expect(sole(restingBox(0, 0.1 - 0.04, top, 0.15, 0.15, 0.5), [wide])).toBe(-1);
    expect(sole(restingBox(0, 0.1 - 0.055, top, 0.15, 0.15, 0.5), [wide])).toBe(0);
    // too small, too large, too long for its width
    expect(sole(restingBox(0, 0, top, OVERHANG_MIN_SIDE - 0.001, 0.2, 0.04), [box(0, 0, 0.9, 0.02, 0.5, 0.02)])).toBe(-1);
    expect(sole(restingBox(0, 0, top, OVERHANG_MAX_SIDE + 0.001, 0.2, 0.04), [bar])).toBe(-1);
    expect(sole(restingBox(0, 0, top, 0.1 * OVERHANG_MAX_ASPECT + 0.001, 0.1, 0.04), [bar])).toBe(-1);
    // something within contact distance under the overhang, or a second level face under it
    expect(sole(restingBox(0, 0, top, 0.3, 0.12, 0.04), [bar, box(0, 0.07, top - 0.001 - 0.005, 0.3, 0.05, 0.01)])).toBe(-1);
    expect(sole(restingBox(0, 0, top, 0.3, 0.12, 0.04), [bar, box(0, 0.07, top - 0.005, 0.3, 0.05, 0.01)])).toBe(-1);
    // a base 2 cm below the overhang is out of reach: it is taken
    expect(sole(restingBox(0, 0, top, 0.3, 0.12, 0.04), [bar, box(0, 0, top - 0.02 - 0.005, 0.6, 0.5, 0.01)])).toBe(0);
  });

  it("agrees with cannon-es on fully supported drops: it stays where it was set down", () => {
    fc.assert(
      fc.property(supportedDrop, ({ support, pose }) => {
        expect(footprintWithin(pose, support, 1e-9)).toBe(true);
        // the fast path takes it …
        expect(sole(pose, [support])).toBe(0);
        // … and cannon-es, dropping it from 5 mm, accepts it where it was set down
        const out = drop(pose, [support]);
        expectStays(out);
        expect(Math.abs(Math.sin(out.final.heading - pose.heading))).toBeLessThan(0.02);
      }),
      { numRuns: 150 },
    );
  });

  it("agrees with cannon-es on fully supported drops flush against a wall or a neighbour: it stays", () => {
    fc.assert(
      fc.property(sideContactDrop, ({ support, pose, beside }) => {
        expect(boxDistance(beside, pose)).toBeLessThanOrEqual(CONTACT_DISTANCE + 1e-9);
        // the fast path takes it despite the side contact …
        expect(sole(pose, [support, beside])).toBe(0);
        expect(sole(pose, [beside, support])).toBe(1);
        // … and cannon-es accepts it where it was set down
        const out = drop(pose, [support, beside]);
        expectStays(out);
        expect(Math.abs(Math.sin(out.final.heading - pose.heading))).toBeLessThan(0.02);
      }),
      { numRuns: 120 },
    );
  });

  it("is not taken when the footprint hangs over an edge with its centre near it (partial support)", () => {
    // centre over the slab, 1 cm from its edge, one end 4 cm past it: under the overhang margin, physics decides whether it tips
    expect(sole(restingBox(0.59, 0, 0.75, 0.1, 0.1, 0.1), [slab])).toBe(-1);
    // 3 cm from it, one end 2 cm past it: the overhang rule takes it
    expect(sole(restingBox(0.57, 0, 0.75, 0.1, 0.1, 0.1), [slab])).toBe(0);
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

  it("is taken with a neighbour or wall only side-on within contact distance, and beyond it", () => {
    const pose = restingBox(0, 0, 0.75, 0.1, 0.1, 0.1);
    const beside = (gap: number) => restingBox(0.1 + gap, 0, 0.75, 0.1, 0.1, 0.1);
    for (const gap of [0, 0.001, CONTACT_DISTANCE - 1e-4, CONTACT_DISTANCE + 1e-4]) expect(sole(pose, [slab, beside(gap)])).toBe(0);
    // a container wall 1 mm away, rising from below the base to above the box
    expect(sole(pose, [slab, box(0.05 + 0.001 + 0.01, 0, 0.8, 0.02, 0.6, 0.1)])).toBe(0);
    // one turned 45° whose corner comes within a millimetre, and a lower one beside it (sharing 3 cm of side)
    const corner = 0.05 + 0.001 + Math.SQRT1_2 * 0.1; // centre of a 10 cm square turned 45°, corner 1 mm from the pose
    expect(sole(pose, [slab, box(corner, 0, 0.8, 0.1, 0.1, 0.1, Math.PI / 4)])).toBe(0);
    expect(sole(pose, [slab, restingBox(0.1, 0, 0.75, 0.1, 0.1, 0.03)])).toBe(0);
    // neighbours on every side at once, and the order of the fixed boxes does not matter
    const ring = [beside(0), restingBox(-0.1, 0, 0.75, 0.1, 0.1, 0.2), restingBox(0, 0.1, 0.75, 0.3, 0.1, 0.05), restingBox(0, -0.1001, 0.75, 0.1, 0.1, 0.1)];
    expect(sole(pose, [slab, ...ring])).toBe(0);
    expect(sole(pose, [...ring, slab])).toBe(4);
  });

  it("is not taken with a neighbour over the footprint: a lid, a shelf, or one overhanging it", () => {
    const pose = restingBox(0, 0, 0.75, 0.1, 0.1, 0.1);
    // a lid or shelf 1 mm above its top
    expect(sole(pose, [slab, box(0, 0, 0.851 + 0.01, 0.6, 0.6, 0.02)])).toBe(-1);
    // a neighbour's overhang (a board on a taller neighbour) reaching 1 cm over the pose, 1 mm above it
    expect(sole(pose, [slab, restingBox(0.09, 0, 0.851, 0.1, 0.1, 0.02)])).toBe(-1);
    // the same board stopping flush with the pose's side, 1 mm above its top, meets only its top edge:
    // physics decides; lowered to share 1 cm of its side, it is beside it
    expect(sole(pose, [slab, restingBox(0.1, 0, 0.851, 0.1, 0.1, 0.02)])).toBe(-1);
    expect(sole(pose, [slab, restingBox(0.1, 0, 0.84, 0.1, 0.1, 0.02)])).toBe(0);
  });

  it("is not taken with a neighbour or wall cutting into it", () => {
    const pose = restingBox(0, 0, 0.75, 0.1, 0.1, 0.1);
    // a neighbour 1 cm into its side, one 1 µm in (beyond rounding), a wall 1 mm into it
    expect(sole(pose, [slab, restingBox(0.09, 0, 0.75, 0.1, 0.1, 0.1)])).toBe(-1);
    expect(sole(pose, [slab, restingBox(0.1 - 1e-6, 0, 0.75, 0.1, 0.1, 0.1)])).toBe(-1);
    expect(sole(pose, [slab, box(0.05 - 0.001 + 0.01, 0, 0.8, 0.02, 0.6, 0.1)])).toBe(-1);
    // a turned neighbour whose corner pokes 1 mm in
    expect(sole(pose, [slab, box(0.05 - 0.001 + Math.SQRT1_2 * 0.1, 0, 0.8, 0.1, 0.1, 0.1, Math.PI / 4)])).toBe(-1);
  });

  it("is not taken with a step beside its bottom edge (no side to touch)", () => {
    const left = box(-0.3, 0, 0.73, 0.6, 0.8, 0.04);
    const pose = restingBox(-0.05, 0, 0.75, 0.1, 0.1, 0.1);
    // a face 1.5 mm lower flush beside it, and one 1.5 mm higher: physics decides
    expect(sole(pose, [left, box(0.3, 0, 0.7285, 0.6, 0.8, 0.04)])).toBe(-1);
    expect(sole(pose, [left, box(0.3, 0, 0.7315, 0.6, 0.8, 0.04)])).toBe(-1);
    // a neighbour sharing under 2 mm of its height
    expect(sole(pose, [left, restingBox(0.05, 0, 0.75, 0.1, 0.1, 0.0015)])).toBe(-1);
  });

  it("is taken with a level face beside its bottom edge (the next counter, the next room's floor), not beside an overhang", () => {
    const left = box(-0.3, 0, 0.73, 0.6, 0.8, 0.04);
    const right = box(0.3, 0, 0.73, 0.6, 0.8, 0.04);
    // wholly on the left face, flush with the seam or within contact distance of it
    expect(sole(restingBox(-0.05, 0, 0.75, 0.1, 0.1, 0.1), [left, right])).toBe(0);
    expect(sole(restingBox(-0.05 - CONTACT_DISTANCE / 2, 0, 0.75, 0.1, 0.1, 0.1), [right, left])).toBe(1);
    // a level face turned 45°, its corner at the pose's side
    expect(sole(restingBox(-0.05, 0, 0.75, 0.1, 0.1, 0.1), [left, box(Math.SQRT1_2 * 0.2, 0, 0.73, 0.2, 0.2, 0.04, Math.PI / 4)])).toBe(0);
    // straddling the seam is still left to physics
    expect(sole(restingBox(-0.04, 0, 0.75, 0.1, 0.1, 0.1), [left, right])).toBe(-1);
    // overhanging the support's edge (the overhang rule alone takes it), a level face beside the overhang: physics decides
    const over = restingBox(0.57, 0, 0.75, 0.1, 0.1, 0.1);
    expect(sole(over, [slab])).toBe(0);
    expect(sole(over, [slab, box(0.62 + 0.001 + 0.1, 0, 0.73, 0.2, 0.8, 0.04)])).toBe(-1);
  });

  it("agrees with cannon-es on fully supported drops beside a level face: it stays", () => {
    fc.assert(
      fc.property(levelBesideDrop, ({ support, pose, level }) => {
        expect(sole(pose, [support, level])).toBe(0);
        expect(sole(pose, [level, support])).toBe(1);
        const out = drop(pose, [support, level]);
        expectStays(out);
      }),
      { numRuns: 150 },
    );
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
