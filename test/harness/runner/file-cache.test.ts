import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileCache } from "../../../harness/runner/file-cache.ts";
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
