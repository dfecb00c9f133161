import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileCache } from "../../../harness/runner/file-cache.ts";
import { SceneStore } from "../../../harness/runner/scene-store.ts";
import { loadSceneFile } from "../../../sim/scene/load.ts";
import { BUNDLED_SUITES, hasBundledSuite } from "../workers/run-files.ts";

/** A scene file of the default bundled suite. */
function firstScene(): string {
  const suite = JSON.parse(readFileSync(path.join(BUNDLED_SUITES, "default.suite.json"), "utf8")) as { episodes: Array<{ scene: string }> };
  return path.resolve(BUNDLED_SUITES, suite.episodes[0]!.scene);
}

describe.skipIf(!hasBundledSuite("default"))("FileCache.addScene", () => {
  it("a scene loaded in another thread (a structured clone) is used as it is, equal to loading the file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "file-cache-"));
    const file = path.join(dir, "house.scene.json");
    copyFileSync(firstScene(), file);
    const loaded = loadSceneFile(file);
    const cache = new FileCache();
    cache.addScene(structuredClone(loaded));
    // the file is gone: the cache must not read it
    rmSync(file);
    expect(cache.scene(file)).toEqual(loaded);
  });

  it("a scene already loaded is kept", () => {
    const cache = new FileCache();
    const file = firstScene();
    const first = cache.scene(file);
    cache.addScene({ ...first, hash: "other" });
    expect(cache.scene(file)).toBe(first);
  });
});

describe.skipIf(!hasBundledSuite("default"))("FileCache across runs", () => {
  const copy = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "file-cache-runs-"));
    const file = path.join(dir, "house.scene.json");
    copyFileSync(firstScene(), file);
    return { dir, file };
  };

  it("a later run gets the scene object an earlier run validated while the file's content is the same", () => {
    const { dir, file } = copy();
    try {
      const store = new SceneStore();
      const first = new FileCache(store).scene(file);
      const again = new FileCache(store).scene(file);
      expect(again).toBe(first);
      expect(Object.isFrozen(again.scene)).toBe(true);
      // a structured clone from another thread is swapped for the kept object too
      const cache = new FileCache(store);
      cache.addScene(structuredClone(first));
      expect(cache.scene(file)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a thread takes by path and hash only the scene an earlier run kept for that content (addKeptScene)", () => {
    const { dir, file } = copy();
    try {
      const store = new SceneStore();
      expect(new FileCache(store).addKeptScene(file, "any hash")).toBe(false);
      const first = new FileCache(store).scene(file);
      const cache = new FileCache(store);
      expect(cache.addKeptScene(file, "another content's hash")).toBe(false);
      expect(cache.loadedScene(file)).toBeUndefined();
      expect(cache.addKeptScene(file, first.hash)).toBe(true);
      // the file is gone: the cache must not read it
      rmSync(file);
      expect(cache.scene(file)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a file edited between runs is read and validated again: its new content, and an error if it became invalid", () => {
    const { dir, file } = copy();
    try {
      const store = new SceneStore();
      const first = new FileCache(store).scene(file);
      const edited = JSON.parse(readFileSync(file, "utf8")) as { objects: unknown[] };
      edited.objects.pop();
      writeFileSync(file, JSON.stringify(edited));
      const second = new FileCache(store).scene(file);
      expect(second).not.toBe(first);
      expect(second.hash).not.toBe(first.hash);
      expect(second).toEqual(loadSceneFile(file));
      expect(second.scene.objects).toHaveLength(first.scene.objects.length - 1);
      // a clone of the older content from another thread is not taken for the newer one
      const cache = new FileCache(store);
      cache.addScene(structuredClone(first));
      expect(cache.scene(file).hash).toBe(first.hash);
      // … and a run that reads the file after that gets its content, not the clone's
      const third = new FileCache(store).scene(file);
      expect(third.hash).toBe(second.hash);
      expect(third).toEqual(second);
      writeFileSync(file, JSON.stringify({ ...edited, objects: "none" }));
      expect(() => new FileCache(store).scene(file)).toThrow(/house\.scene\.json/);
      rmSync(file);
      expect(() => new FileCache(store).scene(file)).toThrow(/house\.scene\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
