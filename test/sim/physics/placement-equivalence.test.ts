/**
 * `findPlacement` against the plain search it replaced: every candidate shuffled with `Rng.shuffle` over a
 * plain index array (for `inside`, then stably sorted corners first), every nearby object cut into parts,
 * every surviving candidate dropped in cannon-es.
 * The fast search must try the same candidates in the same order, draw the same random numbers, and reach
 * the same result; only the physics check may be skipped, where its outcome is certain.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintWithin } from "../../../sim/geometry/containment.ts";
import { boxDistance } from "../../../sim/geometry/gap.ts";
import { topZ } from "../../../sim/geometry/vertical.ts";
import { candidateSets, type CandidateSet } from "../../../sim/physics/candidate-sets.ts";
import { collides, obstaclesOf, type Obstacle } from "../../../sim/physics/collision.ts";
import { dropTest } from "../../../sim/physics/drop-test.ts";
import { findPlacement, instability, MAX_PHYSICS_CHECKS, shuffledIndices } from "../../../sim/physics/find-placement.ts";
import { groundSlab } from "../../../sim/physics/ground.ts";
import { MAX_SINK, MAX_TILT } from "../../../sim/physics/physics-constants.ts";
import type { PlacementObject, PlacementRelation, PlacementRequest, PlacementResult } from "../../../sim/physics/placement-types.ts";
import { solidParts } from "../../../sim/physics/solid-parts.ts";
import { snapDown } from "../../../sim/physics/support.ts";
import { inside } from "../../../sim/predicates/inside.ts";
import { nextto } from "../../../sim/predicates/nextto.ts";
import { ontop } from "../../../sim/predicates/ontop.ts";
import { under } from "../../../sim/predicates/under.ts";
import { Rng } from "../../../sim/rng.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { floor, object, restingBox, type TestObject } from "../geometry/fixtures.ts";

const holdsFor = { ontop, inside, nextto, under };

/** The search as it was: physics for every candidate that gets that far. The failure reasons are left out. */
function plainPlacement(request: PlacementRequest): PlacementResult {
  const { object, target, relation } = request;
  const nearby: PlacementObject[] = [];
  const seen = new Set<string>([object.id]);
  for (const o of [target, ...(request.nearby as Iterable<PlacementObject>)]) {
    if (seen.has(o.id) || o.held) continue;
    seen.add(o.id);
    nearby.push(o);
  }
  const found = candidateSets(relation, { object, target, nearby, rooms: request.rooms ?? [] });
  if (!found.ok) return found;
  const obstacles = obstaclesOf(nearby, new Set(), solidParts);
  let checks = 0;
  for (const set of found.sets) {
    const shuffled = request.rng.shuffle(Array.from({ length: set.poses.length }, (_, i) => i));
    // into a container: corners first, then against one side, then the rest, each in shuffled order (a stable sort)
    const contacts = set.poses.edgeContactsInto(new Uint8Array(set.poses.length));
    const order = relation === "inside" ? shuffled.sort((a, b) => contacts[b]! - contacts[a]!) : shuffled;
    for (const index of order) {
      const pose = set.poses.at(index);
      if (topZ(pose) > set.ceiling + 1e-9 || (set.bound && !footprintWithin(pose, set.bound, 1e-9)) || collides(pose, obstacles)) continue;
      if (!holdsFor[relation]({ ...object, box: pose, held: false }, target)) continue;
      const snap = snapDown(pose, nearby, solidParts);
      if (!snap.stable || Math.abs(snap.box.center.z - pose.center.z) > 1e-9) continue;
      if (checks >= MAX_PHYSICS_CHECKS) return { ok: false, reason: "gave up" };
      checks++;
      const outcome = dropTest(pose, staticsFor(pose, set, obstacles), { stopWhen: { sink: 3 * MAX_SINK, tilt: 3 * MAX_TILT } });
      if (!instability(outcome, set)) return { ok: true, box: pose, restsOn: set.restsOn?.id ?? null };
    }
  }
  return { ok: false, reason: "no pose" };
}

function staticsFor(pose: Box, set: CandidateSet, obstacles: readonly Obstacle[]): Box[] {
  const statics = obstacles.filter((o) => boxDistance(o.part, pose) <= 0.05).map((o) => o.part);
  if (set.groundZ !== null) statics.push(groundSlab(pose, set.groundZ));
  return statics;
}

const rngState = (r: Rng) => JSON.stringify(r);

