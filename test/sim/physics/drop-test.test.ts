import { describe, expect, it } from "vitest";
import { dropTest } from "../../../sim/physics/drop-test.ts";
import { MAX_DRIFT, MAX_SINK, MAX_TILT } from "../../../sim/physics/physics-constants.ts";
import { box, restingBox } from "../geometry/fixtures.ts";

const slab = box(0, 0, 0.73, 1.2, 0.8, 0.04); // a table top at 0.75 m

describe("dropTest", () => {
  it("lets a box set down on a surface come to rest in place", () => {
    const out = dropTest(restingBox(0.1, 0.1, 0.75, 0.1, 0.1, 0.1, 0.3), [slab]);
    expect(out.rested).toBe(true);
    expect(out.tilt).toBeLessThan(MAX_TILT);
    expect(out.drift).toBeLessThan(MAX_DRIFT);
    expect(Math.abs(out.sink)).toBeLessThan(MAX_SINK);
    expect(out.final.heading).toBeCloseTo(0.3, 3);
  });

  it("shows a box mostly off the edge tipping off", () => {
    const out = dropTest(restingBox(0.64, 0, 0.75, 0.1, 0.1, 0.1), [slab]);
    expect(out.tilt > MAX_TILT || out.sink > MAX_SINK).toBe(true);
  });

  it("keeps a box flush between two neighbours still", () => {
    const left = restingBox(-0.1, 0, 0.75, 0.1, 0.1, 0.2);
    const right = restingBox(0.1, 0, 0.75, 0.1, 0.1, 0.2);
    const out = dropTest(restingBox(0, 0, 0.75, 0.1, 0.1, 0.2), [slab, left, right]);
    expect(out.rested).toBe(true);
    expect(Math.abs(out.sink)).toBeLessThan(MAX_SINK);
  });

  it("is deterministic", () => {
    const run = () => dropTest(restingBox(0.6, 0.05, 0.75, 0.1, 0.1, 0.1, 0.2), [slab]);
    expect(run()).toEqual(run());
  });

  it("falls freely without support until the step cap", () => {
    const out = dropTest(restingBox(0, 0, 1, 0.1, 0.1, 0.1), [], { maxSteps: 24 });
    expect(out.rested).toBe(false);
    expect(out.steps).toBe(24);
    // 0.1 s of free fall from 5 mm up: about ½·g·t² ≈ 4.9 cm
    expect(out.sink).toBeGreaterThan(0.03);
    expect(out.sink).toBeLessThan(0.07);
  });
});
