/**
 * `--resume` after a crash between a trajectory's end line and the next rewrite of results.json (which
 * happens at most once a second): the finished episodes are recovered from their trajectories, only the
 * unfinished ones run again, and the final results.json is byte for byte an uninterrupted run's.
 */
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLogger, setLogger } from "../../../harness/logger.ts";
import { readResultsFile } from "../../../harness/metrics/results-file.ts";
import { InputError } from "../../../sim/errors.ts";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { runOptions, writeTinySuite, type TinySuite } from "../../reliability/helpers/tiny-suite.ts";

/** Every trajectory of a run folder, file name → bytes. */
function trajectoryBytes(out: string): Map<string, string> {
  const dir = path.join(out, "episodes");
  return new Map(readdirSync(dir).sort().map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
}

const resultsBytes = (out: string) => readFileSync(path.join(out, "results.json"), "utf8");

/**
 * Runs the suite to its end with a reporter (after the trajectory and results writers) that copies the run
 * folder at every episode end: each copy is what a `kill -9` at that moment leaves on disk.
 * @returns the copies, in episode order, with the keys finished in each
 */
async function runCopyingAtEachEnd(options: RunOptions, copies: string): Promise<Array<{ dir: string; finished: string[] }>> {
  const taken: Array<{ dir: string; finished: string[] }> = [];
  const finished: string[] = [];
  const copier: Reporter = {
    onEpisodeEnd(key) {
      finished.push(key);
      const dir = path.join(copies, `after-${taken.length}`);
      cpSync(options.out, dir, { recursive: true });
      taken.push({ dir, finished: [...finished] });
    },
  };
  await runSuite({ ...options, reporters: [copier] });
  return taken;
}

/** Resumes `out` and returns the keys of the episodes it ran. */
async function resume(options: RunOptions): Promise<string[]> {
  const begun: string[] = [];
  await runSuite({ ...options, resume: true, reporters: [{ onEpisodeBegin: (key) => void begun.push(key) }] });
  return begun;
}

describe("--resume recovers finished episodes results.json does not list yet", () => {
  let s: TinySuite;
  let clean = "";
  /** Keys of the run, in plan order (the suite's episodes, each twice). */
  let keys: string[] = [];
  const options = (out: string, o: Partial<RunOptions> = {}) => runOptions(s.suite, out, { repeat: 2, ...o });

  beforeAll(async () => {
    s = writeTinySuite({ episodes: 4 });
    clean = path.join(s.dir, "clean");
    const begun: string[] = [];
    await runSuite({ ...options(clean), reporters: [{ onEpisodeBegin: (key) => void begun.push(key) }] });
    keys = begun;
    expect(keys).toContain(`${s.ids[0]}~r1`);
  });

  it("a crash after each episode's end line, results.json written only at the begin: resume runs just the rest, final files equal a clean run's", async () => {
    // an interval no run reaches: results.json lists no episode until the end, as after a crash within a second
    const copies = await runCopyingAtEachEnd(options(path.join(s.dir, "crashing"), { resultsIntervalMs: 1e9 }), path.join(s.dir, "copies"));
    expect(copies).toHaveLength(keys.length);
    for (const { dir, finished } of copies.slice(0, -1)) {
      expect(JSON.parse(resultsBytes(dir))).toMatchObject({ complete: false, episodes: [] });
      const kept = trajectoryBytes(dir);
      const begun = await resume(options(dir));
      expect(begun).toEqual(keys.filter((k) => !finished.includes(k)));
      expect(resultsBytes(dir)).toBe(resultsBytes(clean));
      expect(trajectoryBytes(dir)).toEqual(trajectoryBytes(clean));
      // the recovered episodes were not run again: their files are untouched
      for (const k of finished) expect(trajectoryBytes(dir).get(`${k}.jsonl`)).toBe(kept.get(`${k}.jsonl`));
    }
  });

  it("results.json from an earlier moment than the trajectories: listed rows are kept, the later finished ones recovered", async () => {
    const copies = await runCopyingAtEachEnd(options(path.join(s.dir, "every"), { resultsIntervalMs: 0 }), path.join(s.dir, "copies-every"));
    const early = copies[1]!;
    const late = copies[5]!;
    expect(JSON.parse(resultsBytes(early.dir)).episodes).toHaveLength(2);
    // results.json last written after the 2nd episode, trajectories as after the 6th
    rmSync(path.join(early.dir, "episodes"), { recursive: true });
    cpSync(path.join(late.dir, "episodes"), path.join(early.dir, "episodes"), { recursive: true });
    expect(await resume(options(early.dir))).toEqual(keys.slice(6));
    expect(resultsBytes(early.dir)).toBe(resultsBytes(clean));
  });

  describe("trajectories that end with a damaged or foreign end line are rerun, with a warning naming file and line", () => {
    const lines: string[] = [];
    const saved = getLogger();
    beforeAll(() => setLogger(pino({ level: "warn" }, new Writable({ write: (chunk, _e, done) => void (lines.push(String(chunk)), done()) }))));
    afterAll(() => setLogger(saved));

    const damages: Array<{ name: string; edit: (text: string) => string; warning: RegExp }> = [
      { name: "an end line that is not JSON", edit: (t) => t.replace(/\{"type":"end".*\n$/, '{"type":"end","reason":"done",\n'), warning: /:\d+: not valid JSON/ },
      { name: "an end line without its metrics", edit: (t) => t.replace(/\{"type":"end".*\n$/, '{"type":"end","reason":"done","error":null}\n'), warning: /:\d+: \$\.metrics: / },
      { name: "a header of another run", edit: (t) => t.replace(/"runId":"[^"]*"/, '"runId":"someone-else"'), warning: /:1: written by run "someone-else"/ },
      { name: "a header of another seed", edit: (t) => t.replace(/"seed":\d+/, '"seed":123456'), warning: /:1: header seed 123456, but the planned episode .* has \d+/ },
      { name: "a header that is not JSON", edit: (t) => t.replace(/^\{/, "["), warning: /:1: not valid JSON/ },
    ];
    for (const d of damages) {
      it(d.name, async () => {
        const out = path.join(s.dir, `damaged-${d.name.replace(/\W+/g, "-")}`);
        cpSync(clean, out, { recursive: true });
        // results.json as written at the run's begin: lists nothing
        const begin = JSON.parse(resultsBytes(clean));
        writeFileSync(path.join(out, "results.json"), JSON.stringify({ ...begin, complete: false, episodes: [] }));
        const victim = keys[3]!;
        const file = path.join(out, "episodes", `${victim}.jsonl`);
        writeFileSync(file, d.edit(readFileSync(file, "utf8")));
        lines.length = 0;
        expect(await resume(options(out))).toEqual([victim]);
        const warnings = lines.map((l) => JSON.parse(l).msg as string);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(new RegExp(`${victim}\\.jsonl${d.warning.source}.*; --resume runs this episode again$`));
        expect(resultsBytes(out)).toBe(resultsBytes(clean));
        expect(trajectoryBytes(out)).toEqual(trajectoryBytes(clean));
      });
    }

    it("an interrupted trajectory (no end line, or cut mid-line) is rerun without a warning", async () => {
      const out = path.join(s.dir, "interrupted");
      cpSync(clean, out, { recursive: true });
      const begin = JSON.parse(resultsBytes(clean));
      writeFileSync(path.join(out, "results.json"), JSON.stringify({ ...begin, complete: false, episodes: begin.episodes.slice(0, 1) }));
      const cut = (key: string, to: (t: string) => string) => {
        const file = path.join(out, "episodes", `${key}.jsonl`);
        writeFileSync(file, to(readFileSync(file, "utf8")));
      };
      cut(keys[2]!, (t) => t.replace(/\{"type":"end".*\n$/, "")); // whole lines, the end line missing
      cut(keys[4]!, (t) => t.slice(0, t.length - 20)); // cut inside the end line
      cut(keys[5]!, (t) => t.slice(0, t.indexOf("\n") + 1)); // the header alone
      lines.length = 0;
      expect(await resume(options(out))).toEqual([keys[2], keys[4], keys[5]]);
      expect(lines).toEqual([]);
      expect(resultsBytes(out)).toBe(resultsBytes(clean));
    });
  });
});

describe("--resume with a results.json that is not JSON", () => {
  let s: TinySuite;
  let clean = "";
  const options = (out: string) => runOptions(s.suite, out);

  beforeAll(async () => {
    s = writeTinySuite({ episodes: 2 });
    clean = path.join(s.dir, "clean");
    await runSuite(options(clean));
  });

  /** Copies the clean run, writes `edit(results.json)` into it, resumes it and returns the error. */
  async function resumeError(name: string, edit: (text: string) => string): Promise<InputError> {
    const out = path.join(s.dir, name);
    cpSync(clean, out, { recursive: true });
    writeFileSync(path.join(out, "results.json"), edit(resultsBytes(clean)));
    const err = await runSuite({ ...options(out), resume: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }

  it("names the file, line and column, as compare and merge do", async () => {
    // the comma after "runId" dropped: line 4 ends early, the parser stumbles at line 5's first key (column 3)
    const err = await resumeError("missing-comma", (t) => t.replace(/("runId": "[^"]*"),\n/, "$1\n"));
    const file = path.join(s.dir, "missing-comma", "results.json");
    expect(err.file).toBe(file);
    expect(err.where).toBe("5:3");
    expect(err.message).toBe(`${file}: 5:3: cannot resume: results.json is not valid JSON: Expected ',' or '}' after property value`);
    // the same place readResultsFile (compare, merge, rescore) reports
    expect(() => readResultsFile(file)).toThrow(`${file}: 5:3: not valid JSON: Expected ',' or '}' after property value`);
  });

  it("a file cut short (no position from V8): the line and column where it ends", async () => {
    // cut after a key's colon: "Unexpected end of JSON input", with no position in V8's message
    const cut = (t: string) => t.slice(0, t.indexOf('"config"') + '"config":'.length);
    const err = await resumeError("cut", cut);
    const lines = cut(resultsBytes(clean)).split("\n");
    expect(err.where).toBe(`${lines.length}:${lines.at(-1)!.length + 1}`);
    expect(err.reason).toBe("cannot resume: results.json is not valid JSON: Unexpected end of JSON input");
  });

  it("JSON that is not an object is refused without a crash", async () => {
    const err = await resumeError("array", () => "[]\n");
    expect(err.message).toMatch(/results\.json: \$: cannot resume: results\.json is not a JSON object$/);
  });
});
