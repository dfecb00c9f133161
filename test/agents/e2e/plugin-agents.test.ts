import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { setLogger } from "../../../harness/logger.ts";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { hasSmoke, ROOT, run, SMOKE, tempDir, trajectory } from "./run-helpers.ts";

const hasPython = spawnSync("python3", ["--version"]).status === 0;
beforeAll(() => setLogger(pino({ level: "silent" })));

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "warn" } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!hasSmoke)("agents plugged in from the command line (smoke suite)", () => {
  it("--agent ./test/fixtures/echo-agent.ts loads a TypeScript class with its options and completes the suite", () => {
    const out = tempDir("echo-");
    const r = cli(["run", "--suite", "smoke", "--agent", "./test/fixtures/echo-agent.ts", "--agent-opt", "prefix=heard", "--out", out, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    expect(results.agent).toEqual({ name: "echo", version: "1.0.0" });
    expect(results.complete).toBe(true);
    expect(results.metrics.errors).toBe(0);
    expect(results.episodes.map((e: { doneCalled: boolean }) => e.doneCalled)).toEqual([true, true, true]);
    const steps = trajectory(out, "flat-bedside-lamp").filter((l) => l.type === "step");
    expect(steps[0]!.info).toEqual({ echo: "heard: start" });
    expect(steps[1]!.info.echo).toMatch(/^heard: explored /);
  });

  it.skipIf(!hasPython)('--agent cmd:"python3 agents/python/example_agent.py" completes the suite', () => {
    const out = tempDir("py-");
    const r = cli(["run", "--suite", "smoke", "--agent", "cmd:python3 agents/python/example_agent.py", "--out", out, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    // the name the agent gives in initialize (the example's class sets one)
    expect(results.agent.name).toBe("python-example");
    expect(results.metrics.errors).toBe(0);
    expect(results.episodes.map((e: { reason: string }) => e.reason)).toEqual(["done", "done", "done"]);
    // it searched: every room explored before done()
    const steps = trajectory(out, "cottage-radio-on").filter((l) => l.type === "step");
    expect(steps.at(-1)!.action).toEqual({ type: "done" });
    expect(steps.some((s) => s.action.type === "open")).toBe(true);
  });

  it.skipIf(!hasPython)("a Python agent killed mid-episode fails that episode; the next episode gets a fresh process", async () => {
    const out = tempDir("kill-");
    const pidFile = path.join(out, "agent.pid");
    let killed = false;
    const killer: Reporter = {
      onStep(key, step) {
        if (key === "flat-milk-fridge" && step.t === 2 && !killed) {
          killed = true;
          process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");
        }
      },
    };
    const results = await run({
      suite: SMOKE,
      agent: `cmd:python3 ${path.join(ROOT, "test/fixtures/python/pid_agent.py")}`,
      agentOptions: { env: { AGENT_PID_FILE: pidFile } },
      out,
      reporters: [killer],
    });
    expect(killed).toBe(true);
    const [first, second, third] = results.episodes;
    expect(first!.reason).toBe("done");
    expect(second!.reason).toBe("agent_error");
    expect(second!.error!.message).toMatch(/killed by SIGKILL/);
    expect(third!.reason).toBe("done");
    expect(results.metrics.errors).toBe(1);
    expect(trajectory(out, "flat-milk-fridge").at(-1)).toMatchObject({ type: "end", reason: "agent_error" });
  });
});
