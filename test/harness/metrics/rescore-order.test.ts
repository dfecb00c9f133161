/**
 * `rescore` of a run folder gives results.json's rows in results.json's order — the run's plan order
 * (suite episodes × repeats), not the episode-id order of the file listing — so its aggregate (sums in
 * row order) is results.json's to the last digit and `rescore --write` on an untouched run changes no byte.
 */
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planMerge, writeMerge } from "../../../harness/merge/merge-runs.ts";
import { aggregateMetrics } from "../../../harness/metrics/aggregate.ts";
import { rescore, writeRescoredResults } from "../../../harness/metrics/rescore.ts";
import { resultsFromTrajectories, sortRows } from "../../../harness/metrics/results-row.ts";
import { planEpisodes } from "../../../harness/runner/plan.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { readRun } from "../../../harness/trajectory/reader.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";
import { episode, writeRun, type EpisodeBuilder } from "../trajectory/builders.ts";

const resultsBytes = (dir: string) => readFileSync(path.join(dir, "results.json"), "utf8");
const keyOf = (r: { id: string; repeat?: number }) => `${r.id}#${r.repeat ?? 0}`;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), "rearrange-rescore-order-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Rescoring `dir` as it is reproduces its results.json exactly, and `--write` leaves its bytes alone. */
function expectRescoreReproduces(dir: string): void {
  const before = resultsBytes(dir);
  const stored = JSON.parse(before);
  const result = rescore(dir);
  expect(result.changed).toEqual([]);
  expect(result.results.episodes.map(keyOf)).toEqual(stored.episodes.map(keyOf));
  expect(result.results.episodes).toEqual(stored.episodes);
  expect(result.results.metrics).toEqual(stored.metrics);
  expect(result.results).toEqual(stored);
  writeRescoredResults(result);
  expect(resultsBytes(dir)).toBe(before);
}

describe("rescore of a run of the bundled default suite", () => {
  for (const repeat of [1, 2]) {
    it(`house-* episodes, --repeat ${repeat}: rows, aggregate and bytes as results.json`, async () => {
      const out = path.join(tmp, `default-house-r${repeat}`);
      await runSuite(runOptions("default", out, { agent: "explorer", agentOptions: {}, episodes: "house-*", repeat }));
      const stored = JSON.parse(resultsBytes(out));
      const ids = stored.episodes.map((r: { id: string }) => r.id);
      // the case of the bug: the suite's order is not the ids' alphabetical order
      expect(ids).not.toEqual([...ids].sort());
      expect(stored.episodes).toHaveLength(13 * repeat);
      expectRescoreReproduces(out);

      // without results.json (a run that crashed before writing it) the rows and aggregate are the same:
      // the order comes from the suite file that the trajectory headers name
      unlinkSync(path.join(out, "results.json"));
      const bare = rescore(out);
      expect(bare.results.episodes).toEqual(stored.episodes);
      expect(bare.results.metrics).toEqual(stored.metrics);
      expect(bare.problems.map((p) => p.message).join("\n")).not.toMatch(/order is unknown/);
    });
  }
});

describe("rescore of sharded runs and their merge", () => {
  it("each shard and the merged run rescore to their own results.json, byte for byte", async () => {
    const s = writeTinySuite({ episodes: 6 });
    try {
      const shards = [1, 2].map((index) => path.join(s.dir, `shard-${index}`));
      for (const [i, out] of shards.entries()) {
        await runSuite(runOptions(s.suite, out, { repeat: 2, shard: { index: i + 1, total: 2 } }));
      }
      const merged = path.join(s.dir, "merged");
      writeMerge(planMerge(shards), merged);
      for (const dir of [...shards, merged]) expectRescoreReproduces(dir);
      // the merged rows are the unsharded plan's, in its order
      const plan = planEpisodes(JSON.parse(readFileSync(s.suite, "utf8")).episodes, { seed: null, maxSteps: null, episodes: null, repeat: 2, shard: null });
      expect(rescore(merged).results.episodes.map(keyOf)).toEqual(plan.map((p) => `${p.spec.id}#${p.repeat}`));
    } finally {
      rmSync(s.dir, { recursive: true, force: true });
    }
  });
});

