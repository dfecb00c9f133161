/**
 * Resource faults: an output folder that cannot be made, a disk that fills up mid-run, a suite naming a
 * missing or broken scene or task, a suite with no episodes. Each gives a clear error before work starts
 * or at the failing episode, and never loses a finished episode's results.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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

  // Fails today: the error surfaces as an unhandled rejection with a stack trace (harness/runner/run-suite.ts:
  // results writer's onBegin throws while nobody awaits the delivery promise). See docs/reliability.md.
  it.fails("… and says so in one line, without an internal-error stack trace", () => {
    const s = writeTinySuite({ episodes: 1 });
    writeFileSync(path.join(s.dir, "a-file"), "x");
    const r = cli(["run", "--suite", s.suite, "--agent", "random", "--out", path.join(s.dir, "a-file", "run")]);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  }, 60_000);

  it.todo("`run --out /proc/x` fails instead of hanging (needs harness/reporters to create folders with makeDirectory)");
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
    expect(r.stderr).toMatch(/ENOSPC/);
    expect(calls(log).filter((c) => c.event === "reset")).toEqual([]);
  }, 60_000);
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
  async function runWithBadBinding(): Promise<{ err: InputError; out: string; ids: string[] }> {
    const s = writeTinySuite({ episodes: 4 });
    const task = JSON.parse(readFileSync(path.join(s.dir, "tasks", "lamp-on.task.json"), "utf8"));
    task.bindings["lamp.n.02_1"] = "lamp_99";
    writeFileSync(path.join(s.dir, "tasks", "bad.task.json"), JSON.stringify(task));
    const suite = JSON.parse(readFileSync(s.suite, "utf8"));
    suite.episodes[2].task = "tasks/bad.task.json";
    writeFileSync(s.suite, JSON.stringify(suite));
    const out = path.join(s.dir, "out");
    const err = firstInputError(await runSuite(runOptions(s.suite, out)).catch((e) => e));
    return { err, out, ids: s.ids };
  }

  it("a task bound to an object the scene lacks: an InputError naming the task file and binding, at that episode", async () => {
    const { err, out, ids } = await runWithBadBinding();
    expect(err).toBeInstanceOf(InputError);
    expect(err.file).toMatch(/bad\.task\.json$/);
    expect(err.where).toBe('$.bindings["lamp.n.02_1"]');
    expect(err.reason).toMatch(/scene has no object "lamp_99"/);
    expect(existsSync(path.join(out, "episodes", `${ids[2]}.jsonl`))).toBe(false);
  });

  // Fails today: results.json is left with no episodes — the two finished before the failure are lost
  // (harness/runner/run-suite.ts errors the event stream before the reporters caught up). See docs/reliability.md.
  it.fails("… and the episodes finished before it are kept in results.json", async () => {
    const { out, ids } = await runWithBadBinding();
    const partial = readResults(out);
    expect(partial.complete).toBe(false);
    expect(partial.episodes.map((r) => r.id)).toEqual(ids.slice(0, 2));
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
