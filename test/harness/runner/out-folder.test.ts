/**
 * `run --out DIR` into a folder that already holds a run: refused (it would overwrite results.json and leave
 * the earlier run's trajectories to be mixed with the new ones by rescore, replay and report) unless `--resume`
 * continues it or `--overwrite` deletes the earlier run's files — results.json and episodes/*.jsonl, nothing else.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { rescore } from "../../../harness/metrics/rescore.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { runOptions, writeTinySuite, type TinySuite } from "../../reliability/helpers/tiny-suite.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(REPO, "bin", "rearrange.js");

/** Every file under `dir` (relative path → bytes). */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      const file = path.join(e.parentPath, e.name);
      out.set(path.relative(dir, file), readFileSync(file, "utf8"));
    }
  }
  return out;
}

let suites: TinySuite[] = [];
const tiny = (o: Parameters<typeof writeTinySuite>[0] = {}) => {
  const s = writeTinySuite(o);
  suites.push(s);
  return s;
};
afterEach(() => {
  for (const s of suites) rmSync(s.dir, { recursive: true, force: true });
  suites = [];
});

describe("run --out into a folder that holds a run", () => {
  it("is refused, naming the folder and what to do, and the earlier run is left as it was", async () => {
    const s = tiny({ episodes: 3 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out));
    const before = snapshot(out);
    const other = tiny({ episodes: 2 });
    await expect(runSuite(runOptions(other.suite, out, { agent: "explorer" }))).rejects.toThrow(
      /out: already holds a run \(results\.json and 3 trajectories in .*episodes\); give --resume to continue it, --overwrite to delete it and run afresh, or another --out/,
    );
    expect(snapshot(out)).toEqual(before);
  }, 60_000);

  it("is refused when only the trajectories are left (results.json deleted)", async () => {
    const s = tiny({ episodes: 2 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out));
    rmSync(path.join(out, "results.json"));
    await expect(runSuite(runOptions(s.suite, out))).rejects.toThrow(/already holds a run \(2 trajectories in /);
  }, 60_000);

  it("an existing folder without a run (an agent's files, notes, a symbolic link in episodes/) is fine, and its files stay", async () => {
    const s = tiny({ episodes: 2 });
    const out = path.join(s.dir, "out");
    mkdirSync(path.join(out, "episodes"), { recursive: true });
    writeFileSync(path.join(out, "notes.txt"), "mine\n");
    symlinkSync(path.join(s.dir, "elsewhere.jsonl"), path.join(out, "episodes", "link.jsonl"));
    await runSuite(runOptions(s.suite, out, { episodes: s.ids[0]! }));
    expect(readFileSync(path.join(out, "notes.txt"), "utf8")).toBe("mine\n");
    expect(existsSync(path.join(out, "results.json"))).toBe(true);
  }, 60_000);

  it("--resume goes on with the run in the folder", async () => {
    const s = tiny({ episodes: 3 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out));
    const begun: string[] = [];
    const results = await runSuite(runOptions(s.suite, out, { resume: true, reporters: [{ onEpisodeBegin: (key) => void begun.push(key) }] }));
    expect(begun).toEqual([]);
    expect(results.episodes.map((r) => r.id)).toEqual(s.ids);
  }, 60_000);

  it("overwrite deletes the earlier run's results.json and trajectories, and nothing else", async () => {
    const s = tiny({ episodes: 4 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out));
    writeFileSync(path.join(out, "notes.txt"), "mine\n");
    writeFileSync(path.join(out, "episodes", "notes.md"), "also mine\n");
    const results = await runSuite(runOptions(s.suite, out, { episodes: s.ids[1]!, agent: "explorer", agentOptions: {}, overwrite: true }));
    expect(results.episodes.map((r) => r.id)).toEqual([s.ids[1]]);
    expect(readdirSync(path.join(out, "episodes")).sort()).toEqual([`${s.ids[1]}.jsonl`, "notes.md"]);
    expect(readFileSync(path.join(out, "notes.txt"), "utf8")).toBe("mine\n");
    // rescore reads the new run alone
    const r = rescore(out);
    expect(r.results.episodes.map((e) => e.id)).toEqual([s.ids[1]]);
    expect(r.problems).toEqual([]);
    expect((r.results.agent as { name: string }).name).toBe("explorer");
  }, 60_000);

  it("overwrite deletes nothing when the new run fails before it starts (a missing scene)", async () => {
    const s = tiny({ episodes: 2 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out));
    const before = snapshot(out);
    const bad = tiny({ episodes: 2, edit: (suite) => void (suite.episodes[1]!.scene = "missing.scene.json") });
    await expect(runSuite(runOptions(bad.suite, out, { overwrite: true }))).rejects.toThrow(/missing\.scene\.json/);
    expect(snapshot(out)).toEqual(before);
  }, 60_000);
});

describe("rearrange run --out over an earlier run", () => {
  const env = { ...process.env, REARRANGE_LOG_LEVEL: "warn" };
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, "run", ...args], { cwd: REPO, encoding: "utf8", env });

  it("exits 1 with the reason (as merge does for a non-empty --out); --overwrite replaces it; --overwrite with --resume is a usage error", () => {
    const s = tiny({ episodes: 2 });
    const out = path.join(s.dir, "out");
    expect(run("--suite", s.suite, "--agent", "random", "--out", out).status).toBe(0);
    const refused = run("--suite", s.suite, "--agent", "explorer", "--out", out);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${out}: already holds a run (results.json and 2 trajectories in ${path.join(out, "episodes")}); give --resume`);
    const both = run("--suite", s.suite, "--out", out, "--resume", "--overwrite");
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/--resume continues the run in --out, --overwrite deletes it/);
    const replaced = run("--suite", s.suite, "--agent", "explorer", "--out", out, "--overwrite", "--episodes", s.ids[0]!, "--json");
    expect(replaced.status).toBe(0);
    expect(readdirSync(path.join(out, "episodes"))).toEqual([`${s.ids[0]}.jsonl`]);
    expect(JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")).agent.name).toBe("explorer");
  }, 120_000);
});
