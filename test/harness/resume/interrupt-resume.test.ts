import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { copyBundledSuite, hasBundledSuite, REPO_ROOT, resultsOf, trajectoriesWithoutTs } from "../workers/run-files.ts";

const HAVE_SUITE = hasBundledSuite("default");
const SLOW_AGENT = path.join(import.meta.dirname, "fixtures", "slow-random-agent.ts");
const EPISODES = 12;
const BIN = path.join(REPO_ROOT, "bin", "rearrange.js");
const ENV = { ...process.env, REARRANGE_LOG_LEVEL: "warn" };

/** Keys of the trajectory files in a run folder, each with whether it ends with its end line. */
function trajectoryEnds(out: string): Map<string, boolean> {
  const dir = path.join(out, "episodes");
  const ends = new Map<string, boolean>();
  if (!existsSync(dir)) return ends;
  for (const f of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, f), "utf8");
    ends.set(f.replace(/\.jsonl$/, ""), text.endsWith("\n") && text.trimEnd().split("\n").pop()!.startsWith('{"type":"end"'));
  }
  return ends;
}

/**
 * Starts a real `node bin/rearrange.js run`, waits until `afterEpisodes` trajectories have ended, then sends
 * SIGINT (as Ctrl-C does), and a second one once the first has been announced when `times` is 2; returns the exit
 * code and stderr.
 */
async function runAndInterrupt(args: string[], out: string, afterEpisodes: number, times: 1 | 2): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: ENV, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const ended = () => [...trajectoryEnds(out).values()].filter(Boolean).length;
  while (!done && ended() < afterEpisodes) await new Promise((r) => setTimeout(r, 5));
  child.kill("SIGINT");
  // signals of one kind do not queue: the second goes once the first has been taken
  if (times > 1) {
    while (!done && !stderr.includes("SIGINT:")) await new Promise((r) => setTimeout(r, 2));
    child.kill("SIGINT");
  }
  return { code: await exited, stderr };
}

describe.skipIf(!HAVE_SUITE)("Ctrl-C during a run, then --resume", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "interrupt-"));
  let suite = "";
  const reference = (name: string) => path.join(root, `reference-${name}`);
  const args = {
    // an agent that waits on timers: the event loop turns inside episodes
    slow: (out: string) => ["run", "--suite", suite, "--agent", SLOW_AGENT, "--agent-opt", "delayMs=4", "--agent-opt", "doneProbability=0.01", "--out", out, "--json"],
    // a synchronous agent: its episodes are microtasks only, so the runner must turn the loop between them
    sync: (out: string) => ["run", "--suite", suite, "--agent", "random", "--repeat", "40", "--out", out, "--json"],
  };

  beforeAll(() => {
    suite = copyBundledSuite("default", { limit: EPISODES, maxSteps: 60 });
    for (const [name, make] of Object.entries(args)) {
      const r = spawnSync(process.execPath, [BIN, ...make(reference(name))], { cwd: REPO_ROOT, encoding: "utf8", env: ENV });
      if (r.status !== 0) throw new Error(`reference run ${name} exited ${r.status}: ${r.stderr}`);
    }
  }, 300_000);

  const trials = [
    { name: "slow agent, one worker", agent: "slow", workers: 1, after: 3 },
    { name: "slow agent, two workers", agent: "slow", workers: 2, after: 3 },
    { name: "synchronous agent, one worker", agent: "sync", workers: 1, after: 20 },
  ] as const;

  for (const trial of trials) {
    it(`${trial.name}: the run stops after its episodes in flight, exits 130, lists every finished episode, and --resume completes it`, async () => {
      const out = path.join(root, trial.name.replace(/\W+/g, "-"));
      const runArgs = [...args[trial.agent](out), "--workers", String(trial.workers)];
      const { code, stderr } = await runAndInterrupt(runArgs, out, trial.after, 1);
      expect(code, stderr).toBe(130);
      expect(stderr).toMatch(/SIGINT: finishing the episodes in flight/);
      expect(stderr).toContain(`--resume --out ${out}`);
      // no episode was cut off: each trajectory ended, and results.json lists exactly those
      const ends = trajectoryEnds(out);
      expect([...ends.values()].every(Boolean)).toBe(true);
      const partial = resultsOf(out);
      expect(partial.complete).toBe(false);
      // the run's config as results.json records it: the options a user gave, not the CLI's abort signal
      expect(Object.keys(partial.config).sort()).toEqual(["agent", "agentOptions", "episodes", "maxSteps", "repeat", "seed", "shard", "stepTimeout", "suite", "workers"]);
      expect(partial.episodes.length).toBe(ends.size);
      expect(partial.episodes.length).toBeGreaterThanOrEqual(trial.after);
      expect(partial.episodes.length).toBeLessThan(resultsOf(reference(trial.agent)).episodes.length);

      const resumed = spawnSync(process.execPath, [BIN, ...runArgs, "--resume"], { cwd: REPO_ROOT, encoding: "utf8", env: ENV });
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(resultsOf(out, ["workers"])).toEqual(resultsOf(reference(trial.agent), ["workers"]));
      expect(trajectoriesWithoutTs(out)).toEqual(trajectoriesWithoutTs(reference(trial.agent)));
    }, 300_000);
  }

  it("a second Ctrl-C stops at once; what was written stays readable and --resume completes the run", async () => {
    const out = path.join(root, "twice");
    const runArgs = args.slow(out);
    const { code, stderr } = await runAndInterrupt(runArgs, out, 2, 2);
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/SIGINT again: stopping now/);
    expect(resultsOf(out).complete).toBe(false);
    const resumed = spawnSync(process.execPath, [BIN, ...runArgs, "--resume"], { cwd: REPO_ROOT, encoding: "utf8", env: ENV });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resultsOf(out)).toEqual(resultsOf(reference("slow")));
    expect(trajectoriesWithoutTs(out)).toEqual(trajectoriesWithoutTs(reference("slow")));
  }, 300_000);
});
