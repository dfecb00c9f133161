/**
 * Timing script (not a test): what a spatial query costs inside the oracle's stepping, and what the same kind of
 * query costs in a loop of its own. The first figure times every `SpatialIndex.query` call while the oracle runs
 * `--passes` passes over the default suite (after `--warmup` passes), with `performance.now()` around each call;
 * the second queries around every piece of fixed furniture of each default-suite house, `--loops` times over, with
 * the radius `place` uses (1.5 m). docs/performance-history.md, "Inside a step, code runs several times slower" (session 23).
 * Run: `npx tsx test/harness/bench/query-in-step.ts [--warmup 30] [--passes 10] [--loops 200]`. Prints one JSON object.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { scriptArg } from "./script-args.ts";

/** `place`'s radius around its target (sim/subpolicies/place.ts). */
const PLACE_RADIUS = 1.5;

const { jobs } = loadSuiteJobs("default");
const timed = { calls: 0, ms: 0, found: 0 };
let timing = false;
const query = SpatialIndex.prototype.query;
// a fixed-arity wrapper: a rest-parameter one allocated an array per call and slowed what it timed
SpatialIndex.prototype.query = function (this: SpatialIndex, box: Box, radius?: number): string[] {
  if (!timing) return query.call(this, box, radius);
  const t0 = performance.now();
  const found = query.call(this, box, radius);
  timed.ms += performance.now() - t0;
  timed.calls++;
  timed.found += found.length;
  return found;
};

const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-query-in-step-"));
try {
  const agent = await loadAgent("oracle");
  const worlds = new WorldPool();
  const writer = new TrajectoryWriter(dir);
  writer.onBegin();
  const passes = (n: number) => Array.from({ length: n }, () => jobs).flat();
  await runTimedEpisodes(passes(Number(scriptArg("warmup", "30"))), agent, writer, { worlds });
  timing = true;
  const run = await runTimedEpisodes(passes(Number(scriptArg("passes", "10"))), agent, writer, { worlds });
  timing = false;
  await agent.close?.();

  // the same kind of query in a loop of its own: around each piece of fixed furniture of every house
  const loops = Number(scriptArg("loops", "200"));
  let loopCalls = 0;
  let loopMs = 0;
  let loopFound = 0;
  for (const job of jobs) {
    const env = new RearrangeEnv({ scene: job.scene.scene, task: job.task, seed: job.seed, maxSteps: job.maxSteps });
    env.reset(job.seed);
    const world = env.world;
    const index = (world as unknown as { index: SpatialIndex }).index;
    const boxes = [...world.objects.values()].filter((o) => o.kind === "fixed" && o.shape !== "floor").map((o) => o.box);
    for (let k = 0; k < loops / 4; k++) for (const b of boxes) index.query(b, PLACE_RADIUS); // warm-up, not counted
    const t0 = performance.now();
    for (let k = 0; k < loops; k++) for (const b of boxes) loopFound += index.query(b, PLACE_RADIUS).length;
    loopMs += performance.now() - t0;
    loopCalls += loops * boxes.length;
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  console.log(
    JSON.stringify({
      inStepping: { steps: run.steps, queries: timed.calls, usPerQuery: round((timed.ms * 1000) / timed.calls), usPerStep: round((timed.ms * 1000) / run.steps), foundPerQuery: round(timed.found / timed.calls) },
      inALoop: { queries: loopCalls, usPerQuery: round((loopMs * 1000) / loopCalls), foundPerQuery: round(loopFound / loopCalls) },
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
