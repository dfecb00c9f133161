import fc from "fast-check";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { LaneStarts } from "../../../harness/workers/lane-starts.ts";
import { copyBundledSuite, hasBundledSuite, runBesideBareMainLane, suiteEpisodeSpecs, testWorkerSetup } from "./run-files.ts";

const FLAKY = path.join(import.meta.dirname, "fixtures", "flaky-agent.ts");

describe("LaneStarts", () => {
  it("settles each lane once: started by its thread or called off by the main thread, whichever comes first", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.tuple(fc.boolean(), fc.nat({ max: 4 })), { maxLength: 20 }), (lanes, moves) => {
        const main = new LaneStarts(lanes);
        // a thread's view of the same states, as a task carries them
        const thread = new LaneStarts(lanes, main.buffer);
        const settled = new Map<number, "started" | "off">();
        for (const [byThread, at] of moves) {
          const lane = at % lanes;
          if (byThread) {
            const ran = thread.start(lane);
            // a thread runs its lane unless it was called off first (starting again is harmless)
            expect(ran).toBe(settled.get(lane) !== "off");
            if (!settled.has(lane)) settled.set(lane, "started");
          } else {
            // only a lane that is still pending can be called off
            expect(main.callOff(lane)).toBe(!settled.has(lane));
            if (!settled.has(lane)) settled.set(lane, "off");
          }
        }
        expect(main.anyStarted()).toBe([...settled.values()].includes("started"));
      }),
    );
  });

  it("refuses shared states too small for its lanes", () => {
    expect(() => new LaneStarts(3, new SharedArrayBuffer(8))).toThrow(/lane states for 2 lanes, not 3/);
  });

  it.skipIf(!hasBundledSuite("default"))("a run whose main lane takes every episode before the thread has loaded ends without it: the thread builds no agent, then serves the next run", async () => {
    const suite = copyBundledSuite("default", { limit: 3, maxSteps: 4 });
    const specs = suiteEpisodeSpecs(suite, 4);
    const root = mkdtempSync(path.join(os.tmpdir(), "lane-starts-"));
    const buildLog = path.join(root, "built.txt");
    const setup = testWorkerSetup(FLAKY, { buildLog }, root);
    // a new thread loads the simulator for a few hundred ms; this main lane takes every episode at once
    const pool = await EpisodePool.open(1, setup);
    try {
      const { seen, mainRan } = await runBesideBareMainLane(pool, specs);
      await pool.endRun();
      // before, the run waited for the thread to take its task, and every thread built its agent even with nothing to run
      expect(existsSync(buildLog)).toBe(false);
      expect(mainRan).toEqual(specs.map((_, i) => i));
      expect(seen.filter((e) => e.type === "episodeEnd").map((e) => (e as { key: string }).key)).toEqual(specs.map((s) => s.key));

      // the thread serves the next run as usual: its called-off task of the first run did nothing when it arrived
      pool.beginRun({ ...setup, trajectoryOut: null });
      const events: RunEvent[] = [];
      await pool.runAll(specs, (e) => events.push(e));
      await pool.endRun();
      expect(events.filter((e) => e.type === "episodeEnd").length).toBe(specs.length);
      const built = readFileSync(buildLog, "utf8").trim().split("\n");
      expect(built.length).toBe(1);
      expect(built[0]).not.toBe(String(threadId));
    } finally {
      await pool.destroy();
    }
  }, 120_000);
});
