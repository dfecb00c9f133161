/**
 * `kill -9` of a real `rearrange run` while an agent hangs in the middle of an episode. What the run leaves
 * must be readable (SPEC §3): the interrupted episode's header and its steps so far are on disk while it runs,
 * and `rescore`, `replay` and `report` read the run folder, naming the interrupted episode, instead of refusing
 * it — also when its trajectory is empty (a kill between opening the file and writing the header, or what an
 * older writer that buffered the header left), which `validate` of that one file still reports.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../workers/run-files.ts";

const BIN = path.join(REPO_ROOT, "bin", "rearrange.js");
const STALL_AGENT = path.join(import.meta.dirname, "fixtures", "stall-agent.ts");
const ENV = { ...process.env, REARRANGE_LOG_LEVEL: "warn" };

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", env: ENV });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const linesOf = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { type: string; t?: number; episodeId?: string });

async function waitFor(what: string, ok: () => boolean, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("kill -9 while the agent hangs mid-episode", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "kill-mid-episode-"));
  const out = path.join(root, "run");
  const marker = path.join(root, "stalled");
  const episodes = path.join(out, "episodes");
  let finished = "";
  let interrupted = "";
  /** The interrupted episode's trajectory, read while the run was still going. */
  let whileRunning: ReturnType<typeof linesOf> = [];

  beforeAll(async () => {
    // smoke: three episodes; the agent finishes the first, hangs at the third step of the second
    const child = spawn(process.execPath, [BIN, "run", "--suite", "smoke", "--agent", STALL_AGENT, "--agent-opt", `marker=${marker}`, "--out", out], { cwd: REPO_ROOT, env: ENV, stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    try {
      await waitFor("the agent to hang", () => existsSync(marker));
      const files = () => readdirSync(episodes).map((f) => path.join(episodes, f));
      const ended = (f: string) => linesOf(f).at(-1)?.type === "end";
      finished = files().find(ended)!;
      interrupted = files().find((f) => !ended(f))!;
      // the two steps before the hang reach the disk while the agent hangs (the writer's flush timer)
      await waitFor("the steps before the hang on disk", () => linesOf(interrupted).length >= 3, 10_000);
      whileRunning = linesOf(interrupted);
    } finally {
      child.kill("SIGKILL");
    }
    expect(await exited).toBe("SIGKILL");
  }, 180_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("the interrupted episode's header and its steps so far were on disk while it ran", () => {
    expect(finished).toBeTruthy();
    expect(interrupted).toBeTruthy();
    expect(whileRunning.map((l) => l.t ?? l.type)).toEqual(["episode", 1, 2]);
    expect(linesOf(interrupted)).toEqual(whileRunning);
  });

  it("rescore, replay and report read the run, naming the interrupted episode", () => {
    const id = whileRunning[0]!.episodeId!;
    const rescored = cli("rescore", out, "--json");
    expect(rescored.stderr).toContain(`${interrupted}: no end line: the episode stopped after 2 step(s)`);
    expect(rescored.status).toBe(0);
    const rows = (JSON.parse(rescored.stdout) as { episodes: Array<{ id: string; steps: number; reason: string | null }> }).episodes;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === id)).toMatchObject({ steps: 2, reason: null });

    const replayed = cli("replay", out, "--json");
    expect(replayed.status).toBe(0);
    expect((JSON.parse(replayed.stdout) as { episodes: Array<{ episodeId: string }> }).episodes.map((e) => e.episodeId)).toContain(id);

    const html = path.join(root, "report.html");
    const reported = cli("report", out, "--out", html, "--iterations", "100");
    expect(reported.status).toBe(0);
    expect(readFileSync(html, "utf8")).toContain(`${path.basename(interrupted)}: no end line`);
  }, 120_000);

  it("… and so they do when its trajectory is empty (killed before the header was written): the other episodes are read", () => {
    truncateSync(interrupted, 0);
    const name = path.basename(interrupted);
    const finishedId = linesOf(finished)[0]!.episodeId!;

    const rescored = cli("rescore", out, "--json");
    expect(rescored.status).toBe(0);
    expect(rescored.stderr).toMatch(new RegExp(`${name}:1: empty trajectory: no episode header line: the episode was interrupted .* not finished`));
    expect((JSON.parse(rescored.stdout) as { episodes: Array<{ id: string }> }).episodes.map((r) => r.id)).toEqual([finishedId]);

    const replayed = cli("replay", out);
    expect(replayed.status).toBe(0);
    expect(replayed.stderr).toContain(name);
    expect(replayed.stdout).toMatch(/replayed 1 episode/);

    const html = path.join(root, "report-empty.html");
    const reported = cli("report", out, "--out", html, "--iterations", "100");
    expect(reported.status).toBe(0);
    expect(readFileSync(html, "utf8")).toMatch(new RegExp(`${name}:1: empty trajectory`));

    // the file on its own is still a problem
    const validated = cli("validate", interrupted);
    expect(validated.status).toBe(1);
    expect(validated.stdout + validated.stderr).toMatch(/empty trajectory: no episode header line/);
  }, 120_000);
});
