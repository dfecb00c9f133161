import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { getAgentEntry } from "../../../agents/registry.ts";
import { setLogger } from "../../../harness/logger.ts";
import type { ResultsFile } from "../../../harness/metrics/results-schema.ts";
import { DEFAULT_SUITE, hasDefault, ROOT, run, tempDir } from "../e2e/run-helpers.ts";

beforeAll(() => setLogger(pino({ level: "silent" })));

const hasOracle = !!getAgentEntry("oracle") && existsSync(path.join(ROOT, "agents/oracle/oracle-agent.ts"));

/** Task ids whose objects start hidden in closed containers (tagged by the content builder). */
function hiddenTasks(): Set<string> {
  const suite = JSON.parse(readFileSync(DEFAULT_SUITE, "utf8")) as { episodes: Array<{ id: string; task: string }> };
  return new Set(
    suite.episodes
      .filter((e) => (JSON.parse(readFileSync(path.resolve(path.dirname(DEFAULT_SUITE), e.task), "utf8")).tags ?? []).includes("hidden-in-container"))
      .map((e) => e.id),
  );
}

describe.skipIf(!hasDefault)("explorer on the default suite", () => {
  let explorer: ResultsFile;
  let random: ResultsFile;
  beforeAll(async () => {
    explorer = await run({ suite: DEFAULT_SUITE, agent: "explorer", out: tempDir("explorer-") });
    random = await run({ suite: DEFAULT_SUITE, agent: "random", out: tempDir("random-") });
  });

  it("makes far more progress than random (TP and rTP), without agent errors", () => {
    expect(explorer.metrics.errors).toBe(0);
    expect(explorer.metrics.TP).toBeGreaterThan(random.metrics.TP + 0.4);
    expect(explorer.metrics.rTP).toBeGreaterThan(random.metrics.rTP + 0.4);
    expect(explorer.metrics.SR).toBeGreaterThan(random.metrics.SR);
  });

  it("never does worse on observed conditions than on all of them where objects hide (rTP ≥ TP)", () => {
    const hidden = hiddenTasks();
    expect(hidden.size).toBeGreaterThan(0);
    for (const e of explorer.episodes.filter((x) => hidden.has(x.id))) expect(e.rTP, e.id).toBeGreaterThanOrEqual(e.TP);
  });

  it("calls done() itself in every episode", () => {
    expect(explorer.episodes.filter((e) => !e.doneCalled).map((e) => e.id)).toEqual([]);
  });

  it.skipIf(!hasOracle)("succeeds less often than the oracle, which knows where everything is", async () => {
    const oracle = await run({ suite: DEFAULT_SUITE, agent: "oracle", out: tempDir("oracle-") });
    expect(explorer.metrics.SR).toBeLessThan(oracle.metrics.SR);
  });
});
