import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ResultsRow } from "../../../harness/metrics/results-schema.ts";
import { buildResults } from "../../../harness/reporters/results-writer.ts";
import { planEpisodes, shardOf } from "../../../harness/runner/plan.ts";
import type { RunConfig } from "../../../harness/runner/run-events.ts";

/** A temp folder with a suite file of `ids` (scene/task files are never opened by merge). */
export function fakeSuite(ids: string[]): { root: string; suitePath: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "merge-"));
  const suitePath = path.join(root, "fake.suite.json");
  const episodes = ids.map((id, i) => ({ id, scene: "x.scene.json", task: "x.task.json", seed: i, maxSteps: 10 }));
  writeFileSync(suitePath, JSON.stringify({ schemaVersion: 1, id: "fake", description: "", episodes }));
  return { root, suitePath };
}

/** A results row whose metrics depend on the id (so rows of different episodes differ). */
export function fakeRow(id: string, seed: number, sr = id.length % 2): ResultsRow {
  return {
    id,
    seed,
    SR: sr,
    TTC: sr,
    TP: sr ? 1 : 0.5,
    rTP: sr ? 1 : 0.5,
    rTPSeedFormula: 0.5,
    steps: id.length,
    stepsAfterCompletion: 0,
    prematureDone: 0,
    doneCalled: !!sr,
    pathLength: 1.5,
    conditions: { total: 2, satisfied: sr ? 2 : 1, observed: 2 },
    actionErrors: {},
    reason: sr ? "done" : "budget",
    error: null,
  };
}

export interface FakeRunOptions {
  suitePath: string;
  ids: string[];
  shard: { index: number; total: number } | null;
  agent?: { name: string; version: string };
  maxSteps?: number | null;
  workers?: number;
  /** Leave these episode ids out (as if interrupted before them). */
  skip?: string[];
  complete?: boolean;
  /** Change this episode's row (a conflicting result). */
  tamper?: string;
}

/** Writes a run folder the way runSuite does (results.json via buildResults, one trajectory file per row). */
export function writeFakeRun(dir: string, o: FakeRunOptions): void {
  const specs = o.ids.map((id, i) => ({ id, scene: "x", task: "x", seed: i, maxSteps: 10 }));
  const planned = planEpisodes(specs, { seed: null, maxSteps: o.maxSteps ?? null, episodes: null, repeat: 1, shard: o.shard });
  const config: RunConfig = {
    suite: o.suitePath,
    agent: o.agent?.name ?? "random",
    agentOptions: {},
    out: dir,
    seed: null,
    maxSteps: o.maxSteps ?? null,
    stepTimeout: 120,
    episodes: null,
    repeat: 1,
    workers: o.workers ?? 1,
    shard: o.shard,
    resume: false,
  };
  const rows = planned
    .filter((p) => !o.skip?.includes(p.key))
    .map((p) => (p.key === o.tamper ? { ...fakeRow(p.key, p.seed), SR: 1 - fakeRow(p.key, p.seed).SR } : fakeRow(p.key, p.seed)));
  const results = buildResults(
    {
      runId: `fake-${o.maxSteps ?? "default"}`,
      harnessVersion: "0.1.0",
      config,
      suite: { id: "fake", path: o.suitePath, description: "" },
      agent: o.agent ?? { name: "random", version: "1" },
      planned: planned.map((p) => p.key),
      resumed: [],
    },
    rows,
    o.complete ?? true,
  );
  mkdirSync(path.join(dir, "episodes"), { recursive: true });
  writeFileSync(path.join(dir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  for (const r of rows) writeFileSync(path.join(dir, "episodes", `${r.id}.jsonl`), `${JSON.stringify({ type: "episode", episodeId: r.id })}\n`);
}

/** Ids that fall in every one of `total` shards at least once (so no shard is empty). */
export function idsCoveringShards(total: number, count: number): string[] {
  const ids: string[] = [];
  for (let i = 0; ids.length < count || new Set(ids.map((id) => shardOf(id, total))).size < total; i++) ids.push(`ep-${i}`);
  return ids;
}
