/**
 * `findPlacement` given a query (what `place` gives it: `World.objectsNear`) against the same search given every
 * object in the scene as a list. The query is asked only around the target, the candidates' area and the
 * supports it checks; the search must see everything that matters there, and so reach the same result with
 * the same random draws, however far the candidates reach (a large object set down beside a target reaches
 * further than any fixed radius around it would).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import { findPlacement } from "../../../sim/physics/find-placement.ts";
import type { NearbyQuery, PlacementRelation } from "../../../sim/physics/placement-types.ts";
import { Rng } from "../../../sim/rng.ts";
import { sortIds } from "../../../sim/sort-ids.ts";
import { floor, object, restingBox, type TestObject } from "../geometry/fixtures.ts";

/** `World.objectsNear` over `objects`: an index of the ones not held, answered in id order. */
function queryOver(objects: readonly TestObject[]): { query: NearbyQuery; asked: { radius: number }[] } {
  const index = new SpatialIndex();
  const byId = new Map(objects.map((o) => [o.id, o]));
  for (const o of objects) if (!o.held) index.insert(o.id, o.box);
  const asked: { radius: number }[] = [];
  const query: NearbyQuery = (box, radius) => {
    asked.push({ radius });
    return sortIds(index.query(box, radius)).map((id) => byId.get(id)!);
  };
  return { query, asked };
}

const rngState = (r: Rng) => JSON.stringify(r);

describe("findPlacement with a nearby query", () => {
  const fl = floor("floor_1", -6, -6, 6, 6);
  const table = object("table_1", restingBox(0, 0, 0, 1.6, 0.9, 0.75), { shape: "table", kind: "fixed" });

  /**
   * A table with a tray (carryable) holding a cup, loose things on the table, and things on the floor anywhere
   * from touching the table to metres away: in the way of poses beside the table or beside the tray, or not.
   */
  const scene = fc
    .record({
      tray: fc.record({ x: fc.double({ min: -0.5, max: 0.5, noNaN: true }), y: fc.double({ min: -0.2, max: 0.2, noNaN: true }), heading: fc.double({ min: -0.4, max: 0.4, noNaN: true }) }),
      onTable: fc.array(fc.record({ x: fc.double({ min: -0.7, max: 0.7, noNaN: true }), y: fc.double({ min: -0.35, max: 0.35, noNaN: true }), s: fc.double({ min: 0.05, max: 0.25, noNaN: true }) }), { maxLength: 5 }),
      onFloor: fc.array(
        fc.record({ x: fc.double({ min: -3.5, max: 3.5, noNaN: true }), y: fc.double({ min: -3.5, max: 3.5, noNaN: true }), s: fc.double({ min: 0.1, max: 0.9, noNaN: true }), h: fc.double({ min: 0.05, max: 0.9, noNaN: true }) }),
        { maxLength: 14 },
      ),
      heldIndex: fc.integer({ min: -1, max: 3 }),
    })
    .map(({ tray, onTable, onFloor, heldIndex }) => {
      const objects: TestObject[] = [fl, table];
      objects.push(object("tray_1", restingBox(tray.x, tray.y, 0.75, 0.45, 0.32, 0.02, tray.heading)));
      objects.push(object("cup_1", restingBox(tray.x, tray.y, 0.77, 0.08, 0.08, 0.1)));
      onTable.forEach((t, i) => objects.push(object(`thing_${i}`, restingBox(t.x, t.y, 0.75, t.s, t.s, t.s))));
      onFloor.forEach((t, i) => {
        // clear of the table's footprint: in its way, not inside it
        if (Math.abs(t.x) < 0.8 + t.s / 2 && Math.abs(t.y) < 0.45 + t.s / 2) return;
        objects.push(object(`floor_thing_${i}`, restingBox(t.x, t.y, 0, t.s, t.s, t.h), { held: i === heldIndex }));
      });
      return objects;
    });

  const request = fc.record({
    size: fc.record({ x: fc.double({ min: 0.05, max: 1.6, noNaN: true }), y: fc.double({ min: 0.05, max: 0.8, noNaN: true }), z: fc.double({ min: 0.05, max: 0.6, noNaN: true }) }),
    which: fc.constantFrom<[PlacementRelation, string]>(
      ["ontop", "table_1"],
      ["ontop", "tray_1"],
      ["nextto", "table_1"],
      ["nextto", "cup_1"],
      ["nextto", "tray_1"],
      ["under", "table_1"],
      ["nextto", "floor_thing_0"],
    ),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  });

  it("reaches the result of the search over every object, with the same draws", () => {
    let placed = 0;
    let farReach = 0;
    fc.assert(
      fc.property(scene, request, (objects, { size, which: [relation, targetId], seed }) => {
        const target = objects.find((o) => o.id === targetId);
        if (!target || target.held) return;
        const thing = object("thing", restingBox(5, 5, 0, size.x, size.y, size.z), { held: true });
        const { query, asked } = queryOver(objects);
        const [a, b] = [new Rng(seed), new Rng(seed)];
        const got = findPlacement({ object: thing, relation, target, nearby: query, rng: a });
        const want = findPlacement({ object: thing, relation, target, nearby: objects, rng: b });
        expect(got).toEqual(want);
        expect(rngState(a)).toBe(rngState(b));
        if (got.ok) placed++;
        // the search asked no wider than it needed: a few cm around things, the candidates' area plus the physics reach
        for (const q of asked) expect(q.radius).toBeLessThan(0.08);
        if (relation === "nextto" && size.x > 1.2) farReach++;
      }),
      { numRuns: 200 },
    );
    expect(placed).toBeGreaterThan(60);
    expect(farReach).toBeGreaterThan(5);
  });

  it("sees an obstacle further from the target than 1.5 m when the candidates reach it", () => {
    // a 2.4 m bench set down beside the table's short side: its poses reach 2.4 m + from the table's edge
    const blocker = object("blocker", restingBox(0.8 + 0.005 + 2.0, 0, 0, 0.3, 3, 1));
    const objects = [fl, table, blocker];
    const bench = object("bench", restingBox(5, 5, 0, 2.4, 0.4, 0.45), { held: true });
    const { query } = queryOver(objects);
    for (let seed = 0; seed < 40; seed++) {
      const got = findPlacement({ object: bench, relation: "nextto", target: table, nearby: query, rng: new Rng(seed) });
      const want = findPlacement({ object: bench, relation: "nextto", target: table, nearby: objects, rng: new Rng(seed) });
      expect(got).toEqual(want);
      if (got.ok) {
        // never cutting into the blocker, whose near face is 1.855 m from the table's
        const b = got.box;
        const farEnd = b.center.x + (Math.abs(Math.cos(b.heading)) * b.size.x + Math.abs(Math.sin(b.heading)) * b.size.y) / 2;
        expect(farEnd).toBeLessThanOrEqual(0.8 + 0.005 + 2.0 - 0.15 + 1e-6);
      }
    }
  });
});
