import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWorkersSuite, writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { contentHash } from "../../../sim/scene/load.ts";

/** Each trajectory's lines after the header (steps and end), by file name: what a run did, whatever its paths. */
function episodeLines(out: string): Record<string, string[]> {
  const folder = path.join(out, "episodes");
  const byFile: Record<string, string[]> = {};
  for (const name of readdirSync(folder).sort()) {
    const lines = readFileSync(path.join(folder, name), "utf8").trimEnd().split("\n").slice(1);
    byFile[name] = lines.map((l) => JSON.stringify({ ...(JSON.parse(l) as object), ts: undefined }));
  }
  return byFile;
}

/** The scene hashes the trajectory headers of a run name. */
function headerSceneHashes(out: string): Set<string> {
  const folder = path.join(out, "episodes");
  return new Set(readdirSync(folder).map((n) => (JSON.parse(readFileSync(path.join(folder, n), "utf8").split("\n")[0]!) as { scene: { hash: string } }).scene.hash));
}

const rowsOf = (r: Awaited<ReturnType<typeof runWorkersSuite>>) => r.episodes.map((e) => ({ ...e }));

/**
 * A process that runs suite after suite keeps the scenes it validated and their worlds (scene-store.ts,
 * threadWorldPool): a later run of the same files restores those worlds, on the main thread and in a kept
 * pool thread, and a file edited in between is read, validated and loaded anew.
 */
describe("runs of one process", () => {
  let dir: string;
  let pool: EpisodePool;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-runs-in-one-process-"));
    pool = await EpisodePool.open(1);
  });
  afterAll(async () => {
    await pool?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("give the same episodes again, and the edited scene's episodes after an edit, with one worker and with two", async () => {
    const suite = writeWorkersSuite(6, 60, 25, path.join(dir, "suite"), 2);
    for (const workers of [1, 2] as const) {
      const kept = workers === 2 ? pool : undefined;
      const first = await runWorkersSuite(suite, workers, path.join(dir, `w${workers}-first`), kept);
      const again = await runWorkersSuite(suite, workers, path.join(dir, `w${workers}-again`), kept);
      expect(rowsOf(again)).toEqual(rowsOf(first));
      expect(episodeLines(path.join(dir, `w${workers}-again`))).toEqual(episodeLines(path.join(dir, `w${workers}-first`)));
    }

    // move every carryable object of house 0 a little: the same task, another scene
    const sceneFile = path.join(dir, "suite", "house-0.scene.json");
    const scene = JSON.parse(readFileSync(sceneFile, "utf8")) as { objects: Array<{ kind?: string; box: { center: { x: number } } }> };
    let moved = 0;
    for (const o of scene.objects) {
      if (o.kind !== "carryable") continue;
      expect(typeof o.box.center.x).toBe("number");
      o.box.center.x += 0.03;
      moved++;
    }
    expect(moved).toBeGreaterThan(0);
    const edited = `${JSON.stringify(scene, null, 2)}\n`;
    writeFileSync(sceneFile, edited);
    // the reference: the edited suite at another path, which no run of this process has read
    cpSync(path.join(dir, "suite"), path.join(dir, "suite-copy"), { recursive: true });
    const reference = await runWorkersSuite(path.join(dir, "suite-copy", "bench.suite.json"), 1, path.join(dir, "reference"));
    for (const workers of [1, 2] as const) {
      const out = path.join(dir, `w${workers}-edited`);
      const after = await runWorkersSuite(suite, workers, out, workers === 2 ? pool : undefined);
      expect(headerSceneHashes(out)).toContain(contentHash(edited));
      expect(rowsOf(after)).toEqual(rowsOf(reference));
      expect(episodeLines(out)).toEqual(episodeLines(path.join(dir, "reference")));
    }
  }, 120_000);
});
