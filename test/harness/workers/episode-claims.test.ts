import fc from "fast-check";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { trajectoryFileName } from "../../../harness/reporters/trajectory-writer.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { EpisodeClaims } from "../../../harness/workers/episode-claims.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { copyBundledSuite, hasBundledSuite, suiteEpisodeSpecs, trajectoryEnded } from "./run-files.ts";

describe("EpisodeClaims", () => {
  it("lanes sharing one counter claim every episode once, in plan order, and none after a stop", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        // which lane claims next, and when (if ever) the run stops
        fc.array(fc.nat({ max: 3 }), { maxLength: 30 }),
        fc.option(fc.nat({ max: 30 })),
        (count, lanes, turns, stopAt) => {
          const first = new EpisodeClaims(count);
          // the other lanes see the same buffer, as worker threads do
          const all = [first, ...Array.from({ length: lanes - 1 }, () => new EpisodeClaims(count, first.buffer))];
          const taken: number[] = [];
          turns.forEach((lane, turn) => {
            if (turn === stopAt) all[lane % lanes]!.stop();
            const index = all[lane % lanes]!.next();
            if (index !== null) taken.push(index);
          });
          expect(taken).toEqual(Array.from({ length: taken.length }, (_, i) => i));
          expect(taken.length).toBeLessThanOrEqual(count);
          for (const c of all) expect(c.claimed).toBe(taken.length);
          if (stopAt !== null && stopAt < turns.length) {
            expect(taken.length).toBeLessThanOrEqual(stopAt);
            expect(all.every((c) => c.stopped && c.next() === null)).toBe(true);
          } else {
            expect(taken.length).toBe(Math.min(count, turns.length));
          }
        },
      ),
    );
  });
});

describe.skipIf(!hasBundledSuite("default"))("a pool thread takes its next episode by itself", () => {
  let pool: EpisodePool | null = null;
  afterAll(async () => {
    await pool?.destroy();
  });

  it("while the main lane blocks its thread, the pool thread runs every other episode", async () => {
    const suite = copyBundledSuite("default", { limit: 4, maxSteps: 6 });
    const specs = suiteEpisodeSpecs(suite, 6);
    const out = mkdtempSync(path.join(os.tmpdir(), "claims-"));
    const setup = { agent: "random", agentOptions: {}, context: { runId: "r", harnessVersion: "0", suiteId: "s", stepTimeout: 60, config: {} }, trajectoryOut: out };
    pool = await EpisodePool.open(1, setup);
    const ended = (key: string): boolean => trajectoryEnded(out, key);
    const seen: RunEvent[] = [];
    const mainRan: number[] = [];
    let othersDoneWhileBlocked = false;
    await pool.runAll(
      specs,
      (e) => seen.push(e),
      undefined,
      async (index, push) => {
        mainRan.push(index);
        // the first main-lane episode waits (event loop free) until the pool thread has begun episode 1, then
        // holds this thread without ever returning to its event loop (as a long synchronous step would)
        // until the pool thread has written all the other episodes, or 60 s pass
        if (mainRan.length === 1) {
          const nap = new Int32Array(new SharedArrayBuffer(4));
          let until = Date.now() + 60_000;
          while (!existsSync(path.join(out, "episodes", trajectoryFileName(specs[1]!.key))) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
          until = Date.now() + 60_000;
          while (!specs.slice(1).every((s) => ended(s.key)) && Date.now() < until) Atomics.wait(nap, 0, 0, 20);
          othersDoneWhileBlocked = specs.slice(1).every((s) => ended(s.key));
        }
        const key = specs[index]!.key;
        push({ type: "episodeBegin", key } as RunEvent);
        push({ type: "episodeEnd", key } as RunEvent);
      },
    );
    expect(mainRan).toEqual([0]);
    expect(othersDoneWhileBlocked).toBe(true);
    expect(seen.filter((e) => e.type === "episodeEnd").map((e) => (e as { key: string }).key)).toEqual(specs.map((s) => s.key));
    await pool.close();
    pool = null;
  }, 120_000);
});
