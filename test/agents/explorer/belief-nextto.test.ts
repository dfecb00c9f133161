import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextto } from "../../../sim/predicates/nextto.ts";
import type { PredicateObject } from "../../../sim/predicates/subject.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import type { ObservedObject } from "../../../sim/observation.ts";
import { beliefOf, obj, observation, roomsInLine } from "./fixtures.ts";

const rooms = roomsInLine("bedroom");

/** The simulator's view of an observed object: a plain solid, not held. */
function simObject(o: ObservedObject, shape: "solid" | "table" | "container" = "solid"): PredicateObject {
  return { id: o.id, box: o.box, shape, wall: 0.01, abilities: new Set(), held: false, states: {}, room: o.room };
}

const boxArb: fc.Arbitrary<Box> = fc.record({
  center: fc.record({ x: fc.double({ min: 0, max: 2, noNaN: true }), y: fc.double({ min: 0, max: 2, noNaN: true }), z: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  size: fc.record({ x: fc.double({ min: 0.05, max: 1, noNaN: true }), y: fc.double({ min: 0.05, max: 1, noNaN: true }), z: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
});

describe("Belief: nextto read from the observed boxes", () => {
  it("believes a folder set beside the book is beside the backpack too, when it stands there", () => {
    const size = { x: 0.3, y: 0.2, z: 0.1 };
    const at = (x: number): Box => ({ center: { x, y: 1, z: 0.55 }, size, heading: 0 });
    const book = obj("book", "book.n.02", "bedroom", { box: at(1) });
    // 2 cm apart on either side of the book: both within a sixth of the mean extent (0.2 m / 6)
    const folder = obj("folder", "folder.n.02", "bedroom", { box: at(1.32) });
    const backpack = obj("backpack", "backpack.n.01", "bedroom", { box: at(0.68) });
    const far = obj("far", "backpack.n.01", "bedroom", { box: at(1.8) });
    const b = beliefOf(observation(rooms, [book, folder, backpack, far]));
    expect(b.holds("nextto", ["folder", "book"])).toBe(true);
    expect(b.holds("nextto", ["book", "backpack"])).toBe(true);
    expect(b.holds("nextto", ["folder", "backpack"])).toBe(false); // 0.34 m apart
    expect(b.holds("nextto", ["folder", "far"])).toBe(false);
  });

  it("does not believe it of what stands under, on or in the other, of a held object, or of a floor", () => {
    const table = obj("table", "table.n.02", "bedroom", { kind: "fixed", box: { center: { x: 1, y: 1, z: 0.4 }, size: { x: 1.2, y: 0.8, z: 0.8 }, heading: 0 } });
    // on the floor under the table (its relation says only "on the floor")
    const shoe = obj("shoe", "shoe.n.01", "bedroom", { relation: { type: "onfloor", target: "floor_bedroom" }, box: { center: { x: 1.1, y: 1, z: 0.05 }, size: { x: 0.3, y: 0.1, z: 0.1 }, heading: 0 } });
    const beside = obj("beside", "shoe.n.01", "bedroom", { box: { center: { x: 1.77, y: 1, z: 0.05 }, size: { x: 0.3, y: 0.1, z: 0.1 }, heading: 0 } });
    const floor = obj("floor_bedroom", "floor.n.01", "bedroom", { kind: "fixed", box: { center: { x: 2, y: 2, z: -0.05 }, size: { x: 4, y: 4, z: 0.1 }, heading: 0 } });
    const b = beliefOf(observation(rooms, [table, shoe, beside, floor]));
    expect(b.holds("nextto", ["beside", "table"])).toBe(true);
    expect(b.holds("nextto", ["shoe", "table"])).toBe(false);
    expect(b.holds("nextto", ["beside", "floor_bedroom"])).toBe(false);
    const held = beliefOf(observation(rooms, [table, beside], { agent: { room: "bedroom", position: { x: 1, y: 2 }, holding: "beside", near: null } }));
    expect(held.holds("nextto", ["beside", "table"])).toBe(false);
    const onIt = beliefOf(observation(rooms, [table, { ...beside, relation: { type: "ontop", target: "table" } }]));
    expect(onIt.holds("nextto", ["beside", "table"])).toBe(false);
  });

  it("never believes nextto where the simulator's predicate, given the same boxes, says it does not hold", () => {
    fc.assert(
      fc.property(boxArb, boxArb, fc.constantFrom("solid", "table", "container") as fc.Arbitrary<"solid" | "table" | "container">, (ba, bb, shape) => {
        const a = obj("a", "cup.n.01", "bedroom", { box: ba });
        const b = obj("b", "table.n.02", "bedroom", { box: bb, kind: "fixed" });
        const believed = beliefOf(observation(rooms, [a, b])).holds("nextto", ["a", "b"]);
        if (believed) expect(nextto(simObject(a), simObject(b, shape))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
