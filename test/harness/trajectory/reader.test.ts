import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError, InputErrors } from "../../../sim/errors.ts";
import { HeaderlessTrajectoryError, parseTrajectory, readRun, readTrajectory } from "../../../harness/trajectory/reader.ts";
import { episode, writeRun } from "./builders.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rearrange-reader-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sample = () =>
  episode({ id: "e1", conditions: 2 })
    .look(["obj_0"], 2)
    .act({ type: "pick", object: "obj_0" }, { satisfied: [0] })
    .done()
    .end("done");

/** The error `fn` throws (a single InputError, or the first of an InputErrors). */
function thrown(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InputErrors) return err.problems[0]!;
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error("expected an InputError");
}

describe("readTrajectory", () => {
  it("reads back what was written", () => {
    const b = sample();
    const file = path.join(dir, "e1.jsonl");
    writeFileSync(file, b.jsonl());
    const read = readTrajectory(file);
    expect(read.header).toEqual(b.header);
    expect(read.steps).toEqual(b.steps);
    expect(read.end).toEqual(b.endLine);
    expect(read).toMatchObject({ truncated: false, problems: [] });
  });

  it("ignores and reports a half-written last line at any cut point", () => {
    const text = sample().jsonl();
    const lastStart = text.lastIndexOf("\n", text.length - 2) + 1;
    fc.assert(
      fc.property(fc.integer({ min: lastStart + 1, max: text.length - 2 }), (cut) => {
        const read = parseTrajectory(text.slice(0, cut), "e1.jsonl");
        expect(read.truncated).toBe(true);
        expect(read.end).toBeNull();
        expect(read.steps).toHaveLength(3);
        expect(read.problems.map((p) => p.line)).toContain(5);
      }),
    );
  });

  it("reports a missing end line without failing", () => {
    const b = episode().look([]);
    const read = parseTrajectory(b.jsonl(), "x.jsonl");
    expect(read.truncated).toBe(false);
    expect(read.end).toBeNull();
    expect(read.problems[0]!.message).toMatch(/no end line.*1 step/);
  });

  it("names file, line and column of a malformed line that is not the last (as `line L, column C`, like the other line problems)", () => {
    const lines = sample().jsonl().split("\n");
    lines[2] = lines[2]!.replace('"type":"step",', '"type":"step",,');
    const err = thrown(() => parseTrajectory(lines.join("\n"), "runs/a/episodes/e1.jsonl"));
    expect(err.file).toBe("runs/a/episodes/e1.jsonl");
    expect(err.where).toMatch(/^line 3, column \d+$/);
    expect(err.reason).toMatch(/not valid JSON/);
  });

  it("names the JSON path of a line that breaks the schema", () => {
    const lines = sample().jsonl().split("\n");
    lines[1] = lines[1]!.replace('"distance":2', '"distance":-2');
    const err = thrown(() => parseTrajectory(lines.join("\n"), "e1.jsonl"));
    expect(err.where).toBe("line 2, $.distance");
  });

  it("rejects goal indices beyond the header's conditions", () => {
    const lines = sample().jsonl().split("\n");
    lines[2] = lines[2]!.replace('"satisfied":[0]', '"satisfied":[0,5]');
    expect(thrown(() => parseTrajectory(lines.join("\n"), "e1.jsonl")).where).toBe("line 3, $.satisfied[1]");
  });

  it("explains an incompatible schemaVersion instead of listing field errors", () => {
    const text = sample().jsonl().replace('"schemaVersion":1', '"schemaVersion":3').replace('"harnessVersion":"0.1.0"', '"harnessVersion":"2.0.0"');
    const err = thrown(() => parseTrajectory(text, "old.jsonl"));
    expect(err.message).toMatch(/old\.jsonl: line 1: trajectory schemaVersion 3 \(written by rearrange 2\.0\.0\) is not supported.*upgrade/);
  });

  it("warns about a trajectory from a newer major harness that still has this schemaVersion", () => {
    const read = parseTrajectory(sample().jsonl().replace('"harnessVersion":"0.1.0"', '"harnessVersion":"99.0.0"'), "new.jsonl");
    expect(read.steps).toHaveLength(3);
    expect(read.problems).toEqual([{ file: "new.jsonl", line: 1, message: expect.stringMatching(/written by rearrange 99\.0\.0, newer than this rearrange/) }]);
  });

  it("enforces line order: header first, nothing after the end", () => {
    const b = sample();
    const [header, ...rest] = b.jsonl().trimEnd().split("\n");
    expect(thrown(() => parseTrajectory([...rest, header].join("\n"), "f")).reason).toMatch(/first line must be the episode header/);
    expect(thrown(() => parseTrajectory(`${b.jsonl()}${JSON.stringify(b.steps[0])}\n`, "f")).where).toBe("line 6");
    expect(thrown(() => parseTrajectory("", "f")).reason).toMatch(/empty trajectory/);
  });
});

