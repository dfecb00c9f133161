import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../harness/cli/main.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "option-checks-"));

/** bin/rearrange.js as a user starts it (stdin closed, so `mcp` would end at once if it started). */
function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    input: "",
    timeout: 60_000,
    env: { ...process.env, REARRANGE_LOG_LEVEL: "error" },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

let stderr: string;
beforeEach(() => {
  stderr = "";
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

/**
 * Runs the CLI in process. `run` cases also name an episode no suite has and a scratch --out, so that
 * were a bad value let through, the handler would stop at once (exit 1) rather than run a suite.
 */
async function exitOf(args: string[]): Promise<{ code: number; stderr: string }> {
  const code = await main(args);
  return { code, stderr };
}
const RUN = ["run", "--suite", "smoke", "--episodes", "no-such-episode", "--out", path.join(tmp, "never")];

describe("rearrange run: bad option values are usage errors (exit 2) naming the option", () => {
  it.each([
    [["--max-steps", "abc"], /--max-steps abc: expected a whole number ≥ 1/],
    [["--max-steps", "-5"], /--max-steps -5: expected a whole number ≥ 1/],
    [["--max-steps", "2.5"], /--max-steps 2\.5: expected a whole number ≥ 1/],
    [["--max-steps", "0"], /--max-steps 0: expected a whole number ≥ 1/],
    [["--max-steps"], /Not enough arguments following: max-steps/],
    [["--seed", "1", "--seed", "2"], /--seed was given 2 times \(1, 2\); give it once/],
    [["--seed", "abc"], /--seed abc: expected an integer/],
    [["--seed", "1.5"], /--seed 1\.5: expected an integer/],
    [["--workers", "1.5"], /--workers 1\.5: expected a whole number ≥ 1/],
    [["--workers", "1", "--workers", "2"], /--workers was given 2 times/],
    [["--repeat", "abc"], /--repeat abc: expected a whole number ≥ 1/],
    [["--step-timeout", "-1"], /--step-timeout -1: expected a number > 0/],
    [["--step-timeout", "soon"], /--step-timeout soon: expected a number > 0/],
    [["--suite", "smoke"], /--suite was given 2 times \(smoke, smoke\)/],
    [["--shard", "1/2", "--shard", "2/2"], /--shard was given 2 times/],
    [["--out", path.join(tmp, "again")], /--out was given 2 times/],
  ])("run %j", async (extra, message) => {
    const r = await exitOf([...RUN, ...extra]);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});

describe("the other commands check their numeric options the same way", () => {
  const missing = path.join(tmp, "missing");
  it.each([
    [["export", missing, "--format", "gltf", "--step", "-1"], /--step -1: expected a whole number ≥ 0/],
    [["export", missing, "--format", "gltf", "--step", "1.5"], /--step 1\.5: expected a whole number ≥ 0/],
    [["compare", missing, missing, "--iterations", "abc"], /--iterations abc: expected a whole number ≥ 1/],
    [["compare", missing, missing, "--seed", "1", "--seed", "2"], /--seed was given 2 times/],
    [["report", missing, "--iterations", "2.5"], /--iterations 2\.5: expected a whole number ≥ 1/],
    [["import", "tidybot", missing, "--out", path.join(tmp, "imp"), "--seed", "x"], /--seed x: expected an integer/],
    [["import", "bddl", missing, "--out", path.join(tmp, "imp"), "--seeds", "0"], /--seeds 0: expected a whole number ≥ 1/],
    [["probe", "ranking", "--gt", missing, "--pred", missing, "--timeout", "0"], /--timeout 0: expected a number > 0/],
    [["probe", "ranking", "--gt", missing, "--pred", missing, "--seed", "abc"], /--seed abc: expected an integer/],
    [["probe", "cases", "--from-scene", missing, "--out", path.join(tmp, "pc"), "--copies", "2.5"], /--copies 2\.5: expected a whole number ≥ 1/],
    [["probe", "cases", "--from-scene", missing, "--out", path.join(tmp, "pc"), "--misplace", "0"], /--misplace 0: expected a number in \(0, 1\]/],
    [["probe", "cases", "--from-scene", missing, "--out", path.join(tmp, "pc"), "--test-share", "abc"], /--test-share abc: expected a number from 0 to 1/],
    [["view", missing, "--no-open", "--port", "70000"], /--port 70000: expected a whole number from 0 to 65535/],
    [["view", missing, "--no-open", "--port", "http"], /--port http: expected a whole number from 0 to 65535/],
    [["bench", "--reps", "1.5"], /--reps 1\.5: expected a whole number ≥ 1/],
    [["bench", "--reps", "1", "--reps", "2"], /--reps was given 2 times/],
  ])("%j", async (args, message) => {
    const r = await exitOf(args);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
  });

  it("export --step takes a whole number (the file is then looked for: exit 1)", async () => {
    const r = await exitOf(["export", missing, "--format", "gltf", "--step", "3"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(missing);
  });
});

describe("bin/rearrange.js (as QA ran it)", () => {
  it("exits 2 on the values QA found accepted silently", () => {
    for (const [extra, message] of [
      [["--max-steps", "abc"], /--max-steps abc: expected a whole number ≥ 1\nRun 'rearrange --help' for usage\./],
      [["--max-steps", "-5"], /--max-steps -5: expected/],
      [["--max-steps", "2.5"], /--max-steps 2\.5: expected/],
      [["--seed", "1", "--seed", "2"], /--seed was given 2 times/],
    ] as const) {
      const r = cli(...RUN, ...extra);
      expect(r.stderr).toMatch(message);
      expect(r.status).toBe(2);
    }
  });

  it("treats repeated --episodes as comma alternatives, and passes checked values on to the run", () => {
    const out = path.join(tmp, "episodes");
    const r = cli("run", "--suite", "smoke", "--episodes", "flat-bedside*", "--episodes", "flat-milk*", "--max-steps", "3", "--seed", "7", "--out", out, "--json");
    expect(r.stderr).not.toMatch(/internal error|glob\.split/);
    expect(r.status, r.stderr).toBe(0);
    const results = JSON.parse(r.stdout);
    expect(results.config).toMatchObject({ episodes: "flat-bedside*,flat-milk*", maxSteps: 3, seed: 7 });
    expect(results.episodes.map((e: { id: string }) => e.id).sort()).toEqual(["flat-bedside-lamp", "flat-milk-fridge"]);
    for (const e of results.episodes) expect(e.steps).toBeLessThanOrEqual(3);
  });

  it("documents the checked ranges and the repeatable --episodes in --help", () => {
    const help = cli("run", "--help").stdout;
    expect(help).toMatch(/--max-steps\s+override every episode's step budget \(whole number ≥ 1\)/);
    expect(help).toMatch(/--episodes\s+glob over episode ids; alternatives comma-separated[\s\S]*repeated --episodes/);
  });

  it("mcp checks --seed and --max-steps before serving", () => {
    const seed = cli("mcp", "--suite", "smoke", "--seed", "abc", "--out", path.join(tmp, "mcp"));
    expect(seed.stderr).toMatch(/--seed abc: expected an integer/);
    expect(seed.status).toBe(2);
    const steps = cli("mcp", "--suite", "smoke", "--max-steps", "2.5", "--out", path.join(tmp, "mcp"));
    expect(steps.stderr).toMatch(/--max-steps 2\.5: expected a whole number ≥ 1/);
    expect(steps.status).toBe(2);
  });
});
