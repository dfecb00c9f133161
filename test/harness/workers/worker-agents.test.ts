import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { EpisodePool } from "../../../harness/workers/episode-pool.ts";
import type { WorkerSetup } from "../../../harness/workers/protocol.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import { copyBundledSuite, hasBundledSuite, resultsOf, suiteEpisodeSpecs } from "./run-files.ts";
import { testRunOptions } from "../../helpers/run-options.ts";

/** A user's agent file with TypeScript-only syntax, outside the repository (no package.json near it). */
function writeUserTsAgent(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "user-agent-"));
  const file = path.join(dir, "my-agent.ts");
  writeFileSync(
    file,
    [
      "interface Seen { t?: number }",
      "enum Mode { Quit = 'done' }",
      "export default class MyAgent {",
      "  readonly name: string = 'user-ts-agent';",
      "  readonly version = '7';",
      "  private calls: number = 0;",
      "  reset(): void { this.calls = 0; }",
      "  act(_obs: Seen): { type: string } { this.calls++; return { type: Mode.Quit as string }; }",
      "}",
      "",
    ].join("\n"),
  );
  return file;
}

const setupFor = (agent: string): WorkerSetup => ({
  agent,
  agentOptions: {},
  context: { runId: "r", harnessVersion: "0", suiteId: "s", stepTimeout: 60, config: {} },
  trajectoryOut: null,
});

describe("worker threads start from the precompiled bundle and still load users' agents", () => {
  it("a TypeScript agent file loads in a bundled worker without a build step", async () => {
    const pool = await EpisodePool.open(2, setupFor(writeUserTsAgent()));
    try {
      expect(pool.entry.kind).toBe("bundle");
      expect(await pool.describeAgent()).toEqual({ name: "user-ts-agent", version: "7" });
    } finally {
      await pool.close();
    }
  });

  it("a JavaScript agent file that imports TypeScript loads too (tsx is registered for it)", async () => {
    const pool = await EpisodePool.open(1, setupFor(path.join(import.meta.dirname, "fixtures", "js-agent.js")));
    try {
      expect(pool.entry.kind).toBe("bundle");
      expect(await pool.describeAgent()).toEqual({ name: "js-agent-with-ts-helper", version: "3" });
    } finally {
      await pool.close();
    }
  });
});

describe("worker threads' heap", () => {
  it("threads run with the pool's young-generation size (episode-lived data dies young)", async () => {
    const pool = await EpisodePool.open(1, setupFor(path.join(import.meta.dirname, "fixtures", "limits-agent.js")));
    try {
      expect(await pool.describeAgent()).toEqual({ name: "limits", version: "192" });
    } finally {
      await pool.close();
    }
  });
});

describe.skipIf(!hasBundledSuite("default"))("runs with a user TypeScript agent and a stopped pool", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "worker-agents-"));
  let suite = "";
  const options = (o: Partial<RunOptions>): RunOptions => testRunOptions({ suite, workers: 2, ...o });
  let pool: EpisodePool | null = null;

  beforeAll(() => {
    suite = copyBundledSuite("default", { limit: 6, maxSteps: 8 });
  });
  afterAll(async () => {
    await pool?.destroy();
  });

  it("--workers 2 with a user .ts agent gives the results of --workers 1", async () => {
    const agent = writeUserTsAgent();
    await runSuite(options({ agent, workers: 1, out: path.join(root, "ts-1") }));
    await runSuite(options({ agent, workers: 2, out: path.join(root, "ts-2") }));
    const two = resultsOf(path.join(root, "ts-2"), ["workers"]);
    expect(two).toEqual(resultsOf(path.join(root, "ts-1"), ["workers"]));
    expect(two.agent).toEqual({ name: "user-ts-agent", version: "7" });
    expect(two.episodes.map((r) => r.reason)).toEqual(Array(6).fill("done"));
  });

  it("once stopped, the pool starts no further episode and passes on the started ones whole, in order", async () => {
    // enough episodes, each long enough, that the threads cannot run them all before this thread hears of the
    // first end (six 8-step episodes once did: the check below then had nothing left to see stopped)
    const base = suiteEpisodeSpecs(suite, 60);
    const specs = Array.from({ length: 20 }, (_, k) => base.map((s, i) => ({ ...s, key: `${s.key}~r${k}`, repeat: k, seed: k * base.length + i }))).flat();
    pool = await EpisodePool.open(2, { ...setupFor("random"), agentOptions: { doneProbability: 0 }, trajectoryOut: path.join(root, "stopped") });
    const stop = new AbortController();
    const seen: RunEvent[] = [];
    await pool.runAll(
      specs,
      (e) => {
        seen.push(e);
        if (e.type === "episodeEnd") stop.abort();
      },
      stop.signal,
    );
    const ended = seen.filter((e) => e.type === "episodeEnd").map((e) => (e as { key: string }).key);
    // the first end stops the pool: the episodes running then (one or two, or a third a thread took
    // before the end's message arrived) finish, and no more start
    expect(ended.length).toBeGreaterThanOrEqual(1);
    expect(ended.length).toBeLessThan(specs.length);
    expect(ended).toEqual(specs.slice(0, ended.length).map((s) => s.key));
    expect(seen.map((e) => e.type)).toEqual(ended.flatMap(() => ["episodeBegin", "episodeEnd"]));
  });
});
