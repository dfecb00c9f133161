import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { copyContent } from "../../../sim/world/load-cache.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { applyWorldOp, worldOpArb, worldState } from "./world-state.ts";

describe("WorldPool", () => {
  it("a world given back is handed out again restored, = a fresh load of its scene", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.array(worldOpArb, { maxLength: 20 }), { minLength: 1, maxLength: 3 }), (seed, episodes) => {
        const scene = generateHouse(60, seed).scene;
        const pool = new WorldPool();
        const first = pool.take(scene);
        let w = first;
        for (const ops of episodes) {
          for (const op of ops) applyWorldOp(w, op);
          pool.give(w);
          w = pool.take(scene);
          expect(w).toBe(first);
          expect(worldState(w)).toEqual(worldState(loadWorld(scene)));
        }
      }),
      { numRuns: 15 },
    );
  });

  it("a scene edited in place since its world was loaded loads in full", () => {
    const scene = generateHouse(40, 3).scene;
    const pool = new WorldPool();
    const w = pool.take(scene);
    pool.give(w);
    const thing = scene.objects.find((o) => o.kind === "carryable")!;
    thing.box.center = { ...thing.box.center, x: thing.box.center.x + 0.25 };
    const again = pool.take(scene);
    expect(again).not.toBe(w);
    expect(worldState(again)).toEqual(worldState(loadWorld(copyContent(scene))));
    // and that new world is restorable for the edited content
    pool.give(again);
    expect(pool.take(scene)).toBe(again);
  });

  it("a scene whose recipe was replaced since (edited, loaded elsewhere) loads in full even if edited back", () => {
    const scene = generateHouse(40, 4).scene;
    const pool = new WorldPool();
    const w = pool.take(scene);
    pool.give(w);
    const thing = scene.objects.find((o) => o.kind === "carryable")!;
    const was = thing.box.center;
    thing.box.center = { ...was, x: was.x + 0.25 };
    loadWorld(scene); // records the edited scene's recipe
    thing.box.center = was;
    loadWorld(scene); // and the original's again: a new recipe object
    expect(pool.take(scene)).not.toBe(w);
  });

  it("never hands one world to two users; another scene object (even of the same content) gets its own world", () => {
    const scene = generateHouse(30, 5).scene;
    const pool = new WorldPool();
    const a = pool.take(scene);
    const b = pool.take(scene);
    expect(b).not.toBe(a);
    pool.give(a);
    pool.give(a); // a second give of the same world changes nothing
    expect(pool.take(scene)).toBe(a);
    expect(pool.take(scene)).not.toBe(a);
    pool.give(b);
    expect(pool.take(copyContent(scene))).not.toBe(b);
  });

  it("drops worlds it cannot restore or did not hand out, and keeps at most `capacity` free worlds", () => {
    const scenes = [1, 2, 3].map((s) => generateHouse(20, s).scene);
    const pool = new WorldPool(2);
    const built = pool.take(scenes[0]!);
    void built.root; // someone holds its three.js graph
    pool.give(built);
    expect(pool.take(scenes[0]!)).not.toBe(built);
    const stranger = loadWorld(scenes[1]!);
    stranger.checkpoint();
    pool.give(stranger);
    expect(pool.take(scenes[1]!)).not.toBe(stranger);
    const worlds = scenes.map((s) => pool.take(s));
    for (const w of worlds) pool.give(w);
    // the least recently given went first
    expect(pool.take(scenes[0]!)).not.toBe(worlds[0]);
    expect(pool.take(scenes[1]!)).toBe(worlds[1]);
    expect(pool.take(scenes[2]!)).toBe(worlds[2]);
  });

  it("keeps free worlds only while their objects fit its object budget, least recently given out first, the last one whatever its size", () => {
    const scenes = [1, 2, 3].map((s) => generateHouse(20, s).scene);
    const sizes = scenes.map((s) => objectsIn(s));
    // a budget for two of the three houses: giving the third drops the first
    const pool = new WorldPool(16, sizes[0]! + sizes[1]! + sizes[2]! - 1);
    const worlds = scenes.map((s) => pool.take(s));
    for (const w of worlds) pool.give(w);
    expect(pool.take(scenes[0]!)).not.toBe(worlds[0]);
    expect(pool.take(scenes[1]!)).toBe(worlds[1]);
    expect(pool.take(scenes[2]!)).toBe(worlds[2]);
    // a budget below one house: the house given last is kept all the same, and only it
    const tiny = new WorldPool(16, 1);
    const [a, b] = [tiny.take(scenes[0]!), tiny.take(scenes[1]!)];
    tiny.give(a);
    tiny.give(b);
    expect(tiny.take(scenes[1]!)).toBe(b);
    expect(tiny.take(scenes[0]!)).not.toBe(a);
    // taking a world back out frees its share of the budget
    const fits = new WorldPool(16, sizes[0]! + sizes[1]!);
    const [x, y, z] = scenes.map((s) => fits.take(s));
    fits.give(x!);
    fits.give(y!);
    expect(fits.take(scenes[0]!)).toBe(x);
    fits.give(z!);
    expect(fits.take(scenes[1]!)).toBe(y);
  });

  it("keeps sixteen worlds and 20,000 objects by default", () => {
    const pool = new WorldPool();
    expect([pool.capacity, pool.objectBudget]).toEqual([16, 20_000]);
  });
});

/** Objects in a world of the scene. */
function objectsIn(scene: Parameters<typeof loadWorld>[0]): number {
  return loadWorld(scene).objects.size;
}