describe("findPlacement against the plain search", () => {
  const fl = floor("floor_1", -5, -5, 5, 5);
  const table = object("table_1", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
  const cabinet = object("cabinet_1", restingBox(-2, 0, 0, 0.8, 0.5, 0.9), { shape: "container", abilities: ["openable"], kind: "fixed" });

  /**
   * A scene: the table carries a basket and a few things, some touching; a crate and other things stand on
   * the floor around it (in the way of poses beside and under the table, or just clear of them).
   */
  const scene = fc
    .record({
      basket: fc.record({ x: fc.double({ min: -0.35, max: 0.35, noNaN: true }), y: fc.double({ min: -0.2, max: 0.2, noNaN: true }), heading: fc.double({ min: -0.5, max: 0.5, noNaN: true }) }),
      things: fc.array(
        fc.record({
          x: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
          y: fc.double({ min: -0.32, max: 0.32, noNaN: true }),
          sx: fc.double({ min: 0.05, max: 0.2, noNaN: true }),
          sy: fc.double({ min: 0.05, max: 0.2, noNaN: true }),
          sz: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
          heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        }),
        { maxLength: 6 },
      ),
      // on the floor beside the table's or the crate's sides, a few centimetres off: in the way of poses
      // beside and under them, or just clear of them
      floorThings: fc.array(
        fc.record({
          host: fc.constantFrom({ x: 0, y: 0, hx: 0.6, hy: 0.4 }, { x: 1.2, y: 0, hx: 0.2, hy: 0.2 }),
          side: fc.integer({ min: 0, max: 3 }),
          gap: fc.double({ min: 0, max: 0.08, noNaN: true }),
          along: fc.double({ min: -1, max: 1, noNaN: true }),
          sx: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
          sy: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
          sz: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
        }),
        { maxLength: 6 },
      ),
      crateHeight: fc.double({ min: 0.1, max: 0.5, noNaN: true }),
    })
    .map(({ basket, things, floorThings, crateHeight }) => {
      const objects: TestObject[] = [fl, table, cabinet];
      objects.push(object("basket_1", restingBox(basket.x, basket.y, 0.75, 0.4, 0.3, 0.2, basket.heading), { shape: "container" }));
      things.forEach((t, i) => objects.push(object(`thing_${i}`, restingBox(t.x, t.y, 0.75, t.sx, t.sy, t.sz, t.heading))));
      objects.push(object("crate_1", restingBox(1.2, 0, 0, 0.4, 0.4, crateHeight)));
      floorThings.forEach(({ host: h, side, gap, along, sx, sy, sz }, i) => {
        const [nx, ny] = [[1, 0], [-1, 0], [0, 1], [0, -1]][side]!;
        const x = nx ? h.x + nx * (h.hx + gap + sx / 2) : h.x + along * h.hx;
        const y = ny ? h.y + ny * (h.hy + gap + sy / 2) : h.y + along * h.hy;
        objects.push(object(`floor_thing_${i}`, restingBox(x!, y!, 0, sx, sy, sz)));
      });
      return objects;
    });

  const request = fc.record({
    size: fc.record({ x: fc.double({ min: 0.05, max: 0.4, noNaN: true }), y: fc.double({ min: 0.05, max: 0.4, noNaN: true }), z: fc.double({ min: 0.05, max: 0.3, noNaN: true }) }),
    which: fc.constantFrom<[PlacementRelation, string]>(
      ["ontop", "table_1"],
      ["inside", "basket_1"],
      ["inside", "cabinet_1"],
      ["ontop", "cabinet_1"],
      ["ontop", "crate_1"],
      ["nextto", "basket_1"],
      ["nextto", "crate_1"],
      ["under", "table_1"],
      ["nextto", "table_1"],
    ),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  });

  it("tries the same candidates in the same order and reaches the same result", () => {
    let placed = 0;
    fc.assert(
      fc.property(scene, request, (objects, { size, which: [relation, targetId], seed }) => {
        const thing = object("thing", restingBox(3, 3, 0, size.x, size.y, size.z));
        const target = objects.find((o) => o.id === targetId)!;
        const [fast, plain] = [new Rng(seed), new Rng(seed)];
        const got = findPlacement({ object: thing, relation, target, nearby: objects, rng: fast });
        const want = plainPlacement({ object: thing, relation, target, nearby: objects, rng: plain });
        expect(got.ok).toBe(want.ok);
        if (got.ok && want.ok) {
          placed++;
          expect(got.box).toEqual(want.box);
          expect(got.restsOn).toBe(want.restsOn);
        }
        // the same random numbers were drawn: the episode's stream goes on alike
        expect(rngState(fast)).toBe(rngState(plain));
      }),
      { numRuns: 150 },
    );
    expect(placed).toBeGreaterThan(40);
  });
});

describe("shuffledIndices", () => {
  it("is Rng.shuffle of 0 … n−1, with the same draws", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer(), fc.boolean(), (n, seed, buffered) => {
        const [a, b] = [new Rng(seed), new Rng(seed)];
        const got = shuffledIndices(a, n, buffered ? new Uint32Array(n + 7).fill(99) : undefined);
        expect(Array.from(got)).toEqual(b.shuffle(Array.from({ length: n }, (_, i) => i)));
        expect(rngState(a)).toBe(rngState(b));
      }),
      { numRuns: 60 },
    );
  });
});
