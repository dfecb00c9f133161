import fc from "fast-check";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { trajectoryFileName } from "../../../harness/reporters/trajectory-writer.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { CLAIM_LOOKAHEAD, EpisodeClaims } from "../../../harness/workers/episode-claims.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { copyBundledSuite, hasBundledSuite, runBesideBareMainLane, suiteEpisodeSpecs, testWorkerSetup, trajectoryEnded } from "./run-files.ts";

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

/**
 * What a lane holding `mine` should take next, by the rule: among the unclaimed episodes from the oldest up to
 * CLAIM_LOOKAHEAD later, the first of a scene of its own, else the first of a scene no lane has, else the oldest.
 */
function expectedClaim(scenes: readonly string[], claimed: ReadonlySet<number>, mine: ReadonlySet<string>, anyLane: ReadonlySet<string>): number | null {
  let oldest = 0;
  while (oldest < scenes.length && claimed.has(oldest)) oldest++;
  if (oldest >= scenes.length) return null;
  const window: number[] = [];
  for (let i = oldest; i < Math.min(scenes.length, oldest + CLAIM_LOOKAHEAD + 1); i++) if (!claimed.has(i)) window.push(i);
  return window.find((i) => mine.has(scenes[i]!)) ?? window.find((i) => !anyLane.has(scenes[i]!)) ?? oldest;
}

describe("EpisodeClaims with scenes", () => {
  it("a lane takes the first episode of its own scenes within the lookahead, else of a scene no lane has, else the oldest; each once", () => {
    fc.assert(
      fc.property(
        // each episode's scene (a few scenes, often repeated), the lanes, the turns and a stop
        fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 60 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.nat({ max: 3 }), { maxLength: 80 }),
        fc.option(fc.nat({ max: 80 })),
        (scenes, lanes, turns, stopAt) => {
          const first = new EpisodeClaims(scenes.length, undefined, scenes);
          const all = [first, ...Array.from({ length: lanes - 1 }, () => new EpisodeClaims(scenes.length, first.buffer, scenes))];
          const mine = all.map(() => new Set<string>());
          const anyLane = new Set<string>();
          const claimed = new Set<number>();
          turns.forEach((turn, k) => {
            const lane = turn % lanes;
            if (k === stopAt) all[lane]!.stop();
            const want = all[lane]!.stopped ? null : expectedClaim(scenes, claimed, mine[lane]!, anyLane);
            const got = all[lane]!.next();
            expect(got).toBe(want);
            if (got === null) return;
            expect(claimed.has(got)).toBe(false);
            claimed.add(got);
            mine[lane]!.add(scenes[got]!);
            anyLane.add(scenes[got]!);
          });
          for (const c of all) {
            expect(c.claimed).toBe(claimed.size);
            for (let i = 0; i < scenes.length; i++) expect(c.isClaimed(i)).toBe(claimed.has(i));
          }
          if (stopAt === null || stopAt >= turns.length) expect(claimed.size).toBe(Math.min(scenes.length, turns.length));
        },
      ),
    );
  });

  it("two lanes over interleaved scenes share them out instead of both running all of them", () => {
    // four scenes taking turns, as the workers benchmark's suite has them; the lanes take turns too
    const scenes = Array.from({ length: 200 }, (_, i) => `house-${i % 4}`);
    const lanes = [new EpisodeClaims(scenes.length, undefined, scenes)];
    lanes.push(new EpisodeClaims(scenes.length, lanes[0]!.buffer, scenes));
    const ran = lanes.map(() => new Set<string>());
    const order: number[] = [];
    for (let turn = 0; ; turn++) {
      const i = lanes[turn % 2]!.next();
      if (i === null) break;
      ran[turn % 2]!.add(scenes[i]!);
      order.push(i);
    }
    expect([...order].sort((a, b) => a - b)).toEqual(scenes.map((_, i) => i));
    expect(ran.map((r) => r.size)).toEqual([2, 2]);
    expect(new Set([...ran[0]!, ...ran[1]!]).size).toBe(4);
  });

  it("refuses a scene list of the wrong length and a buffer made for other claims", () => {
    expect(() => new EpisodeClaims(3, undefined, ["a", "b"])).toThrow(/2 scenes for 3 episodes/);
    const claims = new EpisodeClaims(3, undefined, ["a", "b", "a"]);
    expect(() => new EpisodeClaims(3, claims.buffer)).toThrow(/shared buffer holds 8 cells, these claims need 6/);
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
    const setup = testWorkerSetup("random", {}, out);
    pool = await EpisodePool.open(1, setup);
    const ended = (key: string): boolean => trajectoryEnded(out, key);
    let othersDoneWhileBlocked = false;
    const { seen, mainRan } = await runBesideBareMainLane(pool, specs, async (_, mainRan) => {
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
    });
    expect(mainRan).toEqual([0]);
    expect(othersDoneWhileBlocked).toBe(true);
    expect(seen.filter((e) => e.type === "episodeEnd").map((e) => (e as { key: string }).key)).toEqual(specs.map((s) => s.key));
    await pool.close();
    pool = null;
  }, 120_000);

  it("a run stopped while a lane is ahead on its own scene passes over the episodes no lane took and ends", async () => {
    const suite = copyBundledSuite("default", { maxSteps: 6 });
    const all = suiteEpisodeSpecs(suite, 6);
    const a = all[0]!;
    const b = all.find((s) => s.scenePath !== a.scenePath)!;
    // scenes A and B taking turns: the main lane takes 0 (A), the thread then keeps to B (1, 3, 5, …)
    const specs = Array.from({ length: 30 }, (_, i) => ({ ...(i % 2 === 0 ? a : b), key: `ep-${i}`, id: `ep-${i}`, seed: i }));
    const out = mkdtempSync(path.join(os.tmpdir(), "claims-stop-"));
    const setup = testWorkerSetup("random", {}, out);
    pool = await EpisodePool.open(1, setup);
    const stop = new AbortController();
    const { seen, mainRan } = await runBesideBareMainLane(
      pool,
      specs,
      async () => {
        // holds episode 0 (event loop free) until the thread has begun episode 3, then stops the run
        const until = Date.now() + 60_000;
        while (!existsSync(path.join(out, "episodes", trajectoryFileName("ep-3"))) && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
        stop.abort();
      },
      stop.signal,
    );
    expect(mainRan).toEqual([0]);
    const indexOf = (e: RunEvent) => Number((e as { key: string }).key.slice(3));
    const begun = seen.filter((e) => e.type === "episodeBegin").map(indexOf);
    const ended = seen.filter((e) => e.type === "episodeEnd").map(indexOf);
    // what ran is passed on whole, in plan order, and runAll ended although episode 2 (scene A) was never taken
    expect(begun.slice(0, 3)).toEqual([0, 1, 3]);
    expect(begun).toEqual([...begun].sort((x, y) => x - y));
    expect(ended).toEqual(begun);
    expect(begun.length).toBeLessThan(begun.at(-1)! + 1);
    expect(begun.slice(1).every((i) => trajectoryEnded(out, `ep-${i}`))).toBe(true);
    await pool.close();
    pool = null;
  }, 120_000);
});
