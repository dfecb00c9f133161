import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../../sim/rng.ts";
import { copyBundledSuite, hasBundledSuite, REPO_ROOT, resultsOf, trajectoriesWithoutTs } from "../workers/run-files.ts";

const HAVE_SUITE = hasBundledSuite("default");
const SLOW_AGENT = path.join(import.meta.dirname, "fixtures", "slow-random-agent.ts");
const EPISODES = 12;
const BIN = path.join(REPO_ROOT, "bin", "rearrange.js");
const ENV = { ...process.env, REARRANGE_LOG_LEVEL: "warn" };

/** `rearrange run` arguments shared by every run of this test (same run id). */
function runArgs(suite: string, out: string): string[] {
  return ["run", "--suite", suite, "--agent", SLOW_AGENT, "--agent-opt", "delayMs=4", "--agent-opt", "doneProbability=0.01", "--out", out, "--json"];
}

function runToEnd(args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", env: ENV });
  if (r.status !== 0) throw new Error(`rearrange ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
}

/**
 * Trajectory files (bytes, timestamps included) of the episodes finished so far: those ending with their end
 * line. The trajectories are the durable record (results.json is rewritten at most once a second), so these
 * are the episodes a resume must keep, untouched, whether results.json lists them yet or not.
 */
function finishedTrajectories(out: string): Map<string, string> {
  const kept = new Map<string, string>();
  const dir = path.join(out, "episodes");
  if (!existsSync(dir)) return kept;
  for (const f of readdirSync(dir)) {
    const file = path.join(dir, f);
    const text = readFileSync(file, "utf8");
    if (text.endsWith("\n") && text.trimEnd().split("\n").pop()!.startsWith('{"type":"end"')) kept.set(file, text);
  }
  return kept;
}

/**
 * Starts a real `node bin/rearrange.js run` and SIGKILLs it `extraMs` after `afterEpisodes` episodes have
 * finished (their trajectories ended; after the run started, for 0).
 * @returns true when the kill interrupted the run (false if it had already finished)
 */
async function runAndKill(args: string[], out: string, afterEpisodes: number, extraMs: number): Promise<boolean> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: ENV, stdio: "ignore" });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  let done = false;
  void exited.then(() => (done = true));
  while (!done && (!existsSync(path.join(out, "results.json")) || finishedTrajectories(out).size < afterEpisodes)) {
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, extraMs));
  child.kill("SIGKILL");
  return (await exited) === "SIGKILL";
}

describe.skipIf(!HAVE_SUITE)("kill -9 during a run, then --resume", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "resume-"));
  const reference = path.join(root, "reference");
  let suite = "";

  beforeAll(() => {
    suite = copyBundledSuite("default", { limit: EPISODES, maxSteps: 60 });
    runToEnd(runArgs(suite, reference));
  }, 300_000);

  // kill points drawn from a seeded generator: [episodes finished before the kill, extra ms]
  const rng = new Rng(20260601);
  const trials = [
    { name: "early, one worker", kills: [[0, rng.int(150)]], workers: 1 },
    { name: "mid-run, one worker", kills: [[1 + rng.int(EPISODES / 2), rng.int(200)]], workers: 1 },
    { name: "late, one worker", kills: [[EPISODES - 3, rng.int(100)]], workers: 1 },
    { name: "twice in a row (the resumed run is killed too)", kills: [[2 + rng.int(3), rng.int(150)], [EPISODES - 4, rng.int(150)]], workers: 1 },
    { name: "two workers", kills: [[2 + rng.int(4), rng.int(150)]], workers: 2 },
  ] as const;

  for (const trial of trials) {
    it(`${trial.name}: the resumed run equals an uninterrupted one, nothing missing or duplicated, finished episodes kept`, async () => {
      const out = path.join(root, trial.name.replace(/\W+/g, "-"));
      const args = [...runArgs(suite, out), "--workers", String(trial.workers)];
      let kept = new Map<string, string>();
      for (const [i, [after, extra]] of trial.kills.entries()) {
        const interrupted = await runAndKill(i === 0 ? args : [...args, "--resume"], out, after, extra);
        expect(interrupted, "the kill came after the run had finished").toBe(true);
        expect(resultsOf(out).complete).toBe(false);
        kept = finishedTrajectories(out);
      }
      expect(kept.size).toBeLessThan(EPISODES);
      runToEnd([...args, "--resume"]);

      const ref = resultsOf(reference, ["workers"]);
      const got = resultsOf(out, ["workers"]);
      expect(got.complete).toBe(true);
      const ids = got.episodes.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(ref.episodes.map((r) => r.id));
      expect(got).toEqual(ref);
      expect(readdirSync(path.join(out, "episodes")).sort()).toEqual(readdirSync(path.join(reference, "episodes")).sort());
      expect(trajectoriesWithoutTs(out)).toEqual(trajectoriesWithoutTs(reference));
      // episodes finished before the last kill were not run again: their files are untouched, timestamps too
      for (const [file, text] of kept) expect(readFileSync(file, "utf8")).toBe(text);
    }, 300_000);
  }

  it("refuses to resume with options that make a different run", () => {
    const out = path.join(root, "early-one-worker");
    const r = spawnSync(process.execPath, [BIN, ...runArgs(suite, out), "--resume", "--max-steps", "5"], { cwd: REPO_ROOT, encoding: "utf8", env: ENV });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/results\.json: \$\.runId: cannot resume/);
  });
});
