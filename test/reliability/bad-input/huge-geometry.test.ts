/**
 * Geometry at the edges of the number line. A scene object 1e300 m long once hung scene loading (the
 * spatial index walked every grid cell a query box covered: up to 2^42 once clamped); scenes now keep
 * coordinates within ±MAX_COORDINATE and sides within MAX_OBJECT_SIZE, and the index walks only
 * occupied cells for a query larger than what it holds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { horizontalGap } from "../../../sim/geometry/gap.ts";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import { parseScene } from "../../../sim/scene/load.ts";
import { collides, obstaclesOf } from "../../../sim/physics/collision.ts";
import { solidParts, type PartsOf } from "../../../sim/physics/solid-parts.ts";
import { snapDown } from "../../../sim/physics/support.ts";
import { MAX_TIP_STEPS, tipOff } from "../../../sim/physics/tip-off.ts";
import { MAX_COORDINATE, MAX_OBJECT_SIZE, type Box } from "../../../sim/scene/schema.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { tinyFlatInput } from "../../helpers/scenes.ts";
import { floor, object, restingBox } from "../../sim/geometry/fixtures.ts";
import { loadOrInputErrors } from "../helpers/json-mutation.ts";

const coord = fc.oneof(fc.double({ min: -20, max: 20, noNaN: true }), fc.constantFrom(-1e300, 1e300, -1e7, 1e7, 0));
const side = fc.oneof(fc.double({ min: 0, max: 3, noNaN: true }), fc.constantFrom(1e300, 1e7, 5e-324, 0));
const boxArb: fc.Arbitrary<Box> = fc.record({
  center: fc.record({ x: coord, y: coord, z: fc.double({ min: 0, max: 2, noNaN: true }) }),
  size: fc.record({ x: side, y: side, z: fc.double({ min: 0, max: 2, noNaN: true }) }),
  heading: fc.double({ min: -4, max: 4, noNaN: true }),
});

describe("spatial index with huge and far-flung boxes", () => {
  it("answers every query (no walk over 2^42 cells) with a superset of the true neighbours, without duplicates", () => {
    fc.assert(
      fc.property(fc.array(boxArb, { maxLength: 30 }), boxArb, fc.double({ min: 0, max: 5, noNaN: true }), (boxes, q, radius) => {
        const index = new SpatialIndex(1);
        boxes.forEach((b, i) => index.insert(`o${i}`, b));
        const found = index.query(q, radius);
        expect(new Set(found).size).toBe(found.length);
        // at 1e300 m the gap itself is rounding noise: compare with brute force where numbers still mean something
        const sane = (b: Box) => Math.max(Math.abs(b.center.x), Math.abs(b.center.y), b.size.x, b.size.y) <= 1e7;
        if (!sane(q)) return;
        boxes.forEach((b, i) => {
          if (sane(b) && horizontalGap(b, q) <= radius) expect(found).toContain(`o${i}`);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("scene bounds", () => {
  const withObject = (edit: (o: Record<string, any>) => void) => {
    const scene = tinyFlatInput() as unknown as { objects: Array<Record<string, any>> };
    edit(scene.objects[8]!);
    return JSON.stringify(scene);
  };

  it.each([
    ["a side of 1e300 m", (o: Record<string, any>) => (o.box.size = [1e300, 0.15, 0.04]), "$.objects[8].box.size[0]", /at most 100 m/],
    ["a side just over the limit", (o: Record<string, any>) => (o.box.size = { x: 0.1, y: MAX_OBJECT_SIZE + 0.001, z: 0.04 }), "$.objects[8].box.size.y", /at most 100 m/],
    ["a centre 1e5 m away", (o: Record<string, any>) => (o.box.center = [1e5, 1, 0.02]), "$.objects[8].box.center[0]", /within ±10000 m/],
  ])("%s is refused at its place", (_name, edit, where, reason) => {
    const r = loadOrInputErrors(() => parseScene(withObject(edit), "big.scene.json"), "big.scene.json");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.where)).toContain(where);
      expect(r.errors.find((e) => e.where === where)!.reason).toMatch(reason);
    }
  });

  it("objects at the limits (a 100 m plank, a 1e-300 m speck, a room 10 km out) load into a world", () => {
    const scene = tinyFlatInput() as unknown as { rooms: Array<Record<string, any>>; objects: Array<Record<string, any>> };
    scene.objects[8]!.box.size = [MAX_OBJECT_SIZE, 0.01, 0.04];
    scene.objects[3]!.box.size = [1e-300, 1e-300, 1e-300];
    scene.rooms[1]!.footprint = { min: { x: 4, y: 0 }, max: { x: MAX_COORDINATE, y: MAX_COORDINATE } };
    const r = loadOrInputErrors(() => parseScene(JSON.stringify(scene), "edge.scene.json"), "edge.scene.json");
    expect(r.ok).toBe(true);
    if (r.ok) expect(loadWorld(r.value).objects.size).toBeGreaterThanOrEqual(scene.objects.length);
  }, 30_000);
});

describe("tip-off search with huge objects", () => {
  // tip-off is reached from settling, which the scene bounds keep to sides of at most 100 m; it is also
  // safe on its own: at most MAX_TIP_STEPS spots tried, whatever the object's length (a 1e300 m one hung)
  const fl = floor("floor_1", -1e6, -1e6, 1e6, 1e6);
  const table = object("table_1", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
  const supports = [fl, table];
  const obstacles = obstaclesOf(supports, new Set(), solidParts);

  /** Tips a `length` × `width` object whose centre is past the table's +x edge (at 0.6); counts the snaps tried. */
  function tip(length: number, width: number): { landing: Box | null; tries: number } {
    const b = restingBox(0.6 + Math.min(0.05, length / 4), 0, 0.75, length, width, 0.04);
    const snap = snapDown(b, supports);
    expect(snap.stable).toBe(false);
    let calls = 0;
    const counting: PartsOf = (o) => {
      // each spot tried snaps against every support once; fail (not hang) well past the cap
      if (++calls > (MAX_TIP_STEPS + 1) * supports.length) throw new Error(`tip-off tried more than ${MAX_TIP_STEPS} spots`);
      return solidParts(o);
    };
    const landing = tipOff(snap, supports, obstacles, counting);
    return { landing, tries: calls / supports.length };
  }

  it.each([
    ["1e300 m × 10 cm", 1e300, 0.1],
    ["1e6 m × 1 cm", 1e6, 0.01],
    ["100 m × 1 cm (the largest a scene may hold)", MAX_OBJECT_SIZE, 0.01],
  ])("a %s object tries at most MAX_TIP_STEPS spots", (_name, length, width) => {
    const { tries } = tip(length, width);
    expect(tries).toBeLessThanOrEqual(MAX_TIP_STEPS);
    expect(tries).toBeGreaterThan(0);
  });

  it.each([
    ["a 10 cm cup", 0.1, 0.1],
    ["a 1 m × 8 cm board (52 spots: under the cap, searched as before)", 1, 0.08],
    ["a 2 m × 1 cm pole (coarser steps)", 2, 0.01],
  ])("%s still lands balanced and free of obstacles", (_name, length, width) => {
    const { landing, tries } = tip(length, width);
    expect(landing).not.toBeNull();
    expect(snapDown(landing!, supports).stable).toBe(true);
    expect(collides(landing!, obstacles)).toBe(false);
    expect(tries).toBeLessThanOrEqual(MAX_TIP_STEPS);
  });
});
