import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import yargs from "yargs";
import { command } from "../../../harness/cli/commands/rescore.ts";
import { UsageError } from "../../../harness/cli/main.ts";
import { rescore, writeRescoredResults } from "../../../harness/metrics/rescore.ts";
import { readResultsFile } from "../../../harness/metrics/results-file.ts";
import { episode, writeRun } from "../trajectory/builders.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rearrange-rescore-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const place = { type: "place", object: "obj_0", relation: "ontop", target: "table" } as const;
const solvedEp = (id: string) => episode({ id, conditions: 1 }).look(["obj_0"]).act(place, { satisfied: [0] }).done().end("done");
const failedEp = (id: string) => episode({ id, conditions: 1 }).fail(place, "missing_step").done().end("done");

/** Stores a wrong SR for `id` in results.json, as an old metric bug would have. */
function corrupt(id: string): void {
  const file = path.join(dir, "results.json");
  const results = JSON.parse(readFileSync(file, "utf8"));
  results.episodes.find((r: { id: string }) => r.id === id).SR = 1;
  results.metrics.SR = 1;
  writeFileSync(file, JSON.stringify(results));
}

describe("rescore", () => {
  it("recomputes a run from its trajectories and reports rows that differ from results.json", () => {
    writeRun(dir, [solvedEp("a"), failedEp("b")]);
    corrupt("b");
    const result = rescore(dir);
    expect(result.kind).toBe("run");
    expect(result.results.metrics.SR).toBe(0.5);
    expect(result.results.episodes.map((r) => [r.id, r.SR])).toEqual([["a", 1], ["b", 0]]);
    expect(result.changed).toEqual([{ id: "b", repeat: 0, fields: ["SR"] }]);
  });

  it("--write replaces rows and aggregate and keeps the run's other fields", () => {
    writeRun(dir, [solvedEp("a"), failedEp("b")]);
    corrupt("b");
    const file = writeRescoredResults(rescore(dir));
    const written = readResultsFile(file);
    expect(written.metrics.SR).toBe(0.5);
    expect(written.episodes.find((r) => r.id === "b")!.SR).toBe(0);
    expect(written.config).toEqual({ seed: 7 });
    expect(rescore(dir).changed).toEqual([]);
  });

  it("scores a run with no results.json, and a single trajectory against its end line", () => {
    writeRun(dir, [solvedEp("a")], { results: false });
    const run = rescore(dir);
    expect(run.results.episodes).toHaveLength(1);
    expect(run.problems.map((p) => p.message).join()).toMatch(/did not finish/);
    const single = rescore(path.join(dir, "episodes", "a.jsonl"));
    expect(single).toMatchObject({ kind: "episode", changed: [] });
    expect(single.results.episodes[0]).toMatchObject({ id: "a", SR: 1, reason: "done", error: null });
    expect(() => writeRescoredResults(single)).toThrow(/needs a run directory/);
  });

  it("reports results rows that have no trajectory", () => {
    writeRun(dir, [solvedEp("a"), failedEp("b")]);
    unlinkSync(path.join(dir, "episodes", "b.jsonl"));
    const result = rescore(dir);
    expect(result.results.episodes.map((r) => r.id)).toEqual(["a"]);
    expect(result.problems.map((p) => p.message)).toContain('row "b" repeat 0 has no trajectory; it is left out');
  });
});

describe("rearrange rescore", () => {
  async function cli(...args: string[]): Promise<string> {
    let out = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    await yargs(["rescore", ...args])
      .command(command)
      .strict()
      .fail((msg, err) => {
        throw err ?? new UsageError(msg);
      })
      .parseAsync();
    return out;
  }

  it("prints the table, or JSON with the changed rows", async () => {
    writeRun(dir, [solvedEp("a"), failedEp("b")]);
    corrupt("b");
    const table = await cli(dir);
    expect(table).toMatch(/^b\s+0\s+0\s+0\s+0\s+2\s+yes/m);
    expect(table).toMatch(/^SR .*\s0\.500$/m);
    const json = JSON.parse(await cli(dir, "--json"));
    expect(json.metrics.SR).toBe(0.5);
    expect(json.changed).toEqual([{ id: "b", repeat: 0, fields: ["SR"] }]);
    expect(readResultsFile(path.join(dir, "results.json")).metrics.SR).toBe(1); // untouched without --write
    await cli(dir, "--write");
    expect(readResultsFile(path.join(dir, "results.json")).metrics.SR).toBe(0.5);
  });

  it("refuses --write on a single trajectory", async () => {
    writeRun(dir, [solvedEp("a")]);
    await expect(cli(path.join(dir, "episodes", "a.jsonl"), "--write")).rejects.toBeInstanceOf(UsageError);
  });
});
