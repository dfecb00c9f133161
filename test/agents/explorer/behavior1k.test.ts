/**
 * The explorer on the shared BEHAVIOR-1K activities, imported as a user imports them: it must not undo what it
 * achieved (placing a mousetrap under the toilet keeps it on the floor: both goal conditions of
 * setting_mousetraps hold at once, and the explorer must see that rather than move traps back and forth).
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importBddl } from "../../../harness/importers/bddl/index.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { B1K, HAVE_DATA, NO_DATA_MESSAGE, scratch } from "../../harness/importers/bddl/helpers.ts";

const dir = scratch("explorer-b1k-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!HAVE_DATA)("the explorer on BEHAVIOR-1K activities", () => {
  it("solves every imported activity and calls done() once every condition holds", { timeout: 300_000 }, async () => {
    const suiteDir = path.join(dir, "b1k");
    await importBddl(B1K, { out: suiteDir, seeds: 1, seed: 0 });
    const out = path.join(dir, "run");
    await runSuite({ suite: suiteDir, agent: "explorer", agentOptions: {}, out, seed: null, maxSteps: null, stepTimeout: 600, episodes: null, repeat: 1, workers: 1, shard: null, resume: false });
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")) as { episodes: Array<{ id: string; SR: number; doneCalled: boolean; steps: number }> };
    expect(results.episodes.length).toBe(10);
    const failed = results.episodes.filter((e) => e.SR !== 1 || !e.doneCalled).map((e) => e.id);
    expect(failed).toEqual([]);
    // setting_mousetraps is solved in a few dozen steps, not by running out of budget
    const traps = results.episodes.find((e) => e.id.startsWith("setting_mousetraps"))!;
    expect(traps.steps).toBeLessThan(40);
  });
});

if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);
