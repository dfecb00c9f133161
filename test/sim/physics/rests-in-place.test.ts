/**
 * `restsInPlace` (the placement search's "does it rest where it is, balanced?") against the snap it stands
 * for: `snapDownOnParts(box, parts)` stable and its height unchanged within 1e-9. Boxes are set exactly on
 * the top of one of a few supports (so both answers occur), straddling edges, overhanging, on two faces of
 * one height, over gaps, with zero extents now and then. Also `soleSupportIndex` with an extra box = the
 * same call on the list with that box appended, and `staysOn` (parts only of supports near the box) = `snapDown`
 * stable and unmoved within a tolerance.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { soleSupportIndex, staticPart } from "../../../sim/physics/analytic-drop.ts";
import { solidParts } from "../../../sim/physics/solid-parts.ts";
import { restsInPlace, snapDown, snapDownOnParts, staysOn } from "../../../sim/physics/support.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { object, restingBox } from "../geometry/fixtures.ts";
import { soleSupportIndexV1 } from "./reference/sole-support-v1.ts";

const support = fc.record({
  x: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
  y: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
  sx: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(0.4)),
  sy: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(0.4)),
  // a few shared heights: faces of one level side by side
  top: fc.constantFrom(0.3, 0.3, 0.5, 0.75, 0.001),
  heading: fc.oneof(fc.constant(0), fc.constant(Math.PI / 2), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })),
  shape: fc.constantFrom("solid" as const, "solid" as const, "table" as const, "container" as const, "floor" as const),
});

const scene = fc.record({
  supports: fc.array(support, { minLength: 1, maxLength: 5 }),
  on: fc.nat(),
  // the box: where, relative to the support it is set on (often flush with or over an edge)
  dx: fc.oneof(fc.double({ min: -0.7, max: 0.7, noNaN: true }), fc.constantFrom(0, 0.2, -0.2, 0.35)),
  dy: fc.oneof(fc.double({ min: -0.7, max: 0.7, noNaN: true }), fc.constantFrom(0, 0.2, -0.2)),
  sx: fc.oneof(fc.double({ min: 0, max: 0.6, noNaN: true }), fc.constantFrom(0.1, 0.4, 0)),
  sy: fc.oneof(fc.double({ min: 0, max: 0.6, noNaN: true }), fc.constantFrom(0.1, 0.4)),
  sz: fc.double({ min: 0, max: 0.5, noNaN: true }),
  heading: fc.oneof(fc.constant(0), fc.constant(Math.PI / 2), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })),
  // sometimes a little above or below the face instead of on it
  lift: fc.oneof(fc.constant(0), fc.constant(0), fc.double({ min: -0.01, max: 0.01, noNaN: true })),
});

describe("restsInPlace = snapDownOnParts stable with its height unchanged", () => {
  it("agrees on boxes set on, beside, across and between supports", () => {
    let rests = 0;
    let not = 0;
    fc.assert(
      fc.property(scene, (s) => {
        const objects = s.supports.map((p, i) =>
          object(`s${i}`, restingBox(p.x, p.y, p.shape === "floor" ? p.top - 0.1 : 0, p.sx, p.sy, p.shape === "floor" ? 0.1 : p.top, p.heading), { shape: p.shape, abilities: p.shape === "container" && i % 2 ? ["openable"] : [] }),
        );
        const parts = objects.flatMap((o) => solidParts(o));
        const base = objects[s.on % objects.length]!;
        const top = base.box.center.z + base.box.size.z / 2;
        const box: Box = { center: { x: base.box.center.x + s.dx, y: base.box.center.y + s.dy, z: top + s.sz / 2 + s.lift }, size: { x: s.sx, y: s.sy, z: s.sz }, heading: s.heading };
        const snap = snapDownOnParts(box, parts);
        const want = snap.stable && Math.abs(snap.box.center.z - box.center.z) <= 1e-9;
        expect(restsInPlace(box, parts)).toBe(want);
        if (want) rests++;
        else not++;
      }),
      { numRuns: 3000 },
    );
    // both answers were exercised
    expect(rests).toBeGreaterThan(300);
    expect(not).toBeGreaterThan(300);
  });
});

describe("soleSupportIndex with an extra box", () => {
  it("is the old soleSupportIndex of the list with the box appended", () => {
    fc.assert(
      fc.property(scene, fc.double({ min: -0.2, max: 0.8, noNaN: true }), (s, slabZ) => {
        const objects = s.supports.map((p, i) => object(`s${i}`, restingBox(p.x, p.y, 0, p.sx, p.sy, p.top, p.heading), { shape: p.shape === "floor" ? "solid" : p.shape }));
        const statics = objects.flatMap((o) => solidParts(o));
        const base = objects[s.on % objects.length]!;
        const top = base.box.center.z + base.box.size.z / 2;
        const pose: Box = { center: { x: base.box.center.x + s.dx, y: base.box.center.y + s.dy, z: top + s.sz / 2 + s.lift }, size: { x: s.sx, y: s.sy, z: s.sz }, heading: s.heading };
        const slab = staticPart({ center: { x: pose.center.x, y: pose.center.y, z: slabZ - 0.05 }, size: { x: 2, y: 2, z: 0.1 }, heading: 0 });
        expect(soleSupportIndex(pose, statics, slab)).toBe(soleSupportIndexV1(pose, [...statics, slab]));
        // boxes flush against the pose's sides (side-on, or not): the reordered tests agree with the old order
        const beside = [1, -1].map((k) => staticPart({ center: { x: pose.center.x + k * (pose.size.x + 0.3 * s.sx) / 2, y: pose.center.y, z: pose.center.z + s.lift * 10 }, size: { x: 0.3 * s.sx, y: s.sy, z: s.sz }, heading: s.heading }));
        expect(soleSupportIndex(pose, [...statics, ...beside])).toBe(soleSupportIndexV1(pose, [...statics, ...beside]));
        expect(soleSupportIndex(pose, statics, undefined)).toBe(soleSupportIndex(pose, statics));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("staysOn = snapDown stable with its height unchanged within the tolerance", () => {
  it("agrees for supports near and far, whatever the tolerance", () => {
    fc.assert(
      fc.property(scene, fc.constantFrom(1e-9, 1e-6, 1e-3), fc.array(fc.record({ x: fc.double({ min: -3, max: 3, noNaN: true }), y: fc.double({ min: -3, max: 3, noNaN: true }) }), { maxLength: 4 }), (s, tolerance, far) => {
        const objects = s.supports.map((p, i) =>
          object(`s${i}`, restingBox(p.x, p.y, p.shape === "floor" ? p.top - 0.1 : 0, p.sx, p.sy, p.shape === "floor" ? 0.1 : p.top, p.heading), { shape: p.shape }),
        );
        // more supports anywhere around: most far from the box, some just touching its bounds
        far.forEach((f, i) => objects.push(object(`f${i}`, restingBox(f.x, f.y, 0, 0.5, 0.5, 0.3, f.x))));
        const base = objects[s.on % s.supports.length]!;
        const top = base.box.center.z + base.box.size.z / 2;
        const box: Box = { center: { x: base.box.center.x + s.dx, y: base.box.center.y + s.dy, z: top + s.sz / 2 + s.lift }, size: { x: s.sx, y: s.sy, z: s.sz }, heading: s.heading };
        const snap = snapDown(box, objects, solidParts);
        expect(staysOn(box, objects, solidParts, tolerance)).toBe(snap.stable && Math.abs(snap.box.center.z - box.center.z) <= tolerance);
      }),
      { numRuns: 2000 },
    );
  });
});
