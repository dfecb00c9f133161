import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { replayPath } from "../../../harness/replay/replay-path.ts";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { InputError } from "../../../sim/errors.ts";
import { copyBundledSuite, hasBundledSuite, REPO_ROOT } from "../workers/run-files.ts";

const HAVE_SUITE = hasBundledSuite("smoke");
const BABBLER = path.join(import.meta.dirname, "fixtures", "babbling-agent.ts");

function cli(...args: string[]) {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, "bin", "rearrange.js"), ...args], { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "warn" } });
}

/** Rewrites line `index` (0-based) of a JSONL file through `edit`. */
function editLine(file: string, index: number, edit: (o: Record<string, unknown>) => void): void {
  const lines = readFileSync(file, "utf8").split("\n");
  const o = JSON.parse(lines[index]!);
  edit(o);
  lines[index] = JSON.stringify(o);
  writeFileSync(file, lines.join("\n"));
}

describe.skipIf(!HAVE_SUITE)("rearrange replay", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "replay-"));
  const runs = { oracle: path.join(root, "oracle"), random: path.join(root, "random"), babble: path.join(root, "babble") };
  let suite = "";
  const copyRun = (from: string) => {
    const to = mkdtempSync(path.join(root, "copy-"));
    cpSync(from, to, { recursive: true });
    return to;
  };

  beforeAll(async () => {
    suite = copyBundledSuite("smoke");
    const base: Omit<RunOptions, "agent" | "out"> = { suite, agentOptions: {}, seed: null, maxSteps: null, stepTimeout: 60, episodes: null, repeat: 1, workers: 1, shard: null, resume: false };
    await runSuite({ ...base, agent: "oracle", out: runs.oracle });
    await runSuite({ ...base, agent: "random", out: runs.random });
    await runSuite({ ...base, agent: BABBLER, out: runs.babble });
  }, 300_000);

  it("--verify exits 0 on a fresh run and recomputes the logged metrics", () => {
    const r = cli("replay", runs.oracle, "--verify");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/every step matches its log/);
    const report = replayPath(runs.random, { verify: true });
    expect(report.divergence).toBeNull();
    expect(report.episodes.length).toBe(3);
    for (const e of report.episodes) {
      expect(e.stepsReplayed).toBe(e.stepsLogged);
      expect(e.metrics).toEqual(e.loggedMetrics);
    }
    expect(report.episodes.some((e) => e.metrics.SR === 1)).toBe(false);
    expect(replayPath(runs.oracle, { verify: true }).episodes.every((e) => e.metrics.SR === 1)).toBe(true);
  });

  it("replays invalid actions from their raw form", () => {
    const report = replayPath(runs.babble, { verify: true });
    expect(report.divergence).toBeNull();
    const traj = readFileSync(path.join(runs.babble, "episodes", "flat-bedside-lamp.jsonl"), "utf8");
    expect(traj).toContain('"type":"invalid","raw":"fly(to, the moon"');
    expect(traj).toContain('"raw":{"type":"teleport","to":"garden"}');
  });

  it("--verify exits 1 naming the episode and step when one step's action was edited", () => {
    const run = copyRun(runs.oracle);
    const file = path.join(run, "episodes", "flat-milk-fridge.jsonl");
    // line 3 is step t=2; send the agent elsewhere
    editLine(file, 2, (o) => (o.action = { type: "navigate", target: "bathroom" }));
    const r = cli("replay", run, "--verify");
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('episode "flat-milk-fridge" at step t=2 (navigate(bathroom))');
    expect(r.stderr).toMatch(/expected .*\n\s+got /);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    // without --verify the replay goes on and reports it, exit 0
    const plain = cli("replay", run);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/flat-milk-fridge .* t=2 /);
  });

  it("names each field that differs, with expected and got (a simulator change shows as feedback/goal status)", () => {
    const run = copyRun(runs.random);
    const file = path.join(run, "episodes", "cottage-radio-on.jsonl");
    editLine(file, 4, (o) => {
      (o.feedback as { message: string }).message = "something else";
      o.satisfied = [0];
    });
    const d = replayPath(run, { verify: true }).divergence!;
    expect(d.episodeId).toBe("cottage-radio-on");
    expect(d.t).toBe(4);
    expect(d.differences.map((x) => x.field)).toEqual(["feedback", "satisfied"]);
    expect((d.differences[0]!.expected as { message: string }).message).toBe("something else");
    expect(d.differences[1]!.got).not.toEqual([0]);
  });

  it("catches a log that goes on after done(), and a reset that differs", () => {
    const run = copyRun(runs.oracle);
    const file = path.join(run, "episodes", "flat-bedside-lamp.jsonl");
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const end = lines.pop()!;
    const last = lines.at(-1)!;
    const extra = { ...JSON.parse(last), t: JSON.parse(last).t + 1 };
    writeFileSync(file, [...lines, JSON.stringify(extra), end].join("\n") + "\n");
    const d = replayPath(file, { verify: true }).divergence!;
    expect(d.t).toBe(extra.t);
    expect(d.differences[0]!.field).toBe("episode");

    const other = path.join(run, "episodes", "cottage-radio-on.jsonl");
    editLine(other, 0, (o) => (o.initiallyObserved = []));
    const reset = replayPath(other, { verify: true }).divergence!;
    expect(reset.t).toBe(0);
    expect(reset.differences.map((x) => x.field)).toEqual(["initiallyObserved"]);
  });

  it("a changed scene file gives a clear message naming the file and both hashes", () => {
    const run = copyRun(runs.random);
    const sceneFile = path.join(path.dirname(suite), "files", "cottage.scene.json");
    const original = readFileSync(sceneFile, "utf8");
    try {
      writeFileSync(sceneFile, `${original}\n`);
      const r = cli("replay", path.join(run, "episodes", "cottage-radio-on.jsonl"), "--verify");
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("line 1, $.scene.hash");
      expect(r.stderr).toContain(`scene file ${sceneFile} changed since the run`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      writeFileSync(sceneFile, original);
    }
  });

  it("a trajectory from an incompatible harness gets a clear message, not a crash", () => {
    const run = copyRun(runs.random);
    const file = path.join(run, "episodes", "flat-milk-fridge.jsonl");
    editLine(file, 0, (o) => {
      o.schemaVersion = 99;
      o.harnessVersion = "9.0.0";
    });
    const r = cli("replay", file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/schemaVersion 99 \(written by rearrange 9\.0\.0\) is not supported/);
    expect(r.stderr).not.toMatch(/internal error/);
  });

  it("a newer harness version with the same schema replays, with a note", () => {
    const run = copyRun(runs.random);
    const file = path.join(run, "episodes", "flat-milk-fridge.jsonl");
    editLine(file, 0, (o) => (o.harnessVersion = "0.0.1-old"));
    const report = replayPath(file, { verify: true });
    expect(report.divergence).toBeNull();
    expect(report.episodes[0]!.notes.join()).toMatch(/written by rearrange 0\.0\.1-old/);
  });

  it("replays an interrupted trajectory (no end line) up to its last complete line", () => {
    const run = copyRun(runs.random);
    const file = path.join(run, "episodes", "flat-bedside-lamp.jsonl");
    const lines = readFileSync(file, "utf8").split("\n");
    writeFileSync(file, `${lines.slice(0, 6).join("\n")}\n`);
    appendFileSync(file, '{"type":"step","t":6,"act');
    const report = replayPath(file, { verify: true });
    expect(report.divergence).toBeNull();
    expect(report.episodes[0]!.stepsReplayed).toBe(5);
    expect(report.episodes[0]!.loggedMetrics).toBeNull();
    expect(report.episodes[0]!.notes.join()).toMatch(/incomplete last line/);
  });

  it("a missing path is an InputError", () => {
    expect(() => replayPath(path.join(root, "nope"), { verify: true })).toThrow(InputError);
    expect(readdirSync(runs.oracle)).toContain("results.json");
  });
});
