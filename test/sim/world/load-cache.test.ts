import fc from "fast-check";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSceneFile } from "../../../sim/scene/load.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import { cachedRecipe, copyContent, sameContent, sealScene } from "../../../sim/world/load-cache.ts";
import { FileCache } from "../../../harness/runner/file-cache.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import type { World } from "../../../sim/world/world.ts";
import { tinyFlat } from "../../helpers/scenes.ts";

/**
 * Everything a world holds that stepping can read, in iteration order: objects, boxes (exact numbers), rooms and
 * per-room lists, supports, the scene graph (parents, child order, local and world matrices), the spatial index's
 * entries and buckets (bucket order decides query order), version and agent.
 */
function snapshot(w: World): unknown {
  // buckets hold entries and entries list their buckets: compare ids, bounds and cell ranges, not the cycle
  const idx = w.index as unknown as {
    cells: Map<number, { id: string }[]>;
    entries: Map<string, { bounds: unknown; cells: unknown } | null>;
    oversized: Map<string, { bounds: unknown }>;
  };
  const nodes: unknown[] = [];
  w.root.traverse((n) => nodes.push([n.name, n.parent?.name ?? null, n.children.map((c) => c.name), [...n.position.toArray()], [...n.quaternion.toArray()], [...n.matrixWorld.elements]]));
  return {
    objects: [...w.objects.values()].map((o) => [o.id, o.box, o.room, o.held, o.states]),
    rooms: [...w.rooms.keys()].map((r) => [r, w.objectsInRoom(r).map((o) => o.id)]),
    supports: [...w.supports],
    nodes,
    entries: [...idx.entries].filter(([, e]) => e !== null).map(([id, e]) => [id, e!.bounds, e!.cells]),
    // cell keys are only ever read sorted (and counted): their Map order is not state
    cells: [...idx.cells].sort((a, b) => a[0] - b[0]).map(([k, s]) => [k, s.map((e) => e.id)]),
    oversized: [...idx.oversized].map(([id, e]) => [id, e.bounds]),
    version: w.version,
    agent: [w.agent.room, w.agent.position, w.agent.holding],
  };
}

const bundled = (name: string) => loadSceneFile(path.join(import.meta.dirname, "../../../scenes/houses", name)).scene;

describe("loadWorld's per-scene recipe cache", () => {
  it("a repeated load of the same scene object (replayed) = a fresh load of a copy (computed): generated houses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 400 }), (seed, size) => {
        const scene = generateHouse(size, seed).scene;
        const first = loadWorld(scene);
        const replayed = loadWorld(scene);
        const fresh = loadWorld(copyContent(scene));
        expect(snapshot(replayed)).toEqual(snapshot(fresh));
        expect(snapshot(first)).toEqual(snapshot(fresh));
        // worlds share nothing mutable: moving things in one leaves the other as loaded
        const carryable = [...replayed.objects.values()].find((o) => o.kind === "carryable")!;
        replayed.hold(carryable.id);
        replayed.moveAgent(replayed.agent.room, { x: replayed.agent.position.x + 0.3, y: replayed.agent.position.y });
        expect(snapshot(loadWorld(scene))).toEqual(snapshot(fresh));
      }),
      { numRuns: 10 },
    );
  });

  it("bundled houses and the tiny flat: replayed = fresh", () => {
    for (const scene of [tinyFlat(), bundled("flat.scene.json"), bundled("cottage.scene.json"), bundled("family_house.scene.json")]) {
      loadWorld(scene);
      expect(snapshot(loadWorld(scene))).toEqual(snapshot(loadWorld(copyContent(scene))));
    }
  });

  it("a sealed scene is frozen all through, and its repeated loads = a fresh load of an unsealed copy: generated houses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 300 }), (seed, size) => {
        const scene = sealScene(generateHouse(size, seed).scene);
        // nothing in it can change, at any depth: that is what lets the cache skip the content comparison
        expect(() => {
          (scene.objects[0]!.box.center as { x: number }).x += 1;
        }).toThrow(TypeError);
        expect(() => scene.objects.push(scene.objects[0]!)).toThrow(TypeError);
        const fresh = snapshot(loadWorld(copyContent(scene)));
        expect(snapshot(loadWorld(scene))).toEqual(fresh);
        const recipe = cachedRecipe(scene);
        expect(recipe).not.toBeNull();
        const replayed = loadWorld(scene);
        expect(cachedRecipe(scene)).toBe(recipe);
        expect(snapshot(replayed)).toEqual(fresh);
      }),
      { numRuns: 8 },
    );
  });

  it("the runner's file cache seals the scenes it reads and the ones other threads hand it", () => {
    const files = new FileCache();
    const read = files.scene(path.join(import.meta.dirname, "../../../scenes/houses/flat.scene.json"));
    expect(Object.isFrozen(read.scene.objects[0]!.box)).toBe(true);
    const handed = { path: "/elsewhere/flat.scene.json", hash: read.hash, scene: structuredClone(read.scene) };
    expect(Object.isFrozen(handed.scene)).toBe(false);
    files.addScene(handed);
    expect(Object.isFrozen(files.loadedScene(handed.path)!.scene.rooms[0]!.footprint.min)).toBe(true);
  });

  it("a scene edited in place after a load is loaded afresh, not from the stale recipe", () => {
    const scene: SceneFile = tinyFlat();
    const before = loadWorld(scene);
    const book = scene.objects.find((o) => o.id === "book_1")!;
    // lift the book onto the shelf: a different settled box and support
    book.box.center = { x: 6, y: 3.7, z: 1.3 };
    const after = loadWorld(scene);
    expect(after.supports.get("book_1")).toEqual({ relation: "ontop", target: "shelf_1" });
    expect(before.supports.get("book_1")).toEqual({ relation: "onfloor", target: "floor_living" });
    expect(snapshot(after)).toEqual(snapshot(loadWorld(copyContent(scene))));
  });

  it("sameContent is deep equality of JSON-like values; copyContent copies deeply", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.boolean(), (a0, b0, same) => {
        const [a, b] = [a0, same ? copyContent(a0) : b0];
        expect(sameContent(a, b)).toBe(isEqualJson(a, b));
        const c = copyContent(a);
        expect(sameContent(a, c)).toBe(true);
        if (typeof a === "object" && a !== null) expect(c).not.toBe(a);
      }),
    );
    expect(sameContent({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(sameContent([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameContent({ x: [1, { y: 2 }] }, { x: [1, { y: 3 }] })).toBe(false);
  });
});

/** vitest's deep equality (key order ignored, -0 ≠ 0), the reference for sameContent. */
function isEqualJson(a: unknown, b: unknown): boolean {
  try {
    expect(a).toStrictEqual(b);
    return true;
  } catch {
    return false;
  }
}
