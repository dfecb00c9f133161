import fc from "fast-check";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import type { EpisodeTaskSpec, WorkerSetup } from "../../../harness/workers/protocol.ts";
import { RecipeShare } from "../../../harness/workers/recipe-share.ts";
import { loadSceneFile, type LoadedScene } from "../../../sim/scene/load.ts";
import { cachedRecipe, copyContent, rememberRecipe } from "../../../sim/world/load-cache.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import type { World } from "../../../sim/world/world.ts";
import { copyBundledSuite, hasBundledSuite, mainLaneLeavingEpisodesToThread, suiteEpisodeSpecs, trajectoryEnded, testWorkerSetup } from "./run-files.ts";

/**
 * What stepping can read of a world, in iteration order (as load-cache.test.ts compares worlds). The index's
 * buckets and entries refer to each other: compared by ids, bounds and cell ranges, not through the cycle.
 */
function snapshot(w: World): unknown {
  const idx = w.index as unknown as { cells: Map<number, { id: string }[]>; entries: Map<string, { bounds: unknown; cells: unknown }>; oversized: Map<string, unknown> };
  const nodes: unknown[] = [];
  w.root.traverse((n) => nodes.push([n.name, n.parent?.name ?? null, n.children.map((c) => c.name), [...n.matrixWorld.elements]]));
  return {
    objects: [...w.objects.values()].map((o) => [o.id, o.box, o.room, o.held, o.states]),
    supports: [...w.supports],
    nodes,
    entries: [...idx.entries].map(([id, e]) => [id, e.bounds, e.cells]),
    cells: [...idx.cells].sort((a, b) => a[0] - b[0]).map(([k, s]) => [k, s.map((e) => e.id)]),
    oversized: [...idx.oversized.keys()],
    version: w.version,
  };
}

/** A lane's scenes by path, as a FileCache holds them. */
const laneOf = (...scenes: LoadedScene[]) => new RecipeShare((p) => scenes.find((s) => s.path === p));

describe("RecipeShare", () => {
  it("a lane that takes another lane's recipe (a structured clone, as between threads) loads the world a full load builds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 300 }), (seed, size) => {
        const mine: LoadedScene = { path: "/h.scene.json", hash: "h", scene: generateHouse(size, seed).scene };
        // the thread's copy of the scene, as it arrives with its task
        const theirs = structuredClone(mine);
        const a = laneOf(mine);
        const b = laneOf(theirs);
        expect(a.outgoing(mine.path)).toBeNull(); // nothing loaded yet: nothing to offer
        loadWorld(mine.scene);
        const offer = a.outgoing(mine.path)!;
        expect(offer).not.toBeNull();
        expect(a.outgoing(mine.path)).toBeNull(); // offered once
        expect(b.incoming(structuredClone(offer))).toBe(true);
        expect(b.incoming(structuredClone(offer))).toBe(false);
        expect(cachedRecipe(theirs.scene)).not.toBeNull();
        expect(b.outgoing(theirs.path)).toBeNull(); // not sent back
        expect(snapshot(loadWorld(theirs.scene))).toEqual(snapshot(loadWorld(copyContent(mine.scene))));
      }),
      { numRuns: 8 },
    );
  });

  it("a lane keeps the recipe it made itself, and relays one for a scene it does not have", () => {
    const mine: LoadedScene = { path: "/h.scene.json", hash: "h", scene: generateHouse(40, 7).scene };
    const theirs = structuredClone(mine);
    loadWorld(mine.scene);
    loadWorld(theirs.scene);
    const own = cachedRecipe(theirs.scene);
    expect(laneOf(theirs).incoming(laneOf(mine).outgoing(mine.path)!)).toBe(true);
    expect(cachedRecipe(theirs.scene)).toBe(own);
    const relay = laneOf();
    expect(relay.incoming(laneOf(mine).outgoing(mine.path)!)).toBe(true);
    expect(relay.outgoing(mine.path)).toBeNull();
  });
});

describe.skipIf(!hasBundledSuite("default"))("lanes of a parallel run share their recipes", () => {
  let pool: EpisodePool | null = null;
  afterEach(async () => {
    await pool?.destroy();
    pool = null;
  });

  /** Three episodes of the default suite's first scene (a flat) and the scene as the main thread loaded it. */
  function flatEpisodes(): { specs: EpisodeTaskSpec[]; scene: LoadedScene; out: string; setup: WorkerSetup } {
    const suite = copyBundledSuite("default", { limit: 3, maxSteps: 4 });
    const specs = suiteEpisodeSpecs(suite, 4);
    expect(new Set(specs.map((s) => s.scenePath)).size).toBe(1);
    const scene = loadSceneFile(specs[0]!.scenePath);
    const out = mkdtempSync(path.join(os.tmpdir(), "recipes-"));
    return { specs, scene, out, setup: testWorkerSetup("random", {}, out) };
  }

  it("a scene the pool thread loaded is not settled again on the main thread", async () => {
    const { specs, scene, out, setup } = flatEpisodes();
    pool = await EpisodePool.open(1, setup);
    await pool.runAll(
      specs,
      () => {},
      undefined,
      // the main lane loads nothing: it waits (event loop free) until the thread has run the other episodes
      mainLaneLeavingEpisodesToThread(specs, out),
      [scene],
    );
    expect(specs.slice(1).every((s) => trajectoryEnded(out, s.key))).toBe(true);
    expect(cachedRecipe(scene.scene)).not.toBeNull();
  }, 120_000);

  it("the pool thread replays the recipe of a scene the main lane loaded first", async () => {
    const { specs, scene, setup } = flatEpisodes();
    // a recipe no load could make: a thread that replays it fails on the object it names
    rememberRecipe(scene.scene, { settled: [{ id: "no_such_object", box: scene.scene.objects[0]!.box }], supports: [] });
    pool = await EpisodePool.open(1, setup);
    const run = pool.runAll(
      specs,
      () => {},
      undefined,
      async (index, push) => {
        // the main lane "loads" episode 0's scene and begins it; then it waits for the thread's episodes to fail
        push({ type: "episodeBegin", key: specs[index]!.key } as RunEvent);
        await new Promise((r) => setTimeout(r, 20_000));
        push({ type: "episodeEnd", key: specs[index]!.key } as RunEvent);
      },
      [scene],
    );
    await expect(run).rejects.toThrow(/unknown object no_such_object/);
  }, 120_000);
});