describe("readRun", () => {
  it("reads results.json and the trajectories, in results.json's order", () => {
    writeRun(dir, [episode({ id: "b" }).done().end("done"), episode({ id: "a", repeat: 1 }).done().end("done"), episode({ id: "a" }).done().end("done")]);
    const run = readRun(dir);
    expect(run.results?.episodes.map((r) => `${r.id}/${r.repeat ?? 0}`)).toEqual(["a/0", "a/1", "b/0"]);
    expect(run.episodes.map((e) => `${e.header.episodeId}/${e.header.repeat}`)).toEqual(["a/0", "a/1", "b/0"]);
    expect(run.problems).toEqual([]);
    // results.json's order is the run's (plan order), whatever the ids' order: here b's row first
    const file = path.join(dir, "results.json");
    const stored = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...stored, episodes: [stored.episodes[2], stored.episodes[0], stored.episodes[1]] }));
    expect(readRun(dir).episodes.map((e) => `${e.header.episodeId}/${e.header.repeat}`)).toEqual(["b/0", "a/0", "a/1"]);
  });

  it("without results.json nor a suite file to give the run's order: episode id then repeat, with a problem saying so", () => {
    writeRun(dir, [episode({ id: "b" }).done().end("done"), episode({ id: "a", repeat: 1 }).done().end("done"), episode({ id: "a" }).done().end("done")], { results: false });
    const run = readRun(dir);
    expect(run.episodes.map((e) => `${e.header.episodeId}/${e.header.repeat}`)).toEqual(["a/0", "a/1", "b/0"]);
    expect(run.problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/order is unknown, so rows are in episode-id order/));
  });

  it("reads a run that never wrote results.json, saying so", () => {
    writeRun(dir, [episode({ id: "a" }).look([])], { results: false });
    const run = readRun(dir);
    expect(run.results).toBeNull();
    expect(run.problems.map((p) => p.message).join("\n")).toMatch(/missing: the run did not finish[\s\S]*no end line/);
  });

  it("an empty trajectory (killed before its header was written) is an interrupted episode: named, left out, the others read", () => {
    // the run: "a" finished, "b" stopped after a step, "c" and "d" were killed before their header line reached the disk
    writeRun(dir, [episode({ id: "a" }).done().end("done"), episode({ id: "b" }).act({ type: "pick", object: "obj_0" })], { results: false });
    const header = episode({ id: "d" }).jsonl().split("\n")[0]!;
    writeFileSync(path.join(dir, "episodes", "c.jsonl"), "");
    writeFileSync(path.join(dir, "episodes", "d.jsonl"), header.slice(0, 40)); // the header cut off mid-line
    const run = readRun(dir);
    expect(run.episodes.map((e) => [e.header.episodeId, e.end !== null])).toEqual([["a", true], ["b", false]]);
    expect(run.headerless).toEqual([path.join(dir, "episodes", "c.jsonl"), path.join(dir, "episodes", "d.jsonl")]);
    const said = run.problems.map((p) => `${p.file}: ${p.message}`).join("\n");
    expect(said).toMatch(/c\.jsonl: empty trajectory: no episode header line: the episode was interrupted before its first line was written .*not finished/);
    expect(said).toMatch(/d\.jsonl: the header line is incomplete .*: the episode was interrupted before its first line was written/);
    expect(said).toMatch(/b\.jsonl: no end line/);
    // read on its own (validate, rescore FILE), it is still an error
    expect(() => readTrajectory(path.join(dir, "episodes", "c.jsonl"))).toThrow(HeaderlessTrajectoryError);
    expect(thrown(() => readTrajectory(path.join(dir, "episodes", "c.jsonl"))).message).toMatch(/c\.jsonl: line 1: empty trajectory: no episode header line/);
  });

  it("a trajectory whose first line is not a header is not taken for an interrupted one", () => {
    writeRun(dir, [episode({ id: "a" }).done().end("done")]);
    const step = episode({ id: "b" }).act({ type: "pick", object: "obj_0" }).jsonl().split("\n")[1]!;
    writeFileSync(path.join(dir, "episodes", "b.jsonl"), `${step}\n`);
    expect(() => readRun(dir)).toThrow(/b\.jsonl: line 1: the first line must be the episode header/);
  });

  it("rejects two trajectories of the same episode and repeat", () => {
    writeRun(dir, [episode({ id: "a" }).done().end("done")]);
    writeFileSync(path.join(dir, "episodes", "copy.jsonl"), episode({ id: "a" }).done().end("done").jsonl());
    expect(() => readRun(dir)).toThrow(/episode "a" repeat 0 is also in/);
  });

  it("names the JSON path of a bad results.json row", () => {
    writeRun(dir, [episode({ id: "a" }).done().end("done")]);
    writeFileSync(path.join(dir, "results.json"), JSON.stringify({ ...writeRun(dir, [episode({ id: "a" })]), episodes: [{ id: "a", SR: 2 }] }));
    expect(() => readRun(dir)).toThrow(/results\.json: \$\.episodes\[0\]\.SR: .*(<=|at most)/);
  });

  it("rejects a path that is not a directory", () => {
    writeFileSync(path.join(dir, "file.jsonl"), "");
    expect(() => readRun(path.join(dir, "file.jsonl"))).toThrow(/file\.jsonl: not a run directory/);
    expect(() => readRun(path.join(dir, "missing"))).toThrow(/not a run directory/);
  });
});
