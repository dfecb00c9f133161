/**
 * Resource faults: an output folder that cannot be made, a disk that fills up mid-run, a suite naming a
 * missing or broken scene or task, a suite with no episodes. Each gives a clear error before work starts
 * or at the failing episode, and never loses a finished episode's results.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { InputError, InputErrors } from "../../../sim/errors.ts";
import { makeDirectory } from "../../../sim/files/make-directory.ts";
import { episodeTexts, readAllTrajectories, readResults } from "../helpers/run-files.ts";
import { runOptions, writeTinySuite } from "../helpers/tiny-suite.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(REPO, "bin", "rearrange.js");
const AGENT = path.resolve(import.meta.dirname, "../../fixtures/faulty/faulty-agent.ts");

/** Run options whose agent logs every call to `log` (so a test can tell whether work started). */
const logged = (suite: string, out: string, log: string, o = {}) => runOptions(suite, out, { agent: AGENT, agentOptions: { fault: "none", log }, ...o });
const calls = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : []);
const firstInputError = (err: unknown): InputError => (err instanceof InputErrors ? err.problems[0]! : (err as InputError));

function cli(args: string[]): { status: number | null; stderr: string; stdout: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "warn" }, timeout: 60_000 });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

/** The CLI's error: exactly one line, no internal error, no stack trace. */
function oneLine(stderr: string): string {
  expect(stderr).not.toMatch(/internal error|\n\s+at /);
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/**
 * A reporter mirroring every step line to a disk that fills up after `room` lines: the first go to
 * /dev/null, the rest to /dev/full, which fails every write with a real ENOSPC from the kernel.
 */
function diskFullAfter(room: number): Reporter {
  let lines = 0;
  let fds: { ok: number; full: number } | null = null;
  return {
    onStep(_key, step) {
      fds ??= { ok: openSync("/dev/null", "w"), full: openSync("/dev/full", "w") };
      writeSync(++lines <= room ? fds.ok : fds.full, `${JSON.stringify(step)}\n`);
    },
  };
}

/** Step lines of each trajectory of a run, by file name. */
const stepCounts = (out: string) => new Map([...episodeTexts(out)].map(([f, lines]) => [f, lines.filter((l) => l.startsWith('{"type":"step"')).length]));

describe("an output folder that cannot be made", () => {
  it("makeDirectory fails at once, with the system's reason, under a regular file and under /proc (root ignores permissions)", () => {
    const s = writeTinySuite({ episodes: 1 });
    writeFileSync(path.join(s.dir, "a-file"), "x");
    expect(() => makeDirectory(path.join(s.dir, "a-file", "run", "episodes"))).toThrow(/ENOTDIR/);
    // fs.mkdirSync(…, { recursive: true }) never returns here
    expect(() => makeDirectory("/proc/rearrange-reliability-test/episodes")).toThrow(/ENOENT.*\/proc\/rearrange-reliability-test/);
    makeDirectory(path.join(s.dir, "a", "b", "c"));
    makeDirectory(path.join(s.dir, "a", "b", "c"));
    expect(existsSync(path.join(s.dir, "a", "b", "c"))).toBe(true);
  });

  it("`run --out` under a regular file fails before any episode starts, naming the folder and the reason", () => {
    const s = writeTinySuite({ episodes: 2 });
    writeFileSync(path.join(s.dir, "a-file"), "x");
    const log = path.join(s.dir, "agent.log");
    const r = cli(["run", "--suite", s.suite, "--agent", AGENT, "--agent-opt", `log=${log}`, "--out", path.join(s.dir, "a-file", "run")]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/ENOTDIR.*a-file\/run/);
    expect(calls(log).filter((c) => c.event === "reset")).toEqual([]);
  }, 60_000);

  it("… and says so in one line, without an internal-error stack trace", () => {
    const s = writeTinySuite({ episodes: 1 });
    writeFileSync(path.join(s.dir, "a-file"), "x");
    const out = path.join(s.dir, "a-file", "run");
    const r = cli(["run", "--suite", s.suite, "--agent", "random", "--out", out]);
    expect(r.status).toBe(1);
    expect(oneLine(r.stderr)).toBe(`${out}: cannot create the output folder: ENOTDIR: not a directory, mkdir '${out}' (${path.join(s.dir, "a-file")} exists and is not a directory)`);
  }, 60_000);

  it("`run --out /proc/x` fails at once with ENOENT instead of hanging (mkdirSync recursive never returns there)", () => {
    const s = writeTinySuite({ episodes: 1 });
    const log = path.join(s.dir, "agent.log");
    const out = "/proc/rearrange-reliability-test/run";
    const r = cli(["run", "--suite", s.suite, "--agent", AGENT, "--agent-opt", `log=${log}`, "--out", out]);
    expect(r.status).toBe(1); // null: killed by the 60 s timeout, i.e. it hung
    expect(oneLine(r.stderr)).toMatch(/^\/proc\/rearrange-reliability-test\/run: cannot create the output folder: ENOENT.*mkdir '\/proc\/rearrange-reliability-test'/);
    expect(calls(log)).toEqual([]); // the agent was not even started
  }, 60_000);

  it("the reporters make their folders with makeDirectory too (a library user's --out under /proc)", async () => {
    const { ResultsWriter } = await import("../../../harness/reporters/results-writer.ts");
    const { TrajectoryWriter } = await import("../../../harness/reporters/trajectory-writer.ts");
    expect(() => new TrajectoryWriter("/proc/rearrange-reliability-test").onBegin()).toThrow(/ENOENT/);
    expect(() => new ResultsWriter("/proc/rearrange-reliability-test").onBegin({ resumed: [] } as never)).toThrow(/ENOENT/);
  });

  it("the other commands that write a folder (import, schema) fail at once under /proc, in one line", () => {
    const bddl = path.resolve(REPO, "../shared/data/behavior100/cleaning_closet/problem0.bddl");
    const commands = [["schema", "--out", "/proc/rearrange-reliability-test/schemas"]];
    // the BEHAVIOR file is shared data beside the repository; without it only schema is tried
    if (existsSync(bddl)) commands.push(["import", "bddl", bddl, "--out", "/proc/rearrange-reliability-test/suite"]);
    for (const args of commands) {
      const r = cli(args);
      expect(r.status, args.join(" ")).toBe(1); // null: killed by the timeout, i.e. it hung
      expect(oneLine(r.stderr)).toMatch(/\/proc\/rearrange-reliability-test.*ENOENT/);
    }
  }, 120_000);

  // root ignores permissions, so this runs only as another user (CI)
  it.skipIf(process.getuid?.() === 0)("a folder without write permission: EACCES in one line, before any episode starts", () => {
    const s = writeTinySuite({ episodes: 1 });
    const locked = path.join(s.dir, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    const log = path.join(s.dir, "agent.log");
    const r = cli(["run", "--suite", s.suite, "--agent", AGENT, "--agent-opt", `log=${log}`, "--out", path.join(locked, "run")]);
    chmodSync(locked, 0o755);
    expect(r.status).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/locked\/run: cannot create the output folder: EACCES/);
    expect(calls(log)).toEqual([]);
  }, 60_000);
});

describe("a disk that fills up", () => {
  it("mid-run: the run stops with ENOSPC, finished episodes stay in results.json, and --resume finishes the run as a clean one would", async () => {
    const s = writeTinySuite({ episodes: 4 });
    const clean = path.join(s.dir, "clean");
    await runSuite(runOptions(s.suite, clean));
    // the third episode's trajectory is /dev/full: its first write fails with ENOSPC, as on a full disk
    const out = path.join(s.dir, "full");
    const third = path.join(out, "episodes", `${s.ids[2]}.jsonl`);
    mkdirSync(path.dirname(third), { recursive: true });
    symlinkSync("/dev/full", third);
    await expect(runSuite(runOptions(s.suite, out))).rejects.toThrow(/ENOSPC/);
    const partial = readResults(out);
    expect(partial.complete).toBe(false);
    expect(partial.episodes.map((r) => r.id)).toEqual(s.ids.slice(0, 2));
    expect(partial.episodes).toEqual(readResults(clean).episodes.slice(0, 2));

    // space is freed; the resumed run keeps the two and reruns the rest
    rmSync(third);
    const resumed = await runSuite(runOptions(s.suite, out, { resume: true }));
    expect(resumed.complete).toBe(true);
    expect(readResults(out).episodes).toEqual(readResults(clean).episodes);
    expect(episodeTexts(out)).toEqual(episodeTexts(clean));
    expect(readAllTrajectories(out).every((t) => t.end && t.problems.length === 0)).toBe(true);
  }, 60_000);

  it("at the start (results.json cannot be written): the run fails before any episode starts", async () => {
    const s = writeTinySuite({ episodes: 2 });
    const out = path.join(s.dir, "full");
    mkdirSync(out);
    symlinkSync("/dev/full", path.join(out, "results.json.tmp"));
    const log = path.join(s.dir, "agent.log");
    const r = cli(["run", "--suite", s.suite, "--agent", AGENT, "--agent-opt", `log=${log}`, "--out", out]);
    expect(r.status).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/full\/results\.json: cannot write the run's output \(ENOSPC: no space left on device, write\)/);
    expect(calls(log).filter((c) => c.event === "reset")).toEqual([]);
  }, 60_000);

  it("when results.json can no longer be written (at the 3rd episode's end, rewritten after every episode): the run stops, results.json keeps 2 episodes, --resume finishes it", async () => {
    const s = writeTinySuite({ episodes: 5 });
    const clean = path.join(s.dir, "clean");
    await runSuite(runOptions(s.suite, clean));
    const out = path.join(s.dir, "full");
    const tmp = path.join(out, "results.json.tmp");
    // once the 2nd episode is in results.json, the disk is full for results.json's next rewrite
    const fill: Reporter = {
      onEpisodeEnd: (key) => void (key === s.ids[1] && symlinkSync("/dev/full", tmp)),
    };
    // resultsIntervalMs 0: that next rewrite is at the 3rd episode's end, not up to a second later
    const err = await runSuite(runOptions(s.suite, out, { reporters: [fill], resultsIntervalMs: 0 })).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.file).toBe(path.join(out, "results.json"));
    expect(err.reason).toMatch(/ENOSPC.*--resume/);
    expect(readResults(out).episodes).toEqual(readResults(clean).episodes.slice(0, 2));
    // the 5th was never started
    expect(existsSync(path.join(out, "episodes", `${s.ids[4]}.jsonl`))).toBe(false);

    rmSync(tmp);
    // the 3rd trajectory is complete though not in results.json: its row is rebuilt from it, only the 4th and 5th run
    const begun: string[] = [];
    await runSuite(runOptions(s.suite, out, { resume: true, reporters: [{ onEpisodeBegin: (key) => void begun.push(key) }] }));
    expect(begun).toEqual(s.ids.slice(3));
    expect(readResults(out)).toEqual({ ...readResults(clean), runId: readResults(out).runId, config: readResults(out).config });
    expect(episodeTexts(out)).toEqual(episodeTexts(clean));
  }, 60_000);

  it("when results.json can no longer be written (default interval): the run fails at the next rewrite naming results.json, and --resume rebuilds every finished episode from its trajectory", async () => {
    const s = writeTinySuite({ episodes: 5 });
    const clean = path.join(s.dir, "clean");
    await runSuite(runOptions(s.suite, clean));
    const out = path.join(s.dir, "full");
    const tmp = path.join(out, "results.json.tmp");
    const fill: Reporter = { onBegin: () => void symlinkSync("/dev/full", tmp) };
    const err = await runSuite(runOptions(s.suite, out, { reporters: [fill] })).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.file).toBe(path.join(out, "results.json"));
    expect(err.reason).toMatch(/ENOSPC.*--resume/);
    const partial = readResults(out);
    expect(partial.complete).toBe(false);
    // results.json is as far as its last write got; the trajectories hold every finished episode
    const finished = readAllTrajectories(out).filter((t) => t.end).map((t) => t.header.episodeId);
    expect(finished.length).toBeGreaterThan(partial.episodes.length);

    rmSync(tmp);
    const begun: string[] = [];
    await runSuite(runOptions(s.suite, out, { resume: true, reporters: [{ onEpisodeBegin: (key) => void begun.push(key) }] }));
    expect(begun).toEqual(s.ids.filter((id) => !finished.includes(id)));
    expect(readResults(out)).toEqual({ ...readResults(clean), runId: readResults(out).runId, config: readResults(out).config });
    expect(episodeTexts(out)).toEqual(episodeTexts(clean));
  }, 60_000);

  for (const workers of [1, 2]) {
    it(`in the middle of an episode (a reporter hits ENOSPC after N lines, --workers ${workers}): later episodes are not started, finished ones are kept, --resume equals a clean run`, async () => {
      const s = writeTinySuite({ episodes: 8 });
      const clean = path.join(s.dir, "clean");
      await runSuite(logged(s.suite, clean, path.join(s.dir, "clean.log")));
      const steps = [...stepCounts(clean).values()];
      expect(steps[2]).toBeGreaterThanOrEqual(2); // the fault lands inside the 3rd episode
      const out = path.join(s.dir, "full");
      const log = path.join(s.dir, "agent.log");
      const options = logged(s.suite, out, log, { workers });
      const err = await runSuite({ ...options, reporters: [diskFullAfter(steps[0]! + steps[1]! + 1)] }).catch((e) => e);
      expect(err).toBeInstanceOf(InputError);
      expect(err.message).toMatch(/ENOSPC: no space left on device, write/);
      const partial = readResults(out);
      expect(partial.complete).toBe(false);
      expect(partial.episodes.map((r) => r.id)).toEqual(s.ids.slice(0, 2));
      // the 3rd trajectory is unfinished (no end line; how much of it is on disk depends on buffering), and no
      // episode was started past the one in flight (with 2 workers: past what the other thread had begun)
      const third = path.join(out, "episodes", `${s.ids[2]}.jsonl`);
      expect(existsSync(third) ? readFileSync(third, "utf8") : "").not.toMatch(/"type":"end"/);
      // one thread: no episode starts after the one the disk filled in; threads run ahead of the writer by design
      if (workers === 1) expect(calls(log).filter((c) => c.event === "reset").map((c) => c.seed)).toEqual([0, 1, 2]); // suite seeds are 0, 1, 2, …

      const resumed = await runSuite({ ...options, resume: true });
      expect(resumed.complete).toBe(true);
      expect(readResults(out).episodes).toEqual(readResults(clean).episodes);
      expect(episodeTexts(out)).toEqual(episodeTexts(clean));
    }, 90_000);
  }
});

