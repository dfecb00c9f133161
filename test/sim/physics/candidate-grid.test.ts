import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintBounds, fromBoxFrame } from "../../../sim/geometry/footprint.ts";
import { alignedHeadings, besidePoses, extentsInFrame, gridPoses, type PoseList } from "../../../sim/physics/candidate-grid.ts";
import type { Box, Vec3 } from "../../../sim/scene/schema.ts";
import { box } from "../geometry/fixtures.ts";

const area = fc.record({
  x: fc.double({ min: -5, max: 5, noNaN: true }),
  y: fc.double({ min: -5, max: 5, noNaN: true }),
  sx: fc.double({ min: 0, max: 3, noNaN: true }),
  sy: fc.double({ min: 0, max: 3, noNaN: true }),
  heading: fc.double({ min: -4, max: 4, noNaN: true }),
});
const size = fc.record({ x: fc.double({ min: 0.001, max: 1, noNaN: true }), y: fc.double({ min: 0.001, max: 1, noNaN: true }), z: fc.double({ min: 0.001, max: 1, noNaN: true }) });

/** Every pose's footprint lies within the list's bounds, and the bounds are no bigger than the poses need. */
function expectTightBounds(list: PoseList): void {
  const poses = list.toArray();
  if (poses.length === 0) return expect(list.bounds).toBeNull();
  const b = list.bounds!;
  const union = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of poses) {
    const r = footprintBounds(p);
    expect(r.minX).toBeGreaterThanOrEqual(b.minX);
    expect(r.minY).toBeGreaterThanOrEqual(b.minY);
    expect(r.maxX).toBeLessThanOrEqual(b.maxX);
    expect(r.maxY).toBeLessThanOrEqual(b.maxY);
    union.minX = Math.min(union.minX, r.minX);
    union.minY = Math.min(union.minY, r.minY);
    union.maxX = Math.max(union.maxX, r.maxX);
    union.maxY = Math.max(union.maxY, r.maxY);
  }
  // the search leaves out objects by these bounds: they must not be padded by more than rounding
  for (const k of ["minX", "minY", "maxX", "maxY"] as const) expect(Math.abs(b[k] - union[k])).toBeLessThan(1e-5);
}

