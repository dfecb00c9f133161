import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loadComparableRun } from "../../../harness/compare/load-run.ts";
import { buildReportData } from "../../../harness/report/report-data.ts";
import { idPrefix } from "../../../harness/report/task-family.ts";
import { readTrajectory } from "../../../harness/trajectory/reader.ts";
import { runSmoke, type RunFixture } from "../viewer/run-fixture.ts";

let run: RunFixture;

beforeAll(async () => {
  run = await runSmoke();
}, 180_000);

describe("task families of a real run", () => {
  it("come from the task files' family field", () => {
    const data = buildReportData(loadComparableRun(run.dir), { iterations: 200 });
    const expected = new Map<string, number>();
    for (const f of run.trajectories) {
      const header = readTrajectory(f).header;
      const task = JSON.parse(readFileSync(header.task.path, "utf8")) as { family: string };
      expected.set(task.family, (expected.get(task.family) ?? 0) + 1);
    }
    expect(data.families.map((f) => [f.family, f.episodes, f.source])).toEqual([...expected].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => [k, n, "task"]));
  });

  it("fall back to the id before the first dash", () => {
    expect(idPrefix("flat-milk-fridge")).toBe("flat");
    expect(idPrefix("solo")).toBe("solo");
    expect(idPrefix("-odd")).toBe("-odd");
  });
});
