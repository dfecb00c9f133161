import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { houseJob, runHouseEpisode } from "../../../harness/bench/house-stepping.ts";
import { replayLines } from "../../../harness/bench/stepping-clock.ts";
import { TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-agent-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bench agent and stepping clock", async () => {
  const job = houseJob(200, 150, 4);
  const run = await runHouseEpisode(job, path.join(dir, "a"));
  const steps = run.episodes[0]!.steps;

  it("takes mostly valid actions of every kind, placing what it picks", () => {
    expect(steps).toHaveLength(150);
    const ok = steps.filter((s) => s.feedback.ok).length;
    expect(ok / steps.length).toBeGreaterThan(0.9);
    const types = new Set(steps.map((s) => s.action.type));
    for (const t of ["navigate", "pick", "place"]) expect(types).toContain(t);
    const placed = steps.filter((s) => s.action.type === "place" && s.feedback.ok).length;
    expect(placed).toBeGreaterThan(5);
  });

  it("repeats itself exactly for the same seed", async () => {
    const again = await runHouseEpisode(job, path.join(dir, "b"));
    expect(again.episodes[0]!.steps.map((s) => JSON.stringify(s.action))).toEqual(steps.map((s) => JSON.stringify(s.action)));
  });

  it("times every step whose line was written, and the log-only pass writes the very same lines", () => {
    const file = readdirSync(path.join(dir, "a", "episodes"))[0]!;
    const lines = readFileSync(path.join(dir, "a", "episodes", file), "utf8").trimEnd().split("\n");
    const stepLines = lines.filter((l) => l.startsWith('{"type":"step"'));
    expect(run.steps).toBe(stepLines.length);
    expect(run.perStepMs).toHaveLength(run.steps);
    expect(run.perStepMs.every((ms) => ms >= 0)).toBe(true);
    const writer = new TrajectoryWriter(path.join(dir, "log"));
    writer.onBegin();
    const log = replayLines(run.episodes, writer);
    expect(log.steps).toBe(run.steps);
    const again = readFileSync(path.join(dir, "log", "episodes", file), "utf8").trimEnd().split("\n");
    expect(again.filter((l) => l.startsWith('{"type":"step"'))).toEqual(stepLines);
  });
});
