/**
 * Timing script (not a test): one and two workers on a suite whose episodes take turns over more scenes than a
 * lane keeps worlds of (its WorldPool keeps eight), where keeping lanes to their scenes (EpisodeClaims) matters.
 * Writes `--houses` generated `--objects`-object houses and a suite of `--episodes` random-agent episodes of 200
 * steps taking them in turn, warms a kept pool thread up (three two-worker runs), then times `--reps` runs with
 * one worker and with two, alternating, as `workersSpeedup` does. Prints each repetition and the medians.
 * Run: `npx tsx test/harness/bench/workers-many-scenes.ts [--houses 16] [--episodes 160] [--reps 3] [--objects 1000]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, timeIt } from "../../../harness/bench/stats.ts";
import { runWorkersSuite, writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import { scriptArg } from "./script-args.ts";

const houses = Number(scriptArg("houses", "16"));
const episodes = Number(scriptArg("episodes", "160"));
const reps = Number(scriptArg("reps", "3"));
const objects = Number(scriptArg("objects", "1000"));
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-many-scenes-"));
try {
  const suite = writeWorkersSuite(episodes, objects, 200, path.join(dir, "suite"), houses);
  const kept = await EpisodePool.open(1);
  const rows: { one: number; two: number }[] = [];
  try {
    await runWorkersSuite(suite, 1, path.join(dir, "warm-up-w1"));
    for (let k = 0; k < 3; k++) await runWorkersSuite(suite, 2, path.join(dir, `warm-up-w2-${k}`), kept);
    for (let rep = 0; rep < reps; rep++) {
      const one = (await timeIt(() => runWorkersSuite(suite, 1, path.join(dir, `w1-${rep}`)))).wallMs;
      const two = (await timeIt(() => runWorkersSuite(suite, 2, path.join(dir, `w2-${rep}`), kept))).wallMs;
      rows.push({ one: Math.round(one), two: Math.round(two) });
      console.log(JSON.stringify({ rep, oneWorkerMs: rows.at(-1)!.one, twoWorkersMs: rows.at(-1)!.two, ratio: +(one / two).toFixed(2) }));
    }
  } finally {
    await kept.close();
  }
  console.log(JSON.stringify({ houses, episodes, objects, oneWorkerMs: median(rows.map((r) => r.one)), twoWorkersMs: median(rows.map((r) => r.two)), ratio: +median(rows.map((r) => r.one / r.two)).toFixed(2) }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
