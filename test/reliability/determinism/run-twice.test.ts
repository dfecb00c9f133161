/**
 * The same suite run twice gives the same files: with the trajectory clock pinned, byte for byte
 * (results.json and every trajectory); with the real clock, equal once the `ts` timestamps are removed.
 * Workers, shards and resume are held to the same standard in test/harness/workers and test/harness/resume.
 */
import { readFileSync, readdirSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { trajectoriesWithoutTs } from "../../harness/workers/run-files.ts";
import { runOptions } from "../helpers/tiny-suite.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "run-twice-"));
const out = (name: string) => path.join(root, name);

/** Every file of a run folder: relative path → bytes as text. */
function files(dir: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, f);
    if (/\.(json|jsonl)$/.test(f)) m.set(f, readFileSync(p, "utf8"));
  }
  return m;
}

describe.each(["random", "explorer"])("the bundled smoke suite run twice with the %s agent", (agent) => {
  beforeAll(async () => {
    const o = { agent, agentOptions: {} };
    await runSuite(runOptions("smoke", out(`${agent}-a`), o));
    await runSuite(runOptions("smoke", out(`${agent}-b`), o));
    await runSuite(runOptions("smoke", out(`${agent}-clock`), { ...o, now: undefined }));
  }, 120_000);

  it("writes byte-identical results.json and trajectories with a pinned clock", () => {
    const a = files(out(`${agent}-a`));
    expect([...a.keys()].filter((f) => f.endsWith(".jsonl"))).toHaveLength(3);
    expect(files(out(`${agent}-b`))).toEqual(a);
  });

  it("writes the same trajectories, timestamps aside, with the real clock", () => {
    const clocked = trajectoriesWithoutTs(out(`${agent}-clock`));
    expect(clocked).toEqual(trajectoriesWithoutTs(out(`${agent}-a`)));
    // the timestamps really were the clock's (so removing them was needed, and the rest still matched)
    const first = [...files(out(`${agent}-clock`)).entries()].find(([f]) => f.endsWith(".jsonl"))![1];
    expect(JSON.parse(first.split("\n")[0]!).ts).not.toBe("2000-01-01T00:00:00.000Z");
  });
});
