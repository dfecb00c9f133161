import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { loadSceneFile } from "../../../sim/scene/load.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";
import { copyBundledSuite, hasBundledSuite, mainLaneLeavingEpisodesToThread, suiteEpisodeSpecs, trajectoryEnded, testWorkerSetup } from "./run-files.ts";

describe.skipIf(!hasBundledSuite("default"))("pool threads take the files the main thread loaded", () => {
  let pool: EpisodePool | null = null;
  afterEach(async () => {
    await pool?.destroy();
    pool = null;
  });

  it("a thread runs its episodes from the scenes and tasks it was given, without reading their files", async () => {
    const suite = copyBundledSuite("default", { limit: 3, maxSteps: 4 });
    const specs = suiteEpisodeSpecs(suite, 4);
    const scenes = [...new Set(specs.map((s) => s.scenePath))].map(loadSceneFile);
    const tasks = [...new Set(specs.map((s) => s.taskPath))].map(loadTaskFile);
    // the files are gone once loaded: a thread that read them again would fail
    for (const f of [...scenes, ...tasks]) rmSync(f.path);
    const out = mkdtempSync(path.join(os.tmpdir(), "shared-files-"));
    pool = await EpisodePool.open(1, testWorkerSetup("random", {}, out));
    await pool.runAll(
      specs,
      () => {},
      undefined,
      // the main lane leaves the episodes to the thread: it waits until the thread has run the others
      mainLaneLeavingEpisodesToThread(specs, out),
      scenes,
      tasks,
    );
    expect(specs.slice(1).every((s) => trajectoryEnded(out, s.key))).toBe(true);
  }, 120_000);
});
