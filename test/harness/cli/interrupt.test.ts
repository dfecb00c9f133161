/**
 * Stopping `rearrange run` stops its `cmd:` agent: the agent runs in a process group of its own, which a
 * terminal's Ctrl-C does not reach, so the harness must end it — after a second Ctrl-C (exit 130 at once)
 * as after a first SIGTERM (the run finishes the episode in flight, exit 143). A real CLI process and a real
 * agent process whose act blocks; no wall-clock assertion: the agent writes a marker if its blocking call
 * ever completes, and each test waits for either the agent's end or that marker.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { actingPids, agentPids, blockingAgentSpec, isAlive, sleptPids, until } from "../../agents/jsonrpc/agent-processes.ts";
import { writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";

const BIN = path.resolve(import.meta.dirname, "../../../bin/rearrange.js");

/** Starts `rearrange run` with the blocking agent; resolves its exit code and stderr once it ends. */
function startRun(dir: string, sleepMs: number, stepTimeout: number, workers = 1) {
  const suite = writeTinySuite({ episodes: 2, maxSteps: 5 });
  const args = ["run", "--suite", suite.suite, "--agent", blockingAgentSpec(dir, sleepMs), "--step-timeout", String(stepTimeout), "--workers", String(workers), "--out", path.join(dir, "run")];
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, REARRANGE_LOG_LEVEL: "warn" } });
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, stderr: () => stderr };
}

const dirs: string[] = [];
afterEach(() => {
  // whatever a failing test left running (the agents it started) goes with it
  for (const pid of dirs.splice(0).flatMap(agentPids)) if (isAlive(pid)) process.kill(pid, "SIGKILL");
});

describe("rearrange run stops its cmd: agent when it is stopped", () => {
  // with 2 workers, one of the two agent processes is started by a worker thread
  for (const workers of [1, 2]) {
    it(`Ctrl-C twice (--workers ${workers}): exit 130 at once, and every agent busy in act is gone (no orphan)`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "interrupt-twice-"));
      dirs.push(dir);
      // the act blocks 20 s (an orphan then writes its marker, well within the test's time); the step timeout never fires
      const run = startRun(dir, 20_000, 600, workers);
      await until(() => actingPids(dir).size === workers);
      const busy = [...actingPids(dir).keys()];
      run.child.kill("SIGINT");
      await until(() => /SIGINT: finishing the episodes in flight/.test(run.stderr()));
      run.child.kill("SIGINT");
      const { code } = await run.exited;
      expect(code, run.stderr()).toBe(130);
      expect(run.stderr()).toMatch(/SIGINT again: stopping now/);
      // an agent outlived the harness only if nothing killed it: then it runs on (and would write its marker)
      await until(() => busy.every((pid) => !isAlive(pid)) || sleptPids(dir).size > 0);
      expect(busy.filter(isAlive)).toEqual([]);
      expect(agentPids(dir).filter(isAlive)).toEqual([]);
    }, 60_000);
  }

  it("SIGTERM once: the episode in flight times out, its agent is stopped at once, the run ends (143) without waiting for the agent", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "interrupt-term-"));
    dirs.push(dir);
    // the act blocks 6 s: a harness that waited on the busy process (10 s for `close`) would see it finish
    const run = startRun(dir, 6000, 2);
    await until(() => actingPids(dir).size > 0);
    run.child.kill("SIGTERM");
    const { code } = await run.exited;
    expect(code, run.stderr()).toBe(143);
    expect(run.stderr()).toMatch(/SIGTERM: finishing the episodes in flight/);
    expect(run.stderr()).toMatch(/interrupted with \d episode\(s\) finished/);
    const pids = agentPids(dir);
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.filter(isAlive)).toEqual([]);
    expect([...sleptPids(dir).keys()]).toEqual([]);
  }, 60_000);
});
