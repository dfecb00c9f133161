import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { trajectoryFileName } from "../../../harness/reporters/trajectory-writer.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import type { EpisodeTaskSpec } from "../../../harness/workers/protocol.ts";
import { loadSceneFile } from "../../../sim/scene/load.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";
import { copyBundledSuite, hasBundledSuite } from "./run-files.ts";

describe.skipIf(!hasBundledSuite("default"))("pool threads take the files the main thread loaded", () => {
  let pool: EpisodePool | null = null;
  afterEach(async () => {
    await pool?.destroy();
    pool = null;
  });

  it("a thread runs its episodes from the scenes and tasks it was given, without reading their files", async () => {
    const suite = copyBundledSuite("default", { limit: 3, maxSteps: 4 });
    const loaded = JSON.parse(readFileSync(suite, "utf8")) as { episodes: Array<{ id: string; scene: string; task: string }> };
    const specs: EpisodeTaskSpec[] = loaded.episodes.map((e, i) => ({
      key: e.id,
      id: e.id,
      repeat: 0,
      seed: i,
      maxSteps: 4,
      scenePath: path.resolve(path.dirname(suite), e.scene),
      taskPath: path.resolve(path.dirname(suite), e.task),
    }));
    const scenes = [...new Set(specs.map((s) => s.scenePath))].map(loadSceneFile);
    const tasks = [...new Set(specs.map((s) => s.taskPath))].map(loadTaskFile);
    // the files are gone once loaded: a thread that read them again would fail
    for (const f of [...scenes, ...tasks]) rmSync(f.path);
    const out = mkdtempSync(path.join(os.tmpdir(), "shared-files-"));
    pool = await EpisodePool.open(1, { agent: "random", agentOptions: {}, context: { runId: "r", harnessVersion: "0", suiteId: "s", stepTimeout: 60, config: {} }, trajectoryOut: out });
    const ended = (key: string) => {
      const file = path.join(out, "episodes", trajectoryFileName(key));
      return existsSync(file) && readFileSync(file, "utf8").includes('{"type":"end"');
    };
    await pool.runAll(
      specs,
      () => {},
      undefined,
      async (index, push) => {
        // the main lane leaves the episodes to the thread: it waits until the thread has run the others
        const until = Date.now() + 60_000;
        while (!specs.slice(1).every((s) => ended(s.key)) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        push({ type: "episodeBegin", key: specs[index]!.key } as RunEvent);
        push({ type: "episodeEnd", key: specs[index]!.key } as RunEvent);
      },
      scenes,
      tasks,
    );
    expect(specs.slice(1).every((s) => ended(s.key))).toBe(true);
  }, 120_000);
});
