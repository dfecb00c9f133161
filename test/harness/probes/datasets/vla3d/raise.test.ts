/**
 * Boxes sunk below the floor are set on it without parting them from what rests on them: a box bearing
 * others keeps its top (HM3D 00238's carpet reaches 1.5 m under the upper floor, its top level with the bed's
 * feet: raised whole it lifted the bed 1.5 m or swallowed its legs), any other is raised, and what rests on a
 * raised box rises with it.
 */
import { describe, expect, it } from "vitest";
import type { ObjectSpec } from "../../../../../sim/scene/schema.ts";
import { raiseSunk, supportsOf } from "../../../../../harness/probes/datasets/vla3d/raise.ts";

function box(id: string, [x, y]: number[], bottom: number, height: number, size = [1, 1]): ObjectSpec {
  return {
    id,
    category: "thing.n.01",
    room: "room_0",
    box: { center: { x: x!, y: y!, z: bottom + height / 2 }, size: { x: size[0]!, y: size[1]!, z: height }, heading: 0 },
    kind: "fixed",
    shape: "solid",
    abilities: [],
    states: {},
    controls: [],
  } as ObjectSpec;
}
const bottom = (o: ObjectSpec) => o.box.center.z - o.box.size.z / 2;
const top = (o: ObjectSpec) => o.box.center.z + o.box.size.z / 2;

describe("raiseSunk", () => {
  it("trims a sunk box that bears others to the floor, keeping its top, and leaves them where they are", () => {
    const carpet = box("carpet", [0, 0], -1.53, 1.74, [6, 6]);
    const bed = box("bed", [0.5, 0.5], 0.15, 0.6, [2, 1.6]);
    const r = raiseSunk([carpet, bed], 0.05);
    expect(r).toEqual({ raised: [], trimmed: ["carpet"], carried: [] });
    expect(bottom(carpet)).toBeCloseTo(0, 9);
    expect(top(carpet)).toBeCloseTo(0.21, 9);
    expect(bottom(bed)).toBeCloseTo(0.15, 9);
  });

  it("raises a sunk box that bears nothing, and leaves scan noise (within the tolerance) alone", () => {
    const chair = box("chair", [0, 0], -0.26, 0.9);
    const table = box("table", [3, 0], -0.04, 0.75);
    expect(raiseSunk([chair, table], 0.05)).toEqual({ raised: ["chair"], trimmed: [], carried: [] });
    expect(bottom(chair)).toBeCloseTo(0, 9);
    expect(bottom(table)).toBeCloseTo(-0.04, 9);
  });

  it("raises what rests on a raised box with it, through a stack", () => {
    // a mat too low to keep its top (its top is under the tolerance): raised, and the crate and cup on it too
    const mat = box("mat", [0, 0], -0.12, 0.1, [2, 2]);
    const crate = box("crate", [0.2, 0], -0.02, 0.4);
    const cup = box("cup", [0.2, 0.1], 0.39, 0.1, [0.1, 0.1]);
    const r = raiseSunk([cup, crate, mat], 0.05);
    expect(r.raised).toEqual(["mat"]);
    expect(r.carried.sort()).toEqual(["crate", "cup"]);
    expect(bottom(crate) - top(mat)).toBeCloseTo(0, 9);
    expect(bottom(cup) - top(crate)).toBeCloseTo(0.01, 9);
  });

  it("finds supports only under an object's centre and near its bottom", () => {
    const desk = box("desk", [0, 0], 0, 0.9, [1.5, 0.8]);
    const monitor = box("monitor", [0.2, 0], 0.92, 0.4, [0.6, 0.2]);
    const beside = box("beside", [2, 0], 0.9, 0.2, [0.2, 0.2]);
    const high = box("high", [0, 0], 1.2, 0.2, [0.2, 0.2]);
    const s = supportsOf([desk, monitor, beside, high]);
    expect(s.get(monitor)).toBe(desk);
    expect(s.has(beside)).toBe(false);
    expect(s.get(high)).toBeUndefined();
  });
});
