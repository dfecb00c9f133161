import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "workers-suite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeWorkersSuite", () => {
  it("writes four houses by default, or as many as asked, and has the episodes take them in turn", () => {
    const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as { episodes: { id: string; scene: string; seed: number; maxSteps: number }[] };
    const four = read(writeWorkersSuite(6, 40, 3, path.join(dir, "four")));
    expect(readdirSync(path.join(dir, "four")).filter((f) => f.endsWith(".scene.json"))).toHaveLength(4);
    expect(four.episodes.map((e) => e.scene)).toEqual([0, 1, 2, 3, 0, 1].map((h) => `house-${h}.scene.json`));
    const three = read(writeWorkersSuite(7, 40, 5, path.join(dir, "three"), 3));
    expect(readdirSync(path.join(dir, "three")).filter((f) => f.endsWith(".scene.json")).sort()).toEqual([0, 1, 2].map((h) => `house-${h}.scene.json`));
    expect(three.episodes.map((e) => e.scene)).toEqual([0, 1, 2, 0, 1, 2, 0].map((h) => `house-${h}.scene.json`));
    expect(three.episodes.map((e) => [e.seed, e.maxSteps])).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => [i, 5]));
  });
});