describe("pose lists' bounds", () => {
  it("hold every pose of a grid over an area (contained or centred)", () => {
    fc.assert(
      fc.property(area, size, fc.constantFrom<"contain" | "centre">("contain", "centre"), (a, s, fit) => {
        expectTightBounds(gridPoses(box(a.x, a.y, 0.5, a.sx, a.sy, 0.1, a.heading), 0.55, s, fit));
      }),
      { numRuns: 200 },
    );
  });

  it("hold every pose beside a target", () => {
    fc.assert(
      fc.property(area, size, fc.double({ min: 0, max: 0.05, noNaN: true }), (a, s, gap) => {
        expectTightBounds(besidePoses(box(a.x, a.y, 0.5, a.sx, a.sy, 1, a.heading), 0, s, gap));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The poses as the closure-per-block code made them before the blocks became classes (kept here as the
 * reference): every pose, in order, with every number the same.
 */
function plainGrid(area: Box, surfaceZ: number, size: Vec3, fit: "contain" | "centre"): Box[] {
  const out: Box[] = [];
  for (const heading of alignedHeadings(area.heading, size)) {
    const { ex, ey } = extentsInFrame(area.heading, heading, size);
    const u = fit === "contain" ? (area.size.x - ex) / 2 : area.size.x / 4;
    const v = fit === "contain" ? (area.size.y - ey) / 2 : area.size.y / 4;
    if (u < -1e-9 || v < -1e-9) continue;
    const step = Math.max(0.01, Math.min(ex, ey) / 2);
    const us = plainSpread(Math.max(0, u), step);
    const vs = plainSpread(Math.max(0, v), step);
    for (let i = 0; i < us.length * vs.length; i++) {
      const p = fromBoxFrame(area, { x: us[Math.floor(i / vs.length)]!, y: vs[i % vs.length]! });
      out.push({ center: { x: p.x, y: p.y, z: surfaceZ + size.z / 2 }, size: { ...size }, heading });
    }
  }
  return out;
}

function plainBeside(target: Box, surfaceZ: number, size: Vec3, gap: number): Box[] {
  const out: Box[] = [];
  const tx = target.size.x / 2;
  const ty = target.size.y / 2;
  for (const heading of alignedHeadings(target.heading, size)) {
    const { ex, ey } = extentsInFrame(target.heading, heading, size);
    const sides: [number, number, number, number, number][] = [
      [1, 0, tx + gap + ex / 2, ty, ey],
      [-1, 0, tx + gap + ex / 2, ty, ey],
      [0, 1, ty + gap + ey / 2, tx, ex],
      [0, -1, ty + gap + ey / 2, tx, ex],
    ];
    for (const [nx, ny, offset, half, slide] of sides) {
      for (const t of plainSpread(half, Math.max(0.01, slide / 2))) {
        const p = fromBoxFrame(target, { x: nx * offset + (ny !== 0 ? t : 0), y: ny * offset + (nx !== 0 ? t : 0) });
        out.push({ center: { x: p.x, y: p.y, z: surfaceZ + size.z / 2 }, size: { ...size }, heading });
      }
    }
  }
  return out;
}

function plainSpread(u: number, step: number): number[] {
  const k = Math.min(20, Math.ceil(u / step - 1e-9));
  if (k <= 0) return [0];
  const out: number[] = [];
  for (let i = 0; i <= 2 * k; i++) out.push((u * (i - k)) / k);
  return out;
}

/** Equal as JSON and with the same sign of every zero. */
const same = (a: Box[], b: Box[]) => {
  expect(a).toEqual(b);
  a.forEach((p, i) => expect(Object.is(p.center.x, b[i]!.center.x) && Object.is(p.center.y, b[i]!.center.y) && Object.is(p.center.z, b[i]!.center.z)).toBe(true));
};

describe("pose lists against the plain listing", () => {
  it("grids make the same poses in the same order", () => {
    fc.assert(
      fc.property(area, size, fc.constantFrom<"contain" | "centre">("contain", "centre"), (a, s, fit) => {
        const over = box(a.x, a.y, 0.5, a.sx, a.sy, 0.1, a.heading);
        same(gridPoses(over, 0.55, s, fit).toArray(), plainGrid(over, 0.55, s, fit));
      }),
      { numRuns: 200 },
    );
  });

  it("poses beside a target are the same, in the same order", () => {
    fc.assert(
      fc.property(area, size, fc.double({ min: 0, max: 0.05, noNaN: true }), (a, s, gap) => {
        const target = box(a.x, a.y, 0.5, a.sx, a.sy, 1, a.heading);
        same(besidePoses(target, 0, s, gap).toArray(), plainBeside(target, 0, s, gap));
      }),
      { numRuns: 200 },
    );
  });
});

describe("edge contacts", () => {
  it("counts the sides of the area a grid pose's footprint is flush with (a pose spanning an axis touches both)", () => {
    fc.assert(
      fc.property(area, size, (a, s) => {
        const region = box(a.x, a.y, 0.5, a.sx, a.sy, 0.1, a.heading);
        const list = gridPoses(region, 0.55, s, "contain");
        const contacts = list.edgeContactsInto(new Uint8Array(list.length));
        for (let i = 0; i < list.length; i++) {
          const pose = list.at(i);
          // the pose in the area's frame: its offset from the centre along each of the area's axes
          const c = Math.cos(region.heading);
          const n = Math.sin(region.heading);
          const dx = pose.center.x - region.center.x;
          const dy = pose.center.y - region.center.y;
          const u = Math.abs(c * dx + n * dy);
          const v = Math.abs(-n * dx + c * dy);
          const { ex, ey } = extentsInFrame(region.heading, pose.heading, s);
          const flushU = Math.abs(u + ex / 2 - region.size.x / 2) < 1e-6;
          const flushV = Math.abs(v + ey / 2 - region.size.y / 2) < 1e-6;
          expect(contacts[i]).toBe((flushU ? 1 : 0) + (flushV ? 1 : 0));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("is 0 beside a target", () => {
    const list = besidePoses(box(0, 0, 0.5, 1, 0.5, 1, 0), 0, { x: 0.1, y: 0.1, z: 0.1 }, 0.01);
    expect(list.length).toBeGreaterThan(0);
    expect(Array.from(list.edgeContactsInto(new Uint8Array(list.length)))).toEqual(new Array(list.length).fill(0));
  });
});

describe("edgeContactsInto", () => {
  it("fills only the first `length` entries of a longer array", () => {
    fc.assert(
      fc.property(area, size, (a, s) => {
        const list = gridPoses(box(a.x, a.y, 0.5, a.sx, a.sy, 0.1, a.heading), 0.55, s, "contain");
        const all = list.edgeContactsInto(new Uint8Array(list.length + 3).fill(9));
        expect(Array.from(all.subarray(0, list.length))).toEqual(Array.from(list.edgeContactsInto(new Uint8Array(list.length))));
        expect(Array.from(all.subarray(list.length))).toEqual([9, 9, 9]);
      }),
      { numRuns: 100 },
    );
  });
});

describe("edgeContacts", () => {
  it("is edgeContactsInto of every pose, with how many poses have each count, and the same array on every call", () => {
    fc.assert(
      fc.property(area, size, fc.boolean(), (a, s, beside) => {
        const target = box(a.x, a.y, 0.5, a.sx, a.sy, 0.1, a.heading);
        const list = beside ? besidePoses(target, 0.55, s, 0.01) : gridPoses(target, 0.55, s, "contain");
        const { contacts, counts } = list.edgeContacts();
        const expected = Array.from(list.edgeContactsInto(new Uint8Array(list.length)));
        expect(Array.from(contacts)).toEqual(expected);
        expect(counts).toEqual([0, 1, 2].map((c) => expected.filter((x) => x === c).length));
        expect(list.edgeContacts().contacts).toBe(contacts);
      }),
      { numRuns: 100 },
    );
  });
});
