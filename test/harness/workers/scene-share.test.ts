import fc from "fast-check";
import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { trajectoryFileName } from "../../../harness/reporters/trajectory-writer.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { RECIPE_MESSAGE } from "../../../harness/workers/recipe-share.ts";
import { answerSceneRequest, isSceneRequest, requestScenes, sceneRefs, type SceneRequest } from "../../../harness/workers/scene-share.ts";
import { loadSceneFile, type LoadedScene } from "../../../sim/scene/load.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";
import { copyBundledSuite, hasBundledSuite, mainLaneLeavingEpisodesToThread, suiteEpisodeSpecs, testWorkerSetup, trajectoryEnded } from "./run-files.ts";

const sceneNamed = (p: string): LoadedScene => ({ path: p, hash: `hash of ${p}`, scene: { objects: [] } as unknown as LoadedScene["scene"] });

describe("a thread's request for scenes", () => {
  it("gets the scenes the main thread has, and hands back in order what came on the port before them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^\/[a-z]{1,8}\.scene\.json$/), { minLength: 1, maxLength: 5 }),
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 5 }),
        async (paths, recipePaths, unknown) => {
          const { port1: main, port2: thread } = new MessageChannel();
          const replied = new SharedArrayBuffer(4);
          const known = new Map(paths.map((p) => [p, sceneNamed(p)]));
          const asked: string[][] = [];
          main.on("message", (m: unknown) => {
            if (!isSceneRequest(m)) return;
            asked.push(m[1]);
            // messages the main thread sent before it answered: recipes relayed from another lane
            for (const p of recipePaths) main.postMessage([RECIPE_MESSAGE, p, { settled: [], supports: [] }]);
            answerSceneRequest(m, (p) => known.get(p), main, replied);
          });
          const missing = Array.from({ length: unknown }, (_, i) => `/not-loaded-${i}.scene.json`);
          const answer = await requestScenes([...paths, ...missing], thread, replied, () => false);
          main.close();
          expect(asked).toEqual([[...paths, ...missing]]);
          // a scene the main thread lacks is left out (the thread then reads its file itself)
          expect(answer!.scenes).toEqual(paths.map((p) => known.get(p)));
          expect(answer!.others).toEqual(recipePaths.map((p) => [RECIPE_MESSAGE, p, { settled: [], supports: [] }]));
        },
      ),
      { numRuns: 25 },
    );
  });

  it("gives up once the run has stopped, when no answer comes", async () => {
    const { port1: main, port2: thread } = new MessageChannel();
    const requests: SceneRequest[] = [];
    main.on("message", (m: SceneRequest) => requests.push(m));
    let stopped = false;
    setTimeout(() => (stopped = true), 120);
    const answer = await requestScenes(["/a.scene.json"], thread, new SharedArrayBuffer(4), () => stopped);
    main.close();
    expect(answer).toBeNull();
    expect(requests).toHaveLength(1);
  });
});

describe.skipIf(!hasBundledSuite("default"))("scenes a kept pool thread is sent", () => {
  let pool: EpisodePool | null = null;
  afterEach(async () => {
    await pool?.destroy();
    pool = null;
  });

  it("are those it did not keep from an earlier run: none for a run of the same scenes, the edited one after an edit", async () => {
    const suite = copyBundledSuite("default", { limit: 3, maxSteps: 4 });
    const specs = suiteEpisodeSpecs(suite, 4);
    const scenePaths = [...new Set(specs.map((s) => s.scenePath))];
    const tasks = [...new Set(specs.map((s) => s.taskPath))].map(loadTaskFile);
    pool = await EpisodePool.open(1);
    const run = async (scenes: LoadedScene[]): Promise<string> => {
      const out = mkdtempSync(path.join(os.tmpdir(), "scene-share-"));
      pool!.beginRun(testWorkerSetup("random", {}, out));
      await pool!.runAll(specs, () => {}, undefined, mainLaneLeavingEpisodesToThread(specs, out), scenes, tasks);
      await pool!.endRun();
      expect(specs.slice(1).every((s) => trajectoryEnded(out, s.key))).toBe(true);
      return out;
    };
    const headerHash = (out: string, key: string) =>
      (JSON.parse(readFileSync(path.join(out, "episodes", trajectoryFileName(key)), "utf8").split("\n")[0]!) as { scene: { hash: string } }).scene.hash;

    const first = scenePaths.map(loadSceneFile);
    await run(first);
    expect(pool.scenesSent).toBe(first.length);
    // the same files read again (new objects, same content): the thread has them
    await run(scenePaths.map(loadSceneFile));
    expect(pool.scenesSent).toBe(first.length);

    // new content at the same path: the thread must not run what it kept
    appendFileSync(scenePaths[0]!, "\n");
    const edited = scenePaths.map(loadSceneFile);
    expect(sceneRefs(edited)[0]!.hash).not.toBe(first[0]!.hash);
    const out = await run(edited);
    expect(pool.scenesSent).toBe(first.length + 1);
    const threadRan = specs.slice(1).filter((s) => s.scenePath === scenePaths[0]);
    expect(threadRan.length).toBeGreaterThan(0);
    for (const s of threadRan) expect(headerHash(out, s.key)).toBe(edited[0]!.hash);
  }, 120_000);
});
