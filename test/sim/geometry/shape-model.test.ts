import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxWithin, intersectionVolume } from "../../../sim/geometry/containment.ts";
import {
  hasInterior,
  hasLid,
  interiorOf,
  legSpaceOf,
  partsOf,
  tableLegSize,
  tableTopThickness,
  undersideZ,
} from "../../../sim/geometry/shape-model.ts";
import { bottomZ, topZ } from "../../../sim/geometry/vertical.ts";
import type { Shape } from "../../../sim/scene/schema.ts";
import { arbBox } from "./arbitraries.ts";
import { box, object, restingBox } from "./fixtures.ts";

describe("container", () => {
  const basket = object("basket", restingBox(0, 0, 0, 0.4, 0.3, 0.2), { shape: "container", wall: 0.02 });
  const cabinet = object("cabinet", restingBox(0, 0, 0, 0.6, 0.5, 0.8), { shape: "container", wall: 0.03, abilities: ["openable"] });

  it("has an open-top interior inside its walls and base", () => {
    const interior = interiorOf(basket)!;
    expect(interior.size.x).toBeCloseTo(0.36, 12);
    expect(interior.size.y).toBeCloseTo(0.26, 12);
    expect(bottomZ(interior)).toBeCloseTo(0.02, 12);
    expect(topZ(interior)).toBeCloseTo(0.2, 12);
    expect(hasLid(basket)).toBe(false);
  });

  it("is closed at the top when openable", () => {
    const interior = interiorOf(cabinet)!;
    expect(hasLid(cabinet)).toBe(true);
    expect(bottomZ(interior)).toBeCloseTo(0.03, 12);
    expect(topZ(interior)).toBeCloseTo(0.77, 12);
    expect(partsOf(cabinet)).toHaveLength(6);
  });

  it("is hollow: its parts do not reach into the interior", () => {
    for (const c of [basket, cabinet]) {
      const interior = interiorOf(c)!;
      for (const part of partsOf(c)) expect(intersectionVolume(part, interior)).toBeLessThan(1e-12);
    }
  });

  it("treats anything with the container ability as a container", () => {
    expect(hasInterior(object("fridge", box(0, 0, 1, 1, 1, 2), { abilities: ["container"] }))).toBe(true);
    expect(hasInterior(object("shelf", box(0, 0, 1, 1, 1, 2)))).toBe(false);
  });
});

describe("table", () => {
  const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });

  it("has a thin top slab on corner legs", () => {
    expect(tableTopThickness(table.box)).toBeCloseTo(0.04, 12);
    expect(undersideZ(table)).toBeCloseTo(0.71, 12);
    const parts = partsOf(table);
    expect(parts).toHaveLength(5);
    expect(bottomZ(parts[0]!)).toBeCloseTo(0.71, 12);
  });

  it("leaves the leg space free", () => {
    const space = legSpaceOf(table)!;
    expect(space.size.x).toBeCloseTo(1.2 - 2 * tableLegSize(table.box), 12);
    expect(topZ(space)).toBeCloseTo(0.71, 12);
    for (const part of partsOf(table)) expect(intersectionVolume(part, space)).toBeLessThan(1e-12);
  });

  it("gives low tables a thinner slab", () => {
    expect(tableTopThickness(restingBox(0, 0, 0, 1, 1, 0.2))).toBeCloseTo(0.02, 12);
  });
});

describe("parts", () => {
  it("always lie within the object's box, for every shape and heading", () => {
    const shapes: Shape[] = ["solid", "table", "container", "floor"];
    fc.assert(
      fc.property(arbBox, fc.constantFrom(...shapes), fc.boolean(), (b, shape, openable) => {
        const o = object("o", b, { shape, abilities: openable ? ["openable"] : [] });
        for (const part of partsOf(o)) expect(boxWithin(part, b, 1e-9)).toBe(true);
        const interior = interiorOf(o);
        if (interior) expect(boxWithin(interior, b, 1e-9)).toBe(true);
      }),
    );
  });
});
