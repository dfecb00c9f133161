import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { measureSteppingRate } from "../../../harness/bench/stepping-rate.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "stepping-rate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An agent that explores one room, then is done, and counts its episodes in a global. */
function countingAgent(): string {
  const file = path.join(dir, "counting-agent.ts");
  writeFileSync(
    file,
    `export default class CountingAgent {
  readonly name = "counting";
  private first = true;
  reset(): void { (globalThis as { __episodes?: number }).__episodes = ((globalThis as { __episodes?: number }).__episodes ?? 0) + 1; this.first = true; }
  act(obs: { rooms: { id: string }[] }) {
    if (this.first) { this.first = false; return { type: "explore" as const, room: obs.rooms[0]!.id }; }
    return { type: "done" as const };
  }
}
`,
  );
  return file;
}

describe("measureSteppingRate", () => {
  it("runs the warm-up passes unmeasured before the repetitions, and counts only the measured passes", async () => {
    const jobs = loadSuiteJobs("default").jobs.length;
    const g = globalThis as { __episodes?: number };
    g.__episodes = 0;
    const out = path.join(dir, "rate");
    const rate = await measureSteppingRate({ suite: "default", agent: countingAgent(), reps: 2, passesPerRep: 1, warmupPasses: 3, dir: out });
    // 3 warm-up passes, then the warm-up repetition and 2 measured ones, each a wall-timed, a CPU-timed and a recorded pass
    expect(g.__episodes).toBe(jobs * (3 + 3 * 3));
    // two steps an episode (explore, done), counted per measured pass: the warm-up passes add none
    expect(rate.stepsPerPass).toBe(2 * jobs);
    expect(rate.byAction.explore!.steps).toBe(2 * jobs);
    expect(rate.byAction.done!.steps).toBe(2 * jobs);
    expect(readdirSync(path.join(out, "warm-up", "episodes"))).toHaveLength(jobs);
    expect(rate.stepsPerSecond).toBeGreaterThan(0);
    expect(rate.fractionOfLimit).toBeCloseTo(rate.stepsPerSecond / rate.logOnlyStepsPerSecond, 10);
  });

  it("refuses an agent whose recorded pass takes other steps than its timed ones: the replayed lines would not be theirs", async () => {
    const jobs = loadSuiteJobs("default").jobs.length;
    const file = path.join(dir, "wavering-agent.ts");
    // done at once in the wall-timed and the CPU-timed pass; in the third (the recorded one) it explores first
    writeFileSync(
      file,
      `let episodes = 0;
export default class WaveringAgent {
  readonly name = "wavering";
  private first = false;
  reset(): void { episodes++; this.first = Math.floor((episodes - 1) / ${jobs}) === 2; }
  act(obs: { rooms: { id: string }[] }) {
    if (this.first) { this.first = false; return { type: "explore" as const, room: obs.rooms[0]!.id }; }
    return { type: "done" as const };
  }
}
`,
    );
    await expect(measureSteppingRate({ suite: "default", agent: file, reps: 1, passesPerRep: 1, warmupPasses: 0, dir: path.join(dir, "wavering") })).rejects.toThrow(
      /the recorded pass took \d+ steps, the wall-timed one \d+, differing from step 1 \(explore against done\): .* is not deterministic/,
    );
  });
});
