import fc from "fast-check";
import type { Object3D } from "three";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { settleScene } from "../../../sim/physics/settle-scene.ts";
import { composeYaw, multiplyMatrices } from "../../../sim/world/frame.ts";
import { deriveSupports } from "../../../sim/world/load-world.ts";
import { World } from "../../../sim/world/world.ts";
import { ThreeWorld } from "./reference/three-world.ts";
import { applyWorldOp as apply, poseOpArb as opArb } from "./world-state.ts";
import { Matrix4, Object3D as ThreeObject3D } from "three";

type AnyWorld = World | ThreeWorld;

/** A double in (-max, max) with a full mantissa (fc.double favours round and extreme values, which round alike). */
const coord = (max: number) => fc.integer({ min: -1e9, max: 1e9 }).map((i) => (i / 1e9) * max * Math.SQRT1_2);

/**
 * What stepping reads of a world: boxes (exact), rooms, per-room lists, supports, descendants, agent, index state.
 * The index is compared for the objects not held: the world keeps held objects out of it (only objectsNear
 * reads it, and leaves them out), the reference keeps them in; every other entry, cell and bucket order must agree.
 */
function state(w: AnyWorld): unknown {
  // buckets map ids to entries and entries list their buckets: compare ids, bounds and cell ranges, not the cycle
  const idx = w.index as unknown as { cells: Map<number, { id: string }[]>; entries: Map<string, { bounds: unknown; cells: unknown } | null> };
  return {
    objects: [...w.objects.values()].map((o) => [o.id, o.box, o.room, o.held]),
    rooms: [...w.rooms.keys()].map((r) => [r, w.objectsInRoom(r).map((o) => o.id)]),
    supports: [...w.supports],
    descendants: [...w.objects.keys()].map((id) => w.descendants(id)),
    agent: [w.agent.room, w.agent.position, w.agent.holding],
    version: w.version,
    entries: [...idx.entries].filter(([id, e]) => e !== null && !w.get(id).held).map(([id, e]) => [id, e!.bounds, e!.cells]),
    cells: [...idx.cells]
      .sort((a, b) => a[0] - b[0])
      .map(([k, s]) => [k, s.filter((e) => !w.get(e.id).held).map((e) => e.id)] as const)
      .filter(([, ids]) => ids.length > 0),
  };
}

/** The three.js graph: structure, child order, local pose and world matrix of every node, in traversal order. */
function graph(root: Object3D): unknown[] {
  const out: unknown[] = [];
  root.traverse((n) => out.push([n.type, n.name, n.userData.objectId ?? null, n.parent?.name ?? null, n.position.toArray(), n.quaternion.toArray(), [...n.matrix.elements], [...n.matrixWorld.elements]]));
  return out;
}

function loaded(size: number, seed: number): [World, ThreeWorld] {
  const scene = generateHouse(size, seed).scene;
  const fresh = new World(scene);
  const ref = new ThreeWorld(scene);
  for (const w of [fresh, ref]) {
    settleScene([...w.objects.values()], w.index);
    deriveSupports(w as World);
  }
  return [fresh, ref];
}

describe("World with its own frames = the World that went through three.js for every pose", () => {
  it("loading, then random setPose/hold/moveAgent: same changed ids, boxes, rooms, supports, index; same three graph when built", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 200 }), fc.array(opArb, { maxLength: 40 }), fc.nat(), (seed, size, ops, buildAt) => {
        const [w, ref] = loaded(size, seed);
        expect(state(w)).toEqual(state(ref));
        const at = buildAt % (ops.length + 1);
        ops.forEach((op, i) => {
          // build the three graph part-way: from then on the world keeps it in step with its frames
          if (i === at) expect(graph(w.root)).toEqual(graph(ref.root));
          expect(apply(w, op)).toEqual(apply(ref, op));
          expect(state(w)).toEqual(state(ref));
          // what is held is in the reference's index, never in the world's (and what it carries is in both)
          if (w.agent.holding) {
            expect([w.index.has(w.agent.holding), ref.index.has(w.agent.holding)]).toEqual([false, true]);
            for (const id of w.descendants(w.agent.holding)) expect(w.index.has(id)).toBe(true);
          }
        });
        expect(graph(w.root)).toEqual(graph(ref.root));
        // and the kept-in-step graph is what a full recompute gives
        const before = graph(w.root);
        w.root.updateMatrixWorld(true);
        expect(graph(w.root)).toEqual(before);
        for (const o of w.objects.values()) expect(o.node.userData.objectId).toBe(o.id);
        if (w.agent.holding) expect(w.get(w.agent.holding).node.parent).toBe(w.agent.node);
      }),
      { numRuns: 25 },
    );
  });

  it("composeYaw and multiplyMatrices are Matrix4.compose (of Euler(0, 0, yaw)) and Matrix4.multiplyMatrices, bit for bit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coord(50), coord(50), coord(5), coord(10)), { minLength: 1, maxLength: 5 }),
        (chain) => {
          let parent: ThreeObject3D | null = null;
          let world: number[] | null = null;
          for (const [x, y, z, yaw] of chain) {
            const n = new ThreeObject3D();
            n.position.set(x, y, z);
            n.rotation.set(0, 0, yaw);
            parent?.add(n);
            n.updateWorldMatrix(false, false);
            const local = new Array<number>(16);
            composeYaw(local, x, y, z, yaw);
            expect(local).toEqual(n.matrix.elements);
            const next = new Array<number>(16);
            if (world) multiplyMatrices(next, world, local);
            expect(world ? next : local).toEqual(n.matrixWorld.elements);
            expect(world ? next : local).toEqual(world ? new Matrix4().multiplyMatrices(new Matrix4().fromArray(world), n.matrix).elements : n.matrix.elements);
            world = world ? next : local;
            parent = n;
          }
        },
      ),
    );
  });
});