describe("readRun and rescore give rows in plan order, whatever order the trajectory files are listed in", () => {
  const ID_POOL = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];

  /** A suite file listing `ids` in that order (the scene and task files are never read). */
  function writeSuite(dir: string, ids: readonly string[]): string {
    const file = path.join(dir, "order.suite.json");
    const episodes = ids.map((id, i) => ({ id, scene: "none.scene.json", task: "none.task.json", seed: i, maxSteps: 20 }));
    writeFileSync(file, JSON.stringify({ schemaVersion: 1, id: "order-suite", episodes }));
    return file;
  }

  /** An episode with walked distances that make float sums depend on their order. */
  function trajectory(id: string, repeat: number, distances: readonly number[], suiteFile: string): EpisodeBuilder {
    const e = episode({ id, repeat, conditions: 1 });
    e.header.suite = "order-suite";
    e.header.config = { suite: suiteFile, repeat: 1 };
    for (const d of distances) e.look(["obj_0"], d);
    return e.end("budget");
  }

  it("property: random suite order, subset (a filtered run or a shard), repeat count and results.json state", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(ID_POOL, { minLength: 1 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom("none", "full", "partial"),
        fc.array(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 0, maxLength: 3 }), { minLength: 18, maxLength: 18 }),
        fc.func(fc.boolean()),
        (suiteIds, repeat, state, distances, keep) => {
          const dir = mkdtempSync(path.join(tmp, "prop-"));
          const suiteFile = writeSuite(dir, suiteIds);
          // the run planned a subset (--episodes or --shard keep some of the suite's episodes)
          const kept = suiteIds.filter((id, i) => i === 0 || keep(id));
          const specs = JSON.parse(readFileSync(suiteFile, "utf8")).episodes.filter((e: { id: string }) => kept.includes(e.id));
          const plan = planEpisodes(specs, { seed: null, maxSteps: null, episodes: null, repeat, shard: null });
          const built = plan.map((p, i) => trajectory(p.spec.id, p.repeat, distances[i % distances.length]!, suiteFile));
          writeRun(dir, built, { results: false });
          const expected = resultsFromTrajectories(built.map((b) => b.record()), { suite: { id: "order-suite", path: suiteFile }, config: {}, agent: { name: "test-agent" } });
          if (state !== "none") {
            // "partial": results.json as last rewritten before a crash, listing the first episodes only
            const rows = state === "full" ? expected.episodes : expected.episodes.slice(0, Math.ceil(expected.episodes.length / 2));
            writeFileSync(path.join(dir, "results.json"), `${JSON.stringify({ ...expected, metrics: aggregateMetrics(rows), episodes: rows }, null, 2)}\n`);
          }
          const planKeys = plan.map((p) => `${p.spec.id}#${p.repeat}`);
          expect(readRun(dir).episodes.map((e) => `${e.header.episodeId}#${e.header.repeat}`)).toEqual(planKeys);
          const result = rescore(dir);
          expect(result.results.episodes.map(keyOf)).toEqual(planKeys);
          expect(result.results.episodes).toEqual(expected.episodes);
          // one aggregate implementation, over the rows in plan order
          expect(result.results.metrics).toEqual(expected.metrics);
          expect(result.results.metrics).toEqual(aggregateMetrics(expected.episodes));
          if (state === "full") {
            writeRescoredResults(result);
            expect(JSON.parse(resultsBytes(dir))).toEqual(expected);
          }
          rmSync(dir, { recursive: true, force: true });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a suite file reordered since the run: results.json's order is kept, unlisted episodes follow it", () => {
    const dir = mkdtempSync(path.join(tmp, "reordered-"));
    const suiteFile = writeSuite(dir, ["delta", "alpha", "charlie", "bravo"]);
    const built = ["delta", "alpha", "charlie", "bravo"].map((id, i) => trajectory(id, 0, [i + 0.1, 0.2], suiteFile));
    writeRun(dir, built, { results: false });
    const all = resultsFromTrajectories(built.map((b) => b.record()), { suite: { id: "order-suite", path: suiteFile }, config: {}, agent: { name: "test-agent" } });
    // results.json lists three of them, then the suite file is reordered
    writeFileSync(path.join(dir, "results.json"), JSON.stringify({ ...all, episodes: all.episodes.slice(0, 3), metrics: aggregateMetrics(all.episodes.slice(0, 3)) }));
    writeSuite(dir, ["bravo", "charlie", "alpha", "delta"]);
    expect(rescore(dir).results.episodes.map((r) => r.id)).toEqual(["delta", "alpha", "charlie", "bravo"]);
  });

  it("no results.json and no suite file to be found: episode-id order, and a problem says so", () => {
    const dir = mkdtempSync(path.join(tmp, "orderless-"));
    const built = ["delta", "alpha", "charlie"].map((id, i) => trajectory(id, 0, [i + 0.5], path.join(dir, "gone.suite.json")));
    writeRun(dir, built, { results: false });
    const result = rescore(dir);
    expect(result.results.episodes.map((r) => r.id)).toEqual(["alpha", "charlie", "delta"]);
    expect(result.results.episodes).toEqual(sortRows(result.results.episodes));
    expect(result.problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/gone\.suite\.json not found from here: the run's episode order is unknown/));
  });
});