describe("a suite that names missing or broken files", () => {
  const cases: Array<{ name: string; edit: (suite: { episodes: Array<Record<string, unknown>> }, dir: string) => void; file: (dir: string, suite: string) => string; where: RegExp; reason: RegExp }> = [
    {
      name: "a missing scene",
      edit: (s) => void (s.episodes[1]!.scene = "no-such.scene.json"),
      file: (_d, suite) => suite,
      where: /^\$\.episodes\[1\]\.scene$/,
      reason: /scene file .*no-such\.scene\.json does not exist/,
    },
    {
      name: "a missing task",
      edit: (s) => void (s.episodes[2]!.task = "tasks/gone.task.json"),
      file: (_d, suite) => suite,
      where: /^\$\.episodes\[2\]\.task$/,
      reason: /task file .*gone\.task\.json does not exist/,
    },
    {
      name: "a scene that breaks the schema",
      edit: (s, dir) => {
        writeFileSync(path.join(dir, "broken.scene.json"), JSON.stringify({ schemaVersion: 1, id: "b", rooms: [], objects: [], agent: { room: "x" } }));
        s.episodes[2]!.scene = "broken.scene.json";
      },
      file: (dir) => path.join(dir, "broken.scene.json"),
      where: /^\$\.rooms$/,
      reason: /.+/,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: an InputError naming file and place before any episode starts`, async () => {
      const s = writeTinySuite({ episodes: 3 });
      const suite = JSON.parse(readFileSync(s.suite, "utf8"));
      c.edit(suite, s.dir);
      writeFileSync(s.suite, JSON.stringify(suite));
      const log = path.join(s.dir, "agent.log");
      const out = path.join(s.dir, "out");
      const err = firstInputError(await runSuite(logged(s.suite, out, log)).catch((e) => e));
      expect(err).toBeInstanceOf(InputError);
      expect(path.resolve(err.file)).toBe(path.resolve(c.file(s.dir, s.suite)));
      expect(err.where).toMatch(c.where);
      expect(err.reason).toMatch(c.reason);
      expect(calls(log)).toEqual([]);
      expect(existsSync(path.join(out, "episodes"))).toBe(false);
    });
  }

  /** A suite of four episodes whose third binds its task to an object the scene lacks; runs it. */
  async function runWithBadBinding(): Promise<{ err: InputError; out: string; ids: string[]; suite: string; task: string }> {
    const s = writeTinySuite({ episodes: 4 });
    const task = JSON.parse(readFileSync(path.join(s.dir, "tasks", "lamp-on.task.json"), "utf8"));
    task.bindings["lamp.n.02_1"] = "lamp_99";
    writeFileSync(path.join(s.dir, "tasks", "bad.task.json"), JSON.stringify(task));
    const suite = JSON.parse(readFileSync(s.suite, "utf8"));
    suite.episodes[2].task = "tasks/bad.task.json";
    writeFileSync(s.suite, JSON.stringify(suite));
    const out = path.join(s.dir, "out");
    const err = firstInputError(await runSuite(runOptions(s.suite, out)).catch((e) => e));
    return { err, out, ids: s.ids, suite: s.suite, task: path.join(s.dir, "tasks", "bad.task.json") };
  }

  it("a task bound to an object the scene lacks: an InputError naming the task file, binding and scene, before any episode runs", async () => {
    const { err, out } = await runWithBadBinding();
    expect(err).toBeInstanceOf(InputError);
    expect(err.file).toMatch(/bad\.task\.json$/);
    expect(err.where).toBe('$.bindings["lamp.n.02_1"]');
    expect(err.reason).toMatch(/scene \S*tiny\.scene\.json has no object "lamp_99"/);
    // every input is checked before the first episode: nothing ran, nothing to resume
    expect(existsSync(path.join(out, "episodes"))).toBe(false);
  });

  it("… and once the task is fixed, the same run goes through as a clean one", async () => {
    const { out, suite, task } = await runWithBadBinding();
    const fixed = JSON.parse(readFileSync(task, "utf8"));
    fixed.bindings["lamp.n.02_1"] = "lamp_1";
    writeFileSync(task, JSON.stringify(fixed));
    await runSuite(runOptions(suite, out));
    const clean = path.join(path.dirname(out), "clean");
    await runSuite(runOptions(suite, clean));
    expect(readResults(out).complete).toBe(true);
    expect(readResults(out).episodes).toEqual(readResults(clean).episodes);
    expect(episodeTexts(out)).toEqual(episodeTexts(clean));
  });
});

describe("a suite of nothing", () => {
  it("a suite file with no episodes is refused at $.episodes before anything runs", async () => {
    const s = writeTinySuite({ episodes: 1, edit: (suite) => void (suite.episodes = []) });
    const err = firstInputError(await runSuite(runOptions(s.suite, path.join(s.dir, "out"))).catch((e) => e));
    expect(err).toBeInstanceOf(InputError);
    expect(err.where).toBe("$.episodes");
    expect(err.reason).toMatch(/at least one episode/);
    expect(existsSync(path.join(s.dir, "out"))).toBe(false);
  });

  it("--episodes matching no episode is refused before anything runs", async () => {
    const s = writeTinySuite({ episodes: 2 });
    await expect(runSuite(runOptions(s.suite, path.join(s.dir, "out"), { episodes: "nothing-*" }))).rejects.toThrow(/matches no episode/);
    expect(existsSync(path.join(s.dir, "out"))).toBe(false);
  });
});
