import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runSuite } from "../../../harness/runner/run-suite.ts";

const SUITE = path.resolve(import.meta.dirname, "../../../scenes/suites/default.suite.json");
const HAVE_SUITE = existsSync(SUITE);

/** The failed actions of an episode's trajectory, for the failure message. */
function failedActions(out: string, id: string): string[] {
  const file = path.join(out, "episodes", `${id}.jsonl`);
  if (!existsSync(file)) return ["(no trajectory)"];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === "step" && !e.feedback.ok)
    .map((e) => `t=${e.t} ${JSON.stringify(e.action)}: ${e.feedback.message}`);
}

describe.skipIf(!HAVE_SUITE)("oracle on the bundled default suite", () => {
  const out = mkdtempSync(path.join(tmpdir(), "oracle-default-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("solves every episode (SR = 1)", { timeout: 600_000 }, async () => {
    const results = await runSuite({
      suite: SUITE,
      agent: "oracle",
      agentOptions: {},
      out,
      seed: null,
      maxSteps: null,
      stepTimeout: 120,
      episodes: null,
      repeat: 1,
      workers: 1,
      shard: null,
      resume: false,
    });
    const planned = JSON.parse(readFileSync(SUITE, "utf8")).episodes.length;
    const failures = results.episodes
      .filter((e) => e.SR !== 1)
      .map((e) => `${e.id} (${e.reason}${e.error ? `: ${e.error.message}` : ""}):\n    ${failedActions(out, e.id).join("\n    ")}`);
    expect(results.episodes).toHaveLength(planned);
    expect(failures, `episodes the oracle did not solve:\n${failures.join("\n")}`).toEqual([]);
    expect(results.metrics.SR).toBe(1);
  });
});
